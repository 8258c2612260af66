import { describe, expect, it } from 'vitest';
import { callMessages } from '../../src/domain/calls.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { openEventStream } from '../support/event-stream.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();
const callerId = await createEmployee(t, { user_name: 'caller', password: 'caller-pass' });
const foremanId = await createEmployee(t, { user_name: 'foreman', password: 'foreman-pass' });
const caller = await t.signIn('caller', 'caller-pass');
const foreman = await t.signIn('foreman', 'foreman-pass');
const visitor = await t.visitor();

const QUALITY = 2; // 品質確認, the second default

const callsOf = (recordId: number) => t.database.db.selectFrom('calls').selectAll().where('product_cost_id', '=', recordId).execute();

describe('POST /api/productcost/call/{id}', () => {
  it('opens a call on a job in progress, keeping who and when, and publishes it', async () => {
    const id = await createWorkRecord(t, { state: WorkState.WorkInterrupted, workers: [callerId] });
    const board = await openEventStream(t, foreman);
    const before = Date.now();
    const response = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: QUALITY });
    expect(response.statusCode, response.body).toBe(200);
    const { result, call_id } = response.json();
    expect(result).toBe(true);
    const [call] = await callsOf(id);
    expect(call).toMatchObject({ id: call_id, call_reason_id: QUALITY, called_by: callerId, answered_at: null, answered_by: null });
    expect(Date.parse(call!.called_at)).toBeGreaterThanOrEqual(before - 1000);
    await board.until((s) => s.changes().length > 0);
    expect(board.changes().map((change) => [change.type, change.product_cost_id, change.state])).toEqual([
      ['call', id, WorkState.WorkInterrupted],
    ]);
  });

  it('refuses a second call while one is open (409), and allows one again once it is answered', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [callerId] });
    const first = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: 1 });
    expect(first.statusCode).toBe(200);
    const second = await foreman.post(`/api/productcost/call/${id}`, { call_reason_id: QUALITY });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorMessage).toBe(callMessages.alreadyCalling);
    expect(await callsOf(id)).toHaveLength(1);
    expect((await foreman.post(`/api/productcost/call/answer/${first.json().call_id}`)).statusCode).toBe(200);
    expect((await caller.post(`/api/productcost/call/${id}`, { call_reason_id: QUALITY })).statusCode).toBe(200);
    expect(await callsOf(id)).toHaveLength(2);
  });

  it('lets only one of two simultaneous calls through', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [callerId] });
    const answers = await Promise.all([
      caller.post(`/api/productcost/call/${id}`, { call_reason_id: 1 }),
      foreman.post(`/api/productcost/call/${id}`, { call_reason_id: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await callsOf(id)).toHaveLength(1);
  });

  it('refuses a finished job, an unknown or deleted reason, a missing one and an unknown record, and saves nothing', async () => {
    const finished = await createWorkRecord(t, {
      started_on: '2026-01-05T00:00:00.000Z',
      finished_on: '2026-01-05T01:00:00.000Z',
      workers: [callerId],
    });
    const done = await caller.post(`/api/productcost/call/${finished}`, { call_reason_id: 1 });
    expect([done.statusCode, done.json().errorMessage]).toEqual([409, callMessages.notInProgress]);

    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [callerId] });
    const admin = await t.signIn();
    expect((await admin.delete('/api/call_reason/4')).statusCode).toBe(200);
    for (const reason of [999, 4]) {
      const refused = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: reason });
      expect([refused.statusCode, refused.json().errorMessage]).toEqual([400, callMessages.unknownReason]);
    }
    const missing = await caller.post(`/api/productcost/call/${id}`, {});
    expect([missing.statusCode, missing.json().errorMessage]).toEqual([400, callMessages.reasonRequired]);
    expect((await caller.post('/api/productcost/call/999999', { call_reason_id: 1 })).statusCode).toBe(404);
    expect(await callsOf(id)).toEqual([]);
    expect(await callsOf(finished)).toEqual([]);
  });

  it('refuses a job in 終業 (409), stores nothing and tells no board; after 始業 the job calls again', async () => {
    const id = await createWorkRecord(t, { state: WorkState.SettingUp, workers: [callerId] });
    const stopped = await caller.post(`/api/productcost/nowork/start/${id}`, { superior: 10 });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const board = await openEventStream(t, foreman);
    const refused = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: QUALITY });
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, callMessages.endOfDay]);
    // A reason that no longer exists does not hide why: the state is checked first, as for a finished job.
    const alsoUnknown = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: 999 });
    expect([alsoUnknown.statusCode, alsoUnknown.json().errorMessage]).toEqual([409, callMessages.endOfDay]);
    expect(await callsOf(id)).toEqual([]);

    const resumed = await caller.post(`/api/productcost/nowork/finish/${stopped.json().nowork_time_id as number}`, {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    await board.until((s) => s.changes().length > 0);
    expect(board.changes().map((change) => change.type)).toEqual(['noworkFinish']);
    expect((await caller.post(`/api/productcost/call/${id}`, { call_reason_id: QUALITY })).statusCode).toBe(200);
    expect(await callsOf(id)).toHaveLength(1);
  });

  it('refuses a job recorded in 終業 over an interruption', async () => {
    const id = await createWorkRecord(t, {
      state: WorkState.EndOfDay,
      breaks: [[new Date(Date.now() - 30 * 60_000).toISOString(), null]],
      workers: [callerId],
    });
    const refused = await caller.post(`/api/productcost/call/${id}`, { call_reason_id: 1 });
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, callMessages.endOfDay]);
    expect(await callsOf(id)).toEqual([]);
  });
});

describe('POST /api/productcost/call/answer/{call_id}', () => {
  it('is answered by anyone signed in, keeping who and when, once; publishes it', async () => {
    const id = await createWorkRecord(t, { state: WorkState.SettingUp, workers: [callerId] });
    const { call_id } = (await caller.post(`/api/productcost/call/${id}`, { call_reason_id: 3 })).json();
    const board = await openEventStream(t, caller);
    expect((await visitor.post(`/api/productcost/call/answer/${call_id}`)).statusCode).toBe(401);
    const answered = await foreman.post(`/api/productcost/call/answer/${call_id}`);
    expect(answered.statusCode, answered.body).toBe(200);
    const [call] = await callsOf(id);
    expect(call!.answered_by).toBe(foremanId);
    expect(Date.parse(call!.answered_at!)).toBeGreaterThanOrEqual(Date.parse(call!.called_at));
    const again = await caller.post(`/api/productcost/call/answer/${call_id}`);
    expect([again.statusCode, again.json().errorMessage]).toEqual([409, callMessages.alreadyAnswered]);
    expect((await callsOf(id))[0]!.answered_by).toBe(foremanId);
    expect((await foreman.post('/api/productcost/call/answer/999999')).statusCode).toBe(404);
    await board.until((s) => s.changes().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(board.changes().map((change) => [change.type, change.product_cost_id, change.state])).toEqual([
      ['callAnswer', id, WorkState.SettingUp],
    ]);
  });

  it('refuses a call for help from someone signed out', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [callerId] });
    expect((await visitor.post(`/api/productcost/call/${id}`, { call_reason_id: 1 })).statusCode).toBe(401);
    expect(await callsOf(id)).toEqual([]);
  });
});
