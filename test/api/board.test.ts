import { describe, expect, it } from 'vitest';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord, startRequest } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

let now = new Date('2026-11-24T03:00:00.000Z');
const t = await createTestApp({}, {}, { clock: () => now });
const workerId = await createEmployee(t, { user_name: 'boardw', password: 'board-pass' });
const worker = await t.signIn('boardw', 'board-pass');
const admin = await t.signIn();
const visitor = await t.visitor();

const machineId = (await admin.post('/api/machine', { machine: { name: '断裁機1号' } })).json().id as number;
const otherMachineId = (await admin.post('/api/machine', { machine: { name: '折り機' } })).json().id as number;

async function board(query = '') {
  const response = await worker.get(`/api/board${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/board', () => {
  it('is for signed-in users only', async () => {
    expect((await visitor.get('/api/board')).statusCode).toBe(401);
  });

  it('lists the jobs in progress with state, since when, worked time so far, good count, call and 要確認; not finished ones', async () => {
    const working = await createWorkRecord(t, { state: WorkState.Working, started_on: '2026-11-24T01:00:00.000Z', workers: [workerId] });
    await t.database.db
      .updateTable('product_costs')
      .set({ machine_id: machineId, superior: 120, updated_at: '2026-11-24T01:00:00.000Z' })
      .where('id', '=', working)
      .execute();
    const broken = await createWorkRecord(t, {
      started_on: '2026-11-24T00:00:00.000Z',
      breaks: [['2026-11-24T02:00:00.000Z', null, 2]],
      workers: [workerId],
    });
    await t.database.db
      .updateTable('product_costs')
      .set({ machine_id: otherMachineId, updated_at: '2026-11-24T02:00:00.000Z' })
      .where('id', '=', broken)
      .execute();
    const finished = await createWorkRecord(t, {
      started_on: '2026-11-24T00:00:00.000Z',
      finished_on: '2026-11-24T01:00:00.000Z',
      workers: [workerId],
    });
    expect((await worker.post(`/api/productcost/call/${broken}`, { call_reason_id: 3 })).statusCode).toBe(200);

    const answer = await board();
    expect(answer.now).toBe('2026-11-24T12:00:00+09:00');
    expect(answer.machines.map((machine: { name: string }) => machine.name)).toEqual(['断裁機1号', '折り機']);
    expect(answer.jobs.map((job: { id: number }) => job.id)).not.toContain(finished);
    const byId = new Map(answer.jobs.map((job: { id: number }) => [job.id, job]));
    expect(byId.get(working)).toMatchObject({
      machine_id: machineId,
      state: WorkState.Working,
      state_since: '2026-11-24T10:00:00+09:00',
      reason: null,
      worked_seconds: 2 * 3600,
      superior: 120,
      stale: false,
      call: null,
    });
    expect(byId.get(broken)).toMatchObject({
      machine_id: otherMachineId,
      state: WorkState.WorkInterrupted,
      state_since: '2026-11-24T11:00:00+09:00',
      reason: '機械故障',
      // 作業時間 runs from the start, interruptions included, 終業 excluded (docs/PRODUCT.md#durations).
      worked_seconds: 3 * 3600,
      call: { reason: '保全依頼' },
    });

    now = new Date('2026-11-24T14:00:01.000Z');
    expect(new Map((await board()).jobs.map((job: { id: number; stale: boolean }) => [job.id, job.stale])).get(working)).toBe(true);

    const onOne = await board(`?machine_id=${otherMachineId}`);
    expect(onOne.jobs.map((job: { id: number }) => job.id)).toEqual([broken]);
    expect((await worker.get('/api/board?machine_id=abc')).statusCode).toBe(400);
  });

  it('shows the good count so far: given at the start, then as saved at 終業', async () => {
    const started = await worker.post('/api/productcost/start', startRequest([workerId], { slip_no: '7001', superior: 50 }));
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().product_cost.id as number;
    const goodOf = async () => (await board()).jobs.find((job: { id: number }) => job.id === id).superior;
    expect(await goodOf()).toBe(50);

    const counts = { superior: 800, wound: 3, size: null, miss: null, other: null };
    expect((await worker.post(`/api/productcost/nowork/start/${id}`, counts)).statusCode).toBe(200);
    expect(await goodOf()).toBe(800);
  });
});

describe('GET /api/board?machine_id=N of a machine no longer there', () => {
  it('names the deleted machine asked for, and none for an id that never was', async () => {
    const goneId = (await admin.post('/api/machine', { machine: { name: '旧断裁機' } })).json().id as number;
    expect((await admin.delete(`/api/machine/${goneId}`)).statusCode).toBe(200);

    const onGone = await board(`?machine_id=${goneId}`);
    expect(onGone.deleted_machines).toEqual([{ id: goneId, name: '旧断裁機' }]);
    expect(onGone.machines.map((machine: { id: number }) => machine.id)).not.toContain(goneId);
    expect((await board()).deleted_machines).toEqual([]);
    expect((await board('?machine_id=99999')).deleted_machines).toEqual([]);
  });
});

describe('GET /api/board with a job in progress on a deleted machine', () => {
  it('names that machine while the job is in progress, and no longer once it is finished', async () => {
    const goneId = (await admin.post('/api/machine', { machine: { name: '旧折り機' } })).json().id as number;
    const started = await worker.post('/api/productcost/start', startRequest([workerId], { slip_no: '7101', machine_id: goneId }));
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().product_cost.id as number;
    expect((await admin.delete(`/api/machine/${goneId}`)).statusCode).toBe(200);

    const answer = await board();
    expect(answer.deleted_machines).toEqual([{ id: goneId, name: '旧折り機' }]);
    expect(answer.jobs.find((job: { id: number }) => job.id === id)).toMatchObject({ machine_id: goneId });

    const counts = { superior: 10, wound: 0, size: null, miss: null, other: null };
    expect((await worker.post(`/api/productcost/finish/${id}`, counts)).statusCode).toBe(200);
    expect((await board()).deleted_machines).toEqual([]);
  });
});

describe('GET /api/productcost/{id}: the work screen’s times, as the board has them', () => {
  it('answers the server’s now, the board’s 作業時間 so far and when each open period began', async () => {
    now = new Date('2026-11-24T03:00:00.000Z');
    // Started at 9:00, a setup from 10:00 interrupted since 11:30, 終業 from 10:30 to 11:00 excluded: 2:30 worked.
    const id = await createWorkRecord(t, {
      started_on: '2026-11-24T00:00:00.000Z',
      setups: [{ span: ['2026-11-24T01:00:00.000Z', null], breaks: [['2026-11-24T02:30:00.000Z', null, 2]] }],
      noworks: [['2026-11-24T01:30:00.000Z', '2026-11-24T02:00:00.000Z']],
      workers: [workerId],
    });
    const response = await worker.get(`/api/productcost/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json();
    expect(record).toMatchObject({
      state: WorkState.SetupInterrupted,
      now: '2026-11-24T12:00:00+09:00',
      worked_seconds: 150 * 60,
      setup_time: { started_on: '2026-11-24T10:00:00+09:00' },
      setup_break_time: { broken_on: '2026-11-24T11:30:00+09:00', interruption_id: 2 },
      break_time: null,
      nowork_time: null,
    });
    const job = (await board()).jobs.find((shown: { id: number }) => shown.id === id);
    expect(job).toMatchObject({ worked_seconds: record.worked_seconds, state_since: record.setup_break_time.broken_on });
  });

  it('keeps a finished record’s 作業時間 at its finish', async () => {
    now = new Date('2026-11-25T03:00:00.000Z');
    const id = await createWorkRecord(t, {
      started_on: '2026-11-24T00:00:00.000Z',
      finished_on: '2026-11-24T01:15:00.000Z',
      breaks: [['2026-11-24T00:30:00.000Z', '2026-11-24T00:40:00.000Z', 1]],
      workers: [workerId],
    });
    expect((await worker.get(`/api/productcost/${id}`)).json()).toMatchObject({ state: WorkState.Finished, worked_seconds: 75 * 60 });
  });
});
