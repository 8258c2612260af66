import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as endCallsOfFinishedJobs } from '../../src/server/db/migrations/202611270100_calls_end_with_job.ts';
import * as callEnds from '../../src/server/db/migrations/202612010100_call_ends.ts';
import { up as endCallsInNowork } from '../../src/server/db/migrations/202612020100_calls_end_in_nowork.ts';
import type { CallEndingAction } from '../../src/domain/calls.ts';
import { endOpenCall } from '../../src/server/records/open-calls-repository.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { backendPid, waitForLockWaiters } from '../support/lock-waiters.ts';
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

/**
 * The job's call, made at minute 0, ended by `endedWith` at minute 7 with nobody as its answerer: no
 * longer open, and read at `readAt`, 呼出履歴 says how it ended and its wait stays at seven minutes.
 */
async function expectEndedAtMinute7(job: { id: number; callId: number }, endedWith: CallEndingAction, readAt: Date) {
  const [call] = await callsOf(job.id);
  expect(call).toMatchObject({ id: job.callId, answered_by: null, ended_with: endedWith });
  expect(new Date(call!.answered_at!).toISOString()).toBe(minutesAfter(7).toISOString());
  expect(await openCallOf(job.id)).toBeNull();
  now = readAt;
  const [shown] = (await loadForEdit(admin, job.id)).calls;
  expect(shown).toMatchObject({
    answered_at: '2026-11-24T10:07:00+09:00',
    answered_by_name: '',
    ended_by_finish: endedWith === 'finish',
    ended_with: endedWith,
    waited_seconds: 420,
  });
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
    await expectEndedAtMinute7({ id, callId }, 'finish', minutesAfter(60));
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
      ended_with: 'finish',
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

describe('a call for help when its job stops for the night (終業)', () => {
  const stopForTheNight = (id: number, pressed_at?: string) =>
    worker.post(`/api/productcost/nowork/start/${id}`, { superior: 40, pressed_at });

  it('ends at 終業 with nobody as its answerer, says so, and waits no longer through the night', async () => {
    const { id, callId } = await jobWithOpenCall('201');
    now = minutesAfter(7);
    const stopped = await stopForTheNight(id);
    expect(stopped.statusCode, stopped.body).toBe(200);
    await expectEndedAtMinute7({ id, callId }, 'noworkStart', minutesAfter(14 * 60));
  });

  it('leaves a call answered before it as it was answered', async () => {
    const { id, callId } = await jobWithOpenCall('202');
    now = minutesAfter(3);
    expect((await worker.post(`/api/productcost/call/answer/${callId}`)).statusCode).toBe(200);
    now = minutesAfter(7);
    expect((await stopForTheNight(id)).statusCode).toBe(200);
    const [shown] = (await loadForEdit(admin, id)).calls;
    expect(shown).toMatchObject({
      answered_at: '2026-11-24T10:03:00+09:00',
      answered_by_name: '田中 一郎',
      ended_by_finish: false,
      ended_with: null,
      waited_seconds: 180,
    });
  });

  it('ends at the time a 終業 sent later from the outbox was pressed, or at the call when pressed before it', async () => {
    const { id } = await jobWithOpenCall('203');
    now = minutesAfter(30);
    expect((await stopForTheNight(id, minutesAfter(10).toISOString())).statusCode).toBe(200);
    const [pressedAfterCall] = (await loadForEdit(admin, id)).calls;
    expect(pressedAfterCall).toMatchObject({ answered_at: '2026-11-24T10:10:00+09:00', ended_with: 'noworkStart', waited_seconds: 600 });

    const { id: earlierId } = await jobWithOpenCall('204');
    now = minutesAfter(30);
    expect((await stopForTheNight(earlierId, minutesAfter(-15).toISOString())).statusCode).toBe(200);
    const [pressedBeforeCall] = (await loadForEdit(admin, earlierId)).calls;
    expect(pressedBeforeCall).toMatchObject({ answered_at: '2026-11-24T10:00:00+09:00', ended_with: 'noworkStart', waited_seconds: 0 });
  });
});

describe('a call for help when a correction puts its job in 終業', () => {
  /** The job corrected at minute 30 to stop for the night at `from` (workshop time), to `to` (none: still in 終業). */
  async function correctWithNowork(id: number, from: string, to: string | null = null) {
    now = minutesAfter(30);
    const record = await loadForEdit(admin, id);
    const nowork_times = [{ id: null, started_on: from, finished_on: to }];
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable(record), nowork_times } });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('ends at the 終業 typed, with nobody as its answerer, as 終業 pressed then would have', async () => {
    const { id, callId } = await jobWithOpenCall('401');
    await correctWithNowork(id, '2026/11/24 10:07');
    await expectEndedAtMinute7({ id, callId }, 'noworkStart', minutesAfter(14 * 60));
  });

  it('ends at the call itself when the 終業 typed is before it, and now when it is minutes later than now', async () => {
    const { id } = await jobWithOpenCall('402');
    await correctWithNowork(id, '2026/11/24 09:50');
    const [before] = (await loadForEdit(admin, id)).calls;
    expect(before).toMatchObject({ answered_at: '2026-11-24T10:00:00+09:00', ended_with: 'noworkStart', waited_seconds: 0 });

    const { id: laterId } = await jobWithOpenCall('403');
    await correctWithNowork(laterId, '2026/11/24 10:34');
    now = minutesAfter(300);
    const [later] = (await loadForEdit(admin, laterId)).calls;
    expect(later).toMatchObject({ answered_at: '2026-11-24T10:30:00+09:00', ended_with: 'noworkStart', waited_seconds: 1_800 });
  });

  it('left open in 終業 before this version, ends at the 終業 or at the call when the database is migrated', async () => {
    const inNowork = (slip_no: string) =>
      createWorkRecord(t, {
        slip_no,
        started_on: '2026-11-23T00:00:00.000Z',
        noworks: [['2026-11-23T08:00:00.000Z', null]],
        workers: [workerId],
      });
    const calledBefore = await inNowork('405');
    const calledIn = await inNowork('406');
    const resumed = await createWorkRecord(t, {
      slip_no: '407',
      started_on: '2026-11-23T00:00:00.000Z',
      noworks: [['2026-11-23T08:00:00.000Z', '2026-11-23T23:00:00.000Z']],
      workers: [workerId],
    });
    const left = (product_cost_id: number, called_at: string) =>
      ({ product_cost_id, call_reason_id: MAINTENANCE, called_at, called_by: workerId, answered_at: null, answered_by: null }) as const;
    await t.database.db
      .insertInto('calls')
      .values([
        left(calledBefore, '2026-11-23T07:00:00.000Z'),
        left(calledIn, '2026-11-23T09:00:00.000Z'),
        left(resumed, '2026-11-23T09:00:00.000Z'),
      ])
      .execute();
    await endCallsInNowork(t.database.db as Kysely<unknown>);
    const ended = async (id: number) => {
      const [call] = await callsOf(id);
      return [call!.answered_at === null ? null : new Date(call!.answered_at).toISOString(), call!.answered_by, call!.ended_with];
    };
    expect(await ended(calledBefore)).toEqual(['2026-11-23T08:00:00.000Z', null, 'noworkStart']);
    expect(await ended(calledIn)).toEqual(['2026-11-23T09:00:00.000Z', null, 'noworkStart']);
    // Back at work after its 始業: the call stays open, to be answered.
    expect(await ended(resumed)).toEqual([null, null, null]);
  });

  it('stays open when the 終業 typed has its 始業 too: the job is in progress again', async () => {
    const { id, callId } = await jobWithOpenCall('404');
    await correctWithNowork(id, '2026/11/24 10:05', '2026/11/24 10:10');
    expect(await openCallOf(id)).toMatchObject({ id: callId });
  });
});

describe('how a call nobody answered ended, on a database migrated from before it was kept', () => {
  it('reads as ended with the finish, the only action that ended such a call then; answered and open calls end with none', async () => {
    const recordId = await createWorkRecord(t, { slip_no: '301', state: WorkState.Working, workers: [workerId] });
    const call = (answered_at: string | null, answered_by: number | null) =>
      ({
        product_cost_id: recordId,
        call_reason_id: MAINTENANCE,
        called_at: '2026-11-24T00:40:00.000Z',
        called_by: workerId,
        answered_at,
        answered_by,
      }) as const;
    const db = t.database.db as Kysely<unknown>;
    await callEnds.down(db);
    await t.database.db
      .insertInto('calls')
      .values([call('2026-11-24T00:50:00.000Z', null), call('2026-11-24T00:45:00.000Z', workerId), call(null, null)])
      .execute();
    await callEnds.up(db);
    expect((await callsOf(recordId)).map((row) => row.ended_with)).toEqual(['finish', null, null]);
  });
});

describe('the open call ended again after the action, for a call its statement missed (endOpenCall with whileStands)', () => {
  async function openCallOn(state: WorkState) {
    const id = await createWorkRecord(t, { slip_no: '501', state, workers: [workerId] });
    await t.database.db
      .insertInto('calls')
      .values({
        product_cost_id: id,
        call_reason_id: MAINTENANCE,
        called_at: new Date().toISOString(),
        called_by: workerId,
        answered_at: null,
        answered_by: null,
      })
      .execute();
    const nowork = await t.database.db.selectFrom('nowork_times').select('id').where('product_cost_id', '=', id).executeTakeFirst();
    return { id, noworkId: nowork?.id ?? 0 };
  }
  const endAt = new Date(Date.now() + 60_000).toISOString();

  it('ends it while the job stays in the 終業 that ended it, or stays finished', async () => {
    const inNowork = await openCallOn(WorkState.EndOfDay);
    await endOpenCall(t.database.db, inNowork.id, { at: endAt, endedWith: 'noworkStart', whileStands: { noworkId: inNowork.noworkId } });
    expect((await callsOf(inNowork.id))[0]!.ended_with).toBe('noworkStart');
    const finished = await openCallOn(WorkState.Finished);
    await endOpenCall(t.database.db, finished.id, { at: endAt, endedWith: 'finish', whileStands: { finished: true } });
    expect((await callsOf(finished.id))[0]!.ended_with).toBe('finish');
  });

  it('leaves open a call made after a 始業 that came meanwhile, or on a job no longer finished', async () => {
    const resumed = await openCallOn(WorkState.Working);
    const [nowork] = await t.database.db
      .insertInto('nowork_times')
      .values({
        product_cost_id: resumed.id,
        started_on: new Date(Date.now() - 120_000).toISOString(),
        finished_on: new Date().toISOString(),
      })
      .returning('id')
      .execute();
    await endOpenCall(t.database.db, resumed.id, { at: endAt, endedWith: 'noworkStart', whileStands: { noworkId: nowork!.id } });
    const inProgress = await openCallOn(WorkState.Working);
    await endOpenCall(t.database.db, inProgress.id, { at: endAt, endedWith: 'finish', whileStands: { finished: true } });
    for (const id of [resumed.id, inProgress.id]) expect((await callsOf(id))[0]).toMatchObject({ answered_at: null, ended_with: null });
  });
});

describe.runIf(t.engine === 'postgres')('a call for help made while the finish or 終業 is written (PostgreSQL)', () => {
  /**
   * As 呼出 does: the record locked and a call written at `calledAt`; the action, sent meanwhile, waits
   * for the lock, so that the call is not in its statement's snapshot. Answers the call as it stands after.
   */
  async function pressWhileCallCommits(path: string, calledAt: Date) {
    now = minutesAfter(0);
    const id = await createWorkRecord(t, {
      slip_no: '108',
      state: WorkState.Working,
      started_on: '2026-11-24T00:30:00.000Z',
      workers: [workerId],
    });
    let pressing: ReturnType<typeof worker.post> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select id from product_costs where id = ${id} for update`.execute(trx);
      const holder = await backendPid(trx);
      await trx
        .insertInto('calls')
        .values({
          product_cost_id: id,
          call_reason_id: MAINTENANCE,
          called_at: calledAt.toISOString(),
          called_by: workerId,
          answered_at: null,
          answered_by: null,
        })
        .execute();
      pressing = worker.post(`/api/productcost/${path}/${id}`, { superior: 1, wound: 0, size: 0, miss: 0, other: 0, process2: '' });
      await waitForLockWaiters(t.database.db, holder);
    });
    expect((await pressing!).statusCode).toBe(200);
    return (await callsOf(id))[0]!;
  }

  it.for([
    { action: 'finish', path: 'finish' },
    { action: 'noworkStart', path: 'nowork/start' },
  ])('ends at $action too, though its statement began before the call was committed', async ({ action, path }) => {
    const call = await pressWhileCallCommits(path, minutesAfter(0));
    expect(call.answered_at).not.toBeNull();
    expect(call.ended_with).toBe(action);
  });

  it('ends at 終業 a call committed before it, though stamped after 終業 reached the server (no call is taken in 終業)', async () => {
    const call = await pressWhileCallCommits('nowork/start', minutesAfter(1));
    expect(call.answered_at).not.toBeNull();
    expect(call.ended_with).toBe('noworkStart');
  });
});
