import { describe, expect, it } from 'vitest';
import { settingMessages } from '../../src/domain/settings.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/** The server's clock, which each test moves: 要確認 is decided by it. */
let now = new Date('2026-11-24T00:00:00.000Z');
const t = await createTestApp({}, {}, { clock: () => now });
const workerId = await createEmployee(t, { user_name: 'stale', password: 'stale-pass' });
const worker = await t.signIn('stale', 'stale-pass');
const admin = await t.signIn();

const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3600_000);
const HOUR = 3600_000;

async function rowOf(id: number) {
  const response = await worker.get('/api/productcost?started_from=2026-11-01&started_to=2026-11-30');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Array<{ id: number; stale: boolean; state: number }>).find((row) => row.id === id)!;
}

const recordOf = async (id: number) => {
  const response = await worker.get(`/api/productcost/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { stale: boolean; state: number; break_time: { id: number } | null };
};

/** A record whose last action (its start, here) was at `at`. */
async function recordLastTouchedAt(at: string, state: WorkState) {
  const id = await createWorkRecord(t, { state, started_on: at, workers: [workerId] });
  await t.database.db.updateTable('product_costs').set({ updated_at: at }).where('id', '=', id).execute();
  return id;
}

describe('要確認 in GET /api/productcost', () => {
  it('flags a job in progress with no action for longer than 要確認までの時間 (12 hours at first)', async () => {
    const at = '2026-11-20T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.Working);
    now = hoursAfter(at, 12);
    expect(await rowOf(id)).toMatchObject({ stale: false, state: WorkState.Working });
    now = new Date(hoursAfter(at, 12).getTime() + 1000);
    expect(await rowOf(id)).toMatchObject({ stale: true, state: WorkState.Working });
  });

  it('goes when an action is pressed', async () => {
    const at = '2026-11-21T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.Working);
    now = hoursAfter(at, 20);
    expect((await rowOf(id)).stale).toBe(true);
    expect((await worker.post(`/api/productcost/break/${id}`, { interruption_id: 1, interruption_other: '' })).statusCode).toBe(200);
    expect((await rowOf(id)).stale).toBe(false);
  });

  it('goes when an administrator finishes the job in the record editor', async () => {
    const at = '2026-11-22T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.Working);
    now = hoursAfter(at, 30);
    expect((await rowOf(id)).stale).toBe(true);
    const record = (await admin.get(`/api/productcost/edit/${id}`)).json();
    const { history: _h, time_zone: _z, total_defective: _t, defective_rate: _d, ...editable } = record;
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable, finished_on: '2026/11/22 18:00' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ stale: false, state: WorkState.Finished });
  });

  it('stays when an administrator saves the job in the record editor without changing anything', async () => {
    const at = '2026-11-22T10:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.Working);
    now = hoursAfter(at, 30);
    const record = await loadForEdit(admin, id);
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: editable(record) });
    expect(saved.json()).toEqual({ result: true, version: record.version });
    expect(await rowOf(id)).toMatchObject({ stale: true, state: WorkState.Working });
  });

  it("is in the record editor's read too, by the same rule", async () => {
    const at = '2026-11-23T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.Working);
    now = hoursAfter(at, 12);
    expect(await loadForEdit(admin, id)).toMatchObject({ stale: false, state: WorkState.Working });
    now = new Date(hoursAfter(at, 12).getTime() + 1000);
    expect(await loadForEdit(admin, id)).toMatchObject({ stale: true, state: WorkState.Working });
  });

  it('never flags a finished job', async () => {
    const id = await createWorkRecord(t, {
      started_on: '2026-11-02T00:00:00.000Z',
      finished_on: '2026-11-02T01:00:00.000Z',
      workers: [workerId],
    });
    now = new Date('2026-11-29T00:00:00.000Z');
    expect((await rowOf(id)).stale).toBe(false);
    expect(await recordOf(id)).toMatchObject({ stale: false, state: WorkState.Finished });
  });

  it('follows the setting 要確認までの時間, which administrators set', async () => {
    const at = '2026-11-23T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.SettingUp);
    now = hoursAfter(at, 3);
    expect((await rowOf(id)).stale).toBe(false);
    expect((await worker.put('/api/setting', { setting: { stale_after_hours: 2 } })).statusCode).toBe(403);
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 2 } })).statusCode).toBe(200);
    expect((await worker.get('/api/setting')).json()).toEqual({ stale_after_hours: 2 });
    expect((await rowOf(id)).stale).toBe(true);
    now = new Date(Date.parse(at) + 2 * HOUR);
    expect((await rowOf(id)).stale).toBe(false);
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 12 } })).statusCode).toBe(200);
  });
});

describe('要確認 in GET /api/productcost/{id}', () => {
  it('is the list row flag, by the same rule: past 要確認までの時間, as the setting says, until an action', async () => {
    const at = '2026-11-25T09:00:00.000Z';
    const id = await recordLastTouchedAt(at, WorkState.WorkInterrupted);
    const bothFlags = async () => [(await recordOf(id)).stale, (await rowOf(id)).stale];
    now = hoursAfter(at, 12);
    expect(await bothFlags()).toEqual([false, false]);
    now = new Date(hoursAfter(at, 12).getTime() + 1000);
    expect(await bothFlags()).toEqual([true, true]);

    now = hoursAfter(at, 5);
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 4 } })).statusCode).toBe(200);
    expect(await bothFlags()).toEqual([true, true]);
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 12 } })).statusCode).toBe(200);

    now = hoursAfter(at, 20);
    const broken = await recordOf(id);
    expect(broken).toMatchObject({ stale: true, state: WorkState.WorkInterrupted });
    const restart = await worker.post(`/api/productcost/restart/${broken.break_time!.id}`);
    expect(restart.statusCode, restart.body).toBe(200);
    expect(await bothFlags()).toEqual([false, false]);
  });
});

describe('GET and PUT /api/setting', () => {
  it('starts at 12 hours', async () => {
    const fresh = await createTestApp();
    expect((await (await fresh.signIn()).get('/api/setting')).json()).toEqual({ stale_after_hours: 12 });
  });

  it('refuses what is not a whole number of hours from 1 to 720, in Japanese, and keeps the value', async () => {
    for (const wrong of [0, 721, 1.5, '12', null]) {
      const response = await admin.put('/api/setting', { setting: { stale_after_hours: wrong } });
      expect(response.statusCode, String(wrong)).toBe(400);
      expect(response.json().errorMessage).toBe(settingMessages.staleAfterHours);
    }
    expect((await admin.get('/api/setting')).json()).toEqual({ stale_after_hours: 12 });
  });

  it('writes who changed it in the audit log', async () => {
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 24 } })).statusCode).toBe(200);
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.after_json!)).toEqual({ stale_after_hours: 24 });
    expect((await admin.put('/api/setting', { setting: { stale_after_hours: 12 } })).statusCode).toBe(200);
  });
});
