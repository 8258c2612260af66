import { describe, expect, it } from 'vitest';
import { editMessages } from '../../src/domain/product-cost-edit.ts';
import { createEmployee } from '../support/employees.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { startThroughApi } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

const CLOCK_START = Date.parse('2026-11-24T00:00:00.000Z');
/** The server's clock, which the tests move: the floor's presses are recorded at it. */
let now = new Date(CLOCK_START);
const t = await createTestApp({}, {}, { clock: () => now });
const workerId = await createEmployee(t, { user_name: 'floor', password: 'floor-pass' });
const worker = await t.signIn('floor', 'floor-pass');
const admin = await t.signIn();

const MACHINE_BREAKDOWN = 2; // 機械故障
const at = (minutes: number) => {
  now = new Date(CLOCK_START + minutes * 60_000);
};
/** A press on the work screen; anything but 200 fails the test. Answers the id of the period it opened. */
async function press(path: string, body?: object): Promise<Record<string, number>> {
  const response = await worker.post(`/api/productcost/${path}`, body);
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json();
}
const saveUnchanged = async (id: number) => admin.put(`/api/productcost/${id}`, { productcost: editable(await loadForEdit(admin, id)) });

describe('a record made on the floor, saved unchanged in the editor', () => {
  it('is saved: 中断 pressed in the second a setup finished, and a setup started in the second 中断 was over, are not during a setup', async () => {
    at(0);
    const id = await startThroughApi(worker, workerId);
    const first = await press(`setup/start/${id}`);
    at(5);
    const setupBreak = await press(`setup/break/${first.setup_time_id}`, { interruption_id: MACHINE_BREAKDOWN });
    at(10);
    await press(`setup/restart/${setupBreak.setup_break_time_id}`);
    at(20);
    await press(`setup/finish/${first.setup_time_id}`);
    const pause = await press(`break/${id}`, { interruption_id: MACHINE_BREAKDOWN });
    at(25);
    await press(`restart/${pause.break_time_id}`);
    const second = await press(`setup/start/${id}`);
    at(30);
    await press(`setup/finish/${second.setup_time_id}`);
    const nowork = await press(`nowork/start/${id}`, {});
    at(40);
    await press(`nowork/finish/${nowork.nowork_time_id}`);
    at(45);
    await press(`finish/${id}`, { superior: 100 });

    const saved = await saveUnchanged(id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ result: true, version: expect.any(Number) });
  });

  it('is saved in progress: a setup open after 中断, and 中断 open after a setup', async () => {
    at(0);
    const setupOpen = await startThroughApi(worker, workerId);
    const pause = await press(`break/${setupOpen}`, { interruption_id: MACHINE_BREAKDOWN });
    at(5);
    await press(`restart/${pause.break_time_id}`);
    await press(`setup/start/${setupOpen}`);
    const breakOpen = await startThroughApi(worker, workerId);
    const setup = await press(`setup/start/${breakOpen}`);
    at(10);
    await press(`setup/finish/${setup.setup_time_id}`);
    await press(`break/${breakOpen}`, { interruption_id: MACHINE_BREAKDOWN });
    at(15);
    for (const id of [setupOpen, breakOpen]) expect((await saveUnchanged(id)).statusCode).toBe(200);
  });
});

describe('a time typed in the future', () => {
  /** A job pressed on the floor from 09:00 to 09:45 in Tokyo, the clock then at 10:00. */
  async function finishedJob(): Promise<number> {
    at(0);
    const id = await startThroughApi(worker, workerId);
    at(45);
    await press(`finish/${id}`, { superior: 100 });
    at(60);
    return id;
  }
  const saveWith = async (id: number, change: object) =>
    admin.put(`/api/productcost/${id}`, { productcost: { ...editable(await loadForEdit(admin, id)), ...change } });
  const keptWorkedSeconds = async (id: number) =>
    (await t.database.db.selectFrom('product_costs').select('worked_seconds').where('id', '=', id).executeTakeFirstOrThrow())
      .worked_seconds;

  it('refuses 2027 typed for 2026 in a finish with 400 and its message, and changes nothing', async () => {
    const id = await finishedJob();
    const response = await saveWith(id, { finished_on: '2027/11/24 09:45' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: editMessages.inFuture('作業終了時間') });
    expect(await loadForEdit(admin, id)).toMatchObject({ version: 2, finished_on: '2026-11-24T09:45:00+09:00' });
    expect(await keptWorkedSeconds(id)).toBe(45 * 60);
  });

  it('refuses a 中断 that ends tomorrow by the field’s name, and takes a time up to 5 minutes past the server’s clock', async () => {
    const id = await finishedJob();
    const late = {
      id: null,
      broken_on: '2026/11/24 09:10',
      restarted_on: '2026/11/25 09:20',
      interruption_id: 1,
      interruption_other: null,
    };
    const refused = await saveWith(id, { finished_on: null, break_times: [late] });
    expect(refused.json()).toEqual({ result: false, errorMessage: editMessages.inFuture('中断終了') });
    expect((await saveWith(id, { finished_on: '2026/11/24 10:05:01' })).json()).toEqual({
      result: false,
      errorMessage: editMessages.inFuture('作業終了時間'),
    });
    expect((await loadForEdit(admin, id)).version).toBe(2);
    const saved = await saveWith(id, { finished_on: '2026/11/24 10:05:00' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
