import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idempotencyMessages, IDEMPOTENCY_KEY_LIFETIME_MS } from '../../src/domain/idempotency.ts';
import { workMessages } from '../../src/domain/product-cost.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { sweepExpired } from '../../src/server/auth/housekeeping.ts';
import { createEmployee } from '../support/employees.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';
import { startRequest } from '../support/records.ts';

const t = await createTestApp();
const workerId = await createEmployee(t, { user_name: 'press1', password: 'press-pass' });
await createEmployee(t, { user_name: 'press2', password: 'press-pass' });
const worker = await t.signIn('press1', 'press-pass');
const otherWorker = await t.signIn('press2', 'press-pass');

const startBody = (slip_no = '4711') => startRequest([workerId], { slip_no });

/** One press of a button as the work screen sends it: with its key. */
function press(client: TestClient, key: string, url: string, payload?: unknown) {
  return client.request({ method: 'POST', url, payload: payload as string | undefined, headers: { 'idempotency-key': key } });
}

/** Sends a press twice with one key: the second answer must be the first, exactly. */
async function pressTwice(url: string, payload?: unknown) {
  const key = randomUUID();
  const first = await press(worker, key, url, payload);
  const second = await press(worker, key, url, payload);
  expect(first.statusCode, first.body).toBeLessThan(300);
  expect(second.statusCode).toBe(first.statusCode);
  expect(second.body).toBe(first.body);
  expect(second.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  return first.json();
}

const countRows = async (table: 'setup_times' | 'setup_break_times' | 'break_times' | 'nowork_times', recordId: number) =>
  (await t.database.db.selectFrom(table).select('id').where('product_cost_id', '=', recordId).execute()).length;

const recordsWithSlip = async (slip: string) =>
  (await t.database.db.selectFrom('product_costs').select('id').where('slip_no', '=', slip).execute()).length;

const versionOf = async (id: number) =>
  (await t.database.db.selectFrom('product_costs').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

describe('a press sent again with its key', () => {
  it('answers every action exactly as the first time and records each once', async () => {
    const started = await pressTwice('/api/productcost/start', startBody('1001'));
    const id = started.product_cost.id as number;
    expect(await recordsWithSlip('1001')).toBe(1);

    const setup = await pressTwice(`/api/productcost/setup/start/${id}`);
    expect(setup.state).toBe(WorkState.SettingUp);
    const setupBreak = await pressTwice(`/api/productcost/setup/break/${setup.setup_time_id}`, { interruption_id: 2 });
    expect(setupBreak.state).toBe(WorkState.SetupInterrupted);
    expect((await pressTwice(`/api/productcost/setup/restart/${setupBreak.setup_break_time_id}`)).state).toBe(WorkState.SettingUp);
    expect((await pressTwice(`/api/productcost/setup/finish/${setup.setup_time_id}`)).state).toBe(WorkState.Working);
    const pause = await pressTwice(`/api/productcost/break/${id}`, { interruption_id: 1 });
    expect(pause.state).toBe(WorkState.WorkInterrupted);
    expect((await pressTwice(`/api/productcost/restart/${pause.break_time_id}`)).state).toBe(WorkState.Working);
    const nowork = await pressTwice(`/api/productcost/nowork/start/${id}`, { superior: 10 });
    expect(nowork.state).toBe(WorkState.EndOfDay);
    expect((await pressTwice(`/api/productcost/nowork/finish/${nowork.nowork_time_id}`)).state).toBe(WorkState.Working);
    expect((await pressTwice(`/api/productcost/finish/${id}`, { superior: 20 })).state).toBe(WorkState.Finished);

    for (const table of ['setup_times', 'setup_break_times', 'break_times', 'nowork_times'] as const) {
      expect(await countRows(table, id), table).toBe(1);
    }
    // One version step per action: the replays moved nothing on.
    expect(await versionOf(id)).toBe(10);
  });

  it('answers a refusal again too, even once the action would be allowed', async () => {
    const { product_cost } = (await worker.post('/api/productcost/start', startBody('1002'))).json();
    const pause = (await worker.post(`/api/productcost/break/${product_cost.id}`, { interruption_id: 1 })).json();
    const key = randomUUID();
    const refused = await press(worker, key, `/api/productcost/setup/start/${product_cost.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ result: false, errorMessage: workMessages.notAllowedNow });

    await worker.post(`/api/productcost/restart/${pause.break_time_id}`);
    const again = await press(worker, key, `/api/productcost/setup/start/${product_cost.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(refused.body);
    expect(await countRows('setup_times', product_cost.id)).toBe(0);
  });

  it('creates one record when the same start arrives twice at once', async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => press(worker, key, '/api/productcost/start', startBody('1003'))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json().product_cost.id)).size).toBe(1);
    expect(await recordsWithSlip('1003')).toBe(1);
  });

  it('records one break when the same break arrives twice at once, and answers both alike', async () => {
    const { product_cost } = (await worker.post('/api/productcost/start', startBody('1005'))).json();
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() => press(worker, key, `/api/productcost/break/${product_cost.id}`, { interruption_id: 1 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.body).toBe(answers[0]!.body);
    expect(await countRows('break_times', product_cost.id)).toBe(1);
  });

  it('runs as before without the header', async () => {
    await worker.post('/api/productcost/start', startBody('1004'));
    await worker.post('/api/productcost/start', startBody('1004'));
    expect(await recordsWithSlip('1004')).toBe(2);
  });
});

describe('a key used for another request', () => {
  it('is refused with 422 and changes nothing, whether the body or the path differs', async () => {
    const key = randomUUID();
    const first = (await press(worker, key, '/api/productcost/start', startBody('2001'))).json();
    const otherBody = await press(worker, key, '/api/productcost/start', startBody('2002'));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ result: false, errorMessage: idempotencyMessages.otherRequest });
    expect(await recordsWithSlip('2002')).toBe(0);

    const otherPath = await press(worker, key, `/api/productcost/setup/start/${first.product_cost.id}`);
    expect(otherPath.statusCode).toBe(422);
    expect(await countRows('setup_times', first.product_cost.id)).toBe(0);

    const pauseKey = randomUUID();
    await press(worker, pauseKey, `/api/productcost/break/${first.product_cost.id}`, { interruption_id: 1 });
    const otherReason = await press(worker, pauseKey, `/api/productcost/break/${first.product_cost.id}`, { interruption_id: 2 });
    expect(otherReason.statusCode).toBe(422);
  });

  it('belongs to its user: another worker with the same key gets an answer of their own', async () => {
    const key = randomUUID();
    const mine = (await press(worker, key, '/api/productcost/start', startBody('3001'))).json();
    const theirs = await press(otherWorker, key, '/api/productcost/start', startBody('3001'));
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().product_cost.id).not.toBe(mine.product_cost.id);
    expect(await recordsWithSlip('3001')).toBe(2);
  });

  it('must be a UUID', async () => {
    for (const key of ['press-1', '', '0b7c5e2a3f1d4c8e9a6b2d4f6e8a0c1e']) {
      const response = await press(worker, key, '/api/productcost/start', startBody('4001'));
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ result: false, errorMessage: idempotencyMessages.badKey });
    }
    expect(await recordsWithSlip('4001')).toBe(0);
  });
});

describe('expiry', () => {
  const age = (key: string, ms: number) =>
    t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('key', '=', key)
      .execute();

  it('forgets a key after 24 hours: the press then counts as a new one', async () => {
    const key = randomUUID();
    const first = (await press(worker, key, '/api/productcost/start', startBody('5001'))).json();
    await age(key, IDEMPOTENCY_KEY_LIFETIME_MS - 60_000);
    expect((await press(worker, key, '/api/productcost/start', startBody('5001'))).json().product_cost.id).toBe(first.product_cost.id);
    await age(key, IDEMPOTENCY_KEY_LIFETIME_MS + 60_000);
    const later = await press(worker, key, '/api/productcost/start', startBody('5001'));
    expect(later.statusCode).toBe(201);
    expect(later.json().product_cost.id).not.toBe(first.product_cost.id);
    expect(await recordsWithSlip('5001')).toBe(2);
  });

  it('sweeps the expired keys out of the database with the other expired rows, and keeps the others', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    await press(worker, old, '/api/productcost/start', startBody('5002'));
    await press(worker, fresh, '/api/productcost/start', startBody('5003'));
    await age(old, IDEMPOTENCY_KEY_LIFETIME_MS + 60_000);
    expect((await sweepExpired(t.database.db, t.app.sessions)).idempotencyKeys).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });
});
