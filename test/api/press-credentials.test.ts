import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRESS_CREDENTIAL_HEADER, pressCredentialMessages } from '../../src/domain/press-credential.ts';
import { pressMessages } from '../../src/domain/pressed-at.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { PRESS_CREDENTIAL_REACH } from '../../src/server/auth/station-reach.ts';
import { createWorkRecord, startRequest } from '../support/records.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';

/**
 * Press credentials: a station's outbox sends a worker's presses made offline as that worker, after
 * their PIN session ended and another worker signed in, and as no one else.
 */
const t = await createTestApp();
const admin = await t.signIn();
const db = t.database.db;

async function giveWorker(last_name: string, pin: string): Promise<number> {
  const created = await admin.post('/api/employee', {
    employee: { last_name, first_name: '一郎', last_phonetic_name: 'サトウ', first_phonetic_name: 'イチロウ', pin },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

async function boundTablet(): Promise<{ tablet: TestClient; stationId: number }> {
  const created = (await admin.post('/api/station', { station: { name: `端末${randomUUID().slice(0, 8)}` } })).json();
  const tablet = await t.visitor();
  expect((await tablet.post('/api/station/bind', { code: created.code })).statusCode).toBe(200);
  return { tablet, stationId: created.id as number };
}

async function signInByPin(tablet: TestClient, employeeId: number, pin: string): Promise<string> {
  expect((await tablet.post('/api/login/pin', { employee_id: employeeId, pin })).statusCode).toBe(200);
  const issued = await tablet.post('/api/station/press_credential');
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json().token as string;
}

/** A press as the outbox sends it: its key, its time, its worker's credential. */
function sendPress(tablet: TestClient, credential: string, url: string, body: Record<string, unknown>, key = randomUUID()) {
  return tablet.request({
    method: 'POST',
    url,
    payload: { ...body, pressed_at: new Date(Date.now() - 60_000).toISOString() },
    headers: { [PRESS_CREDENTIAL_HEADER]: credential, 'idempotency-key': key },
  });
}

const workerA = await giveWorker('佐藤', '1111');
const workerB = await giveWorker('井上', '2222');

describe('a press credential', () => {
  it('sends worker A’s offline press as A after A signed out and B signed in', async () => {
    const { tablet } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    expect((await tablet.post('/api/logout')).statusCode).toBe(200);
    await signInByPin(tablet, workerB, '2222');

    const key = randomUUID();
    const paused = await sendPress(tablet, credentialA, `/api/productcost/break/${id}`, { interruption_id: 1 }, key);
    expect(paused.statusCode, paused.body).toBe(200);
    const record = await db.selectFrom('product_costs').select('updated_by').where('id', '=', id).executeTakeFirstOrThrow();
    expect(record.updated_by).toBe(workerA);
    const audits = await db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'product_costs')
      .where('entity_id', '=', id)
      .execute();
    const fromOutbox = audits.filter((row) => JSON.parse(row.after_json ?? 'null')?.note === pressMessages.recordedFromOutbox);
    expect(fromOutbox.map((row) => row.actor_id)).toEqual([workerA]);
    // The key is A's: B's session knows nothing of it.
    const kept = await db.selectFrom('idempotency_keys').select('employee_id').where('key', '=', key).execute();
    expect(kept).toEqual([{ employee_id: workerA }]);
    // B is still the one signed in on the tablet.
    expect((await tablet.get('/api/user/info')).json().employee_id).toBe(workerB);
  });

  it('starts a job offline as its worker, with no one signed in', async () => {
    const { tablet } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    expect((await tablet.post('/api/logout')).statusCode).toBe(200);
    const started = await sendPress(tablet, credentialA, '/api/productcost/start', startRequest([workerA]));
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().product_cost.id as number;
    const record = await db.selectFrom('product_costs').select('created_by').where('id', '=', id).executeTakeFirstOrThrow();
    expect(record.created_by).toBe(workerA);
  });

  it('works from its own station only', async () => {
    const { tablet } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    const { tablet: other } = await boundTablet();
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    const refused = await sendPress(other, credentialA, `/api/productcost/break/${id}`, { interruption_id: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorMessage).toBe(pressCredentialMessages.refused);
    // Nor from a browser that is no station at all.
    const fromOffice = await sendPress(admin, credentialA, `/api/productcost/break/${id}`, { interruption_id: 1 });
    expect(fromOffice.statusCode).toBe(403);
  });

  it('never falls back to the signed-in worker when it is refused', async () => {
    const { tablet } = await boundTablet();
    await signInByPin(tablet, workerB, '2222');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    const forged = await sendPress(tablet, 'A'.repeat(43), `/api/productcost/break/${id}`, { interruption_id: 1 });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errorMessage).toBe(pressCredentialMessages.refused);
    expect(await db.selectFrom('break_times').selectAll().where('product_cost_id', '=', id).execute()).toEqual([]);
  });

  it('does the work actions only', async () => {
    const { tablet } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    const outside = t.app.apiRoutes.filter((route) => !PRESS_CREDENTIAL_REACH.has(`${route.method} ${route.url}`) && !route.stream);
    for (const route of outside) {
      const response = await tablet.request({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/, '1'),
        headers: { [PRESS_CREDENTIAL_HEADER]: credentialA },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('needs X-Requested-With like every mutating call', async () => {
    const { tablet } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    const refused = await tablet.request({
      method: 'POST',
      url: `/api/productcost/break/${id}`,
      payload: { interruption_id: 1 },
      headers: { [PRESS_CREDENTIAL_HEADER]: credentialA, 'x-requested-with': '' },
    });
    expect(refused.statusCode).toBe(419);
  });

  it('ends with the worker’s sessions (a new PIN) and with its station', async () => {
    const { tablet, stationId } = await boundTablet();
    const credentialA = await signInByPin(tablet, workerA, '1111');
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerA] });
    const changed = await admin.put(`/api/employee/${workerA}`, {
      employee: { last_name: '佐藤', first_name: '一郎', last_phonetic_name: 'サトウ', first_phonetic_name: 'イチロウ', pin: '3333' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sendPress(tablet, credentialA, `/api/productcost/break/${id}`, { interruption_id: 1 })).statusCode).toBe(403);

    await tablet.loadPage();
    const credentialAgain = await signInByPin(tablet, workerA, '3333');
    expect((await admin.delete(`/api/station/${stationId}`)).statusCode).toBe(200);
    expect((await sendPress(tablet, credentialAgain, `/api/productcost/break/${id}`, { interruption_id: 1 })).statusCode).toBe(403);
    expect(await db.selectFrom('press_credentials').selectAll().where('station_id', '=', stationId).execute()).toEqual([]);
  });

  it('is issued to a PIN session on its own station only', async () => {
    const { tablet } = await boundTablet();
    const nobody = await tablet.post('/api/station/press_credential');
    expect(nobody.statusCode).toBe(403);
    expect(nobody.json().errorMessage).toBe(pressCredentialMessages.stationOnly);
    // A password session on a bound station gets none either.
    expect((await tablet.post('/api/login', { user_name: 'admin', password: 'admin-password' })).statusCode).toBe(200);
    expect((await tablet.post('/api/station/press_credential')).json().errorMessage).toBe(pressCredentialMessages.stationOnly);
    // Nor a browser that is no station.
    expect((await admin.post('/api/station/press_credential')).statusCode).toBe(403);
  });

  it('is kept only as a keyed hash, and expires after a day', async () => {
    const { tablet } = await boundTablet();
    const before = Date.now();
    const credential = await signInByPin(tablet, workerA, '3333');
    const rows = await db.selectFrom('press_credentials').selectAll().where('employee_id', '=', workerA).execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(credential);
    const latest = Math.max(...rows.map((row) => Date.parse(String(row.expires_at))));
    expect(latest - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(latest - before).toBeLessThanOrEqual(24 * 3600_000 + 5000);
  });
});
