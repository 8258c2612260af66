import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as endCallsOfFinishedJobs } from '../../src/server/db/migrations/202611270100_calls_end_with_job.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/** The server's clock, which the tests move: a call's wait and a finish's time are read from it. */
let now = new Date('2026-11-24T01:00:00.000Z');
const t = await createTestApp({}, {}, { clock: () => now });
const workerId = await createEmployee(t, { user_name: 'worker', password: 'worker-pass', last_name: '田中', first_name: '一郎' });
const worker = await t.signIn('worker', 'worker-pass');
const admin = await t.signIn();

const MAINTENANCE = 3; // 保全依頼
const minutesAfter = (minutes: number) => new Date(Date.parse('2026-11-24T01:00:00.000Z') + minutes * 60_000);
const callsOf = (recordId: number) => t.database.db.selectFrom('calls').selectAll().where('product_cost_id', '=', recordId).execute();
const openCallOf = async (recordId: number) => {
  const response = await worker.get(`/api/productcost/call/${recordId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().call;
};

/** A job started at 00:30 UTC with a call for help made at 01:00, the clock's start. */
async function jobWithOpenCall(slip: string) {
  now = minutesAfter(0);
  const id = await createWorkRecord(t, {
    slip_no: slip,
    state: WorkState.Working,
    started_on: '2026-11-24T00:30:00.000Z',
    workers: [workerId],
  });
  const call = await worker.post(`/api/productcost/call/${id}`, { call_reason_id: MAINTENANCE });
  expect(call.statusCode, call.body).toBe(200);
  return { id, callId: call.json().call_id as number };
}

describe('GET /api/productcost/call/{id}', () => {
  it("answers the record's open call with its reason and time, and none once it is answered", async () => {
    const { id, callId } = await jobWithOpenCall('101');
    expect(await openCallOf(id)).toEqual({ id: callId, reason: '保全依頼', called_at: '2026-11-24T10:00:00+09:00' });
    expect((await worker.post(`/api/productcost/call/answer/${callId}`)).statusCode).toBe(200);
    expect(await openCallOf(id)).toBeNull();
  });

  it('answers 404 for a record that does not exist and 401 to someone signed out', async () => {
    expect((await worker.get('/api/productcost/call/999999')).statusCode).toBe(404);
    const { id } = await jobWithOpenCall('102');
    expect((await (await t.visitor()).get(`/api/productcost/call/${id}`)).statusCode).toBe(401);
  });
});

describe('a call for help when its job finishes', () => {
  it('ends at the finish with nobody as its answerer, and waits no longer', async () => {
    const { id, callId } = await jobWithOpenCall('103');
    now = minutesAfter(7);
    const finish = await worker.post(`/api/productcost/finish/${id}`, {
      superior: 100,
      wound: 0,
      size: 0,
      miss: 0,
      other: 0,
      process2: '',
    });
    expect(finish.statusCode, finish.body).toBe(200);
    const [call] = await callsOf(id);
    expect(call).toMatchObject({ id: callId, answered_by: null });
    expect(new Date(call!.answered_at!).toISOString()).toBe(minutesAfter(7).toISOString());
    expect(await openCallOf(id)).toBeNull();
    now = minutesAfter(60);
    const [shown] = (await loadForEdit(admin, id)).calls;
    expect(shown).toMatchObject({
      answered_at: '2026-11-24T10:07:00+09:00',
      answered_by_name: '',
      ended_by_finish: true,
      waited_seconds: 420,
    });
  });

  it('ends at the call itself when a correction puts the finish before it', async () => {
    const { id } = await jobWithOpenCall('104');
    now = minutesAfter(30);
    const record = await loadForEdit(admin, id);
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable(record), finished_on: '2026/11/24 09:50' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [shown] = (await loadForEdit(admin, id)).calls;
    expect(shown).toMatchObject({
      called_at: '2026-11-24T10:00:00+09:00',
      answered_at: '2026-11-24T10:00:00+09:00',
      ended_by_finish: true,
      waited_seconds: 0,
    });
  });

  it('ends now, not in the future, when a correction gives the job a finish minutes later than now, as clocks that differ allow', async () => {
    const { id } = await jobWithOpenCall('108');
    now = minutesAfter(30);
    const record = await loadForEdit(admin, id);
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable(record), finished_on: '2026/11/24 10:34' } });
    expect(saved.statusCode, saved.body).toBe(200);
    now = minutesAfter(300);
    const [shown] = (await loadForEdit(admin, id)).calls;
    expect(shown).toMatchObject({ answered_at: '2026-11-24T10:30:00+09:00', ended_by_finish: true, waited_seconds: 1_800 });
  });

  it('stays open while the job is only corrected, not finished', async () => {
    const { id, callId } = await jobWithOpenCall('105');
    const record = await loadForEdit(admin, id);
    expect((await admin.put(`/api/productcost/${id}`, { productcost: { ...editable(record), slip_no: '1050' } })).statusCode).toBe(200);
    expect(await openCallOf(id)).toMatchObject({ id: callId });
  });

  it('left open by a finish before this version, ends at that finish when the database is migrated', async () => {
    const finishedId = await createWorkRecord(t, {
      slip_no: '106',
      started_on: '2026-11-23T00:00:00.000Z',
      finished_on: '2026-11-23T02:00:00.000Z',
      workers: [workerId],
    });
    const inProgressId = await createWorkRecord(t, { slip_no: '107', state: WorkState.Working, workers: [workerId] });
    const left = (product_cost_id: number, called_at: string) =>
      ({ product_cost_id, call_reason_id: MAINTENANCE, called_at, called_by: workerId, answered_at: null, answered_by: null }) as const;
    await t.database.db
      .insertInto('calls')
      .values([left(finishedId, '2026-11-23T01:00:00.000Z'), left(inProgressId, '2026-11-24T00:59:00.000Z')])
      .execute();
    await endCallsOfFinishedJobs(t.database.db as Kysely<unknown>);
    const [ended] = await callsOf(finishedId);
    expect([new Date(ended!.answered_at!).toISOString(), ended!.answered_by]).toEqual(['2026-11-23T02:00:00.000Z', null]);
    expect((await callsOf(inProgressId))[0]!.answered_at).toBeNull();
  });
});

describe.runIf(t.engine === 'postgres')('a call for help made while the finish is written (PostgreSQL)', () => {
  it('ends too, though the finish statement began before the call was committed', async () => {
    now = minutesAfter(0);
    const id = await createWorkRecord(t, {
      slip_no: '108',
      state: WorkState.Working,
      started_on: '2026-11-24T00:30:00.000Z',
      workers: [workerId],
    });
    let finishing: ReturnType<typeof worker.post> | undefined;
    // As 呼出 does: the record locked, the call written; the finish, sent meanwhile, waits for the lock.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select id from product_costs where id = ${id} for update`.execute(trx);
      await trx
        .insertInto('calls')
        .values({
          product_cost_id: id,
          call_reason_id: MAINTENANCE,
          called_at: now.toISOString(),
          called_by: workerId,
          answered_at: null,
          answered_by: null,
        })
        .execute();
      finishing = worker.post(`/api/productcost/finish/${id}`, { superior: 1, wound: 0, size: 0, miss: 0, other: 0, process2: '' });
      await waitForLockWaiter(id);
    });
    expect((await finishing!).statusCode).toBe(200);
    const [call] = await callsOf(id);
    expect(call!.answered_at).not.toBeNull();
  });
});

/** Until a statement waits for a lock held on the record (the finish's write, begun before the call's commit). */
async function waitForLockWaiter(recordId: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ${'%update product_costs%'}`.execute(t.database.db);
    if (Number(rows[0]!.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no statement waited for record ${recordId}'s lock`);
}
