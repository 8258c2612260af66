import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editMessages } from '../../src/domain/product-cost-edit.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createWorkRecord } from '../support/records.ts';
import { appWithAdminAndWorker } from '../support/employees.ts';
import type { TestApp, TestClient } from '../support/test-app.ts';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let worker: TestClient;
let finished: number;

beforeAll(async () => {
  ({ t, admin, adminId, worker } = await appWithAdminAndWorker());
});
afterAll(() => t.close());
beforeEach(async () => {
  // 08:00 to the next day 12:00 (Tokyo), stopped for the night from 17:00 to 08:00.
  finished = await createWorkRecord(t, {
    slip_no: '700',
    started_on: '2026-11-19T23:00:00.000Z',
    finished_on: '2026-11-21T03:00:00.000Z',
    workers: [adminId],
    breaks: [['2026-11-20T01:00:00.000Z', '2026-11-20T01:30:00.000Z']],
    noworks: [['2026-11-20T08:00:00.000Z', '2026-11-20T23:00:00.000Z']],
  });
});

const load = (recordId: number) => loadForEdit(admin, recordId);
const save = (recordId: number, productcost: object) => admin.put(`/api/productcost/${recordId}`, { productcost });
const stateOf = async (recordId: number) => (await worker.get(`/api/productcost/${recordId}`)).json().state as number;

describe('終業 periods in GET /api/productcost/edit/{id}', () => {
  it('answers each stop with its 終業 and 始業 times in the workshop’s offset', async () => {
    const record = await load(finished);
    expect(record.nowork_times).toEqual([
      { id: expect.any(Number), started_on: '2026-11-20T17:00:00+09:00', finished_on: '2026-11-21T08:00:00+09:00' },
    ]);
  });
});

describe('終業 periods in PUT /api/productcost/{id}', () => {
  it('saves them with the record, counts every duration without them, and keeps who pressed a kept stop', async () => {
    const record = editable(await load(finished));
    const kept = record.nowork_times[0];
    const response = await save(finished, {
      ...record,
      nowork_times: [
        { ...kept, finished_on: '2026/11/21 07:00' },
        { id: null, started_on: '2026/11/21 10:00', finished_on: '2026/11/21 10:30' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = await load(finished);
    expect(saved.nowork_times).toEqual([
      { id: expect.any(Number), started_on: '2026-11-20T17:00:00+09:00', finished_on: '2026-11-21T07:00:00+09:00' },
      { id: expect.any(Number), started_on: '2026-11-21T10:00:00+09:00', finished_on: '2026-11-21T10:30:00+09:00' },
    ]);
    const rows = await t.database.db
      .selectFrom('nowork_times')
      .select(['opened_by', 'closed_by'])
      .where('product_cost_id', '=', finished)
      .orderBy('started_on')
      .execute();
    // The kept stop was pressed on the floor (nobody recorded in the fixture); the added one is the editor's.
    expect(rows).toEqual([
      { opened_by: null, closed_by: null },
      { opened_by: adminId, closed_by: adminId },
    ]);
    const totals = await t.database.db
      .selectFrom('product_costs')
      .select(['worked_seconds', 'breaked_seconds'])
      .where('id', '=', finished)
      .executeTakeFirstOrThrow();
    // 28 hours from start to finish, less 14 hours and 30 minutes stopped.
    expect(totals).toEqual({ worked_seconds: (28 * 60 - 14 * 60 - 30) * 60, breaked_seconds: 30 * 60 });
    const list = (await admin.get('/api/productcost?started_from=2026-11-20&started_to=2026-11-20')).json() as Array<{
      id: number;
      worked_time: string;
    }>;
    expect(list.find((row) => row.id === finished)?.worked_time).toBe('13:30');
  });

  it('writes the stops before and after into the audit log', async () => {
    const record = editable(await load(finished));
    expect((await save(finished, { ...record, nowork_times: [] })).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'product_costs')
      .where('entity_id', '=', finished)
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).nowork_times).toEqual([
      { id: expect.any(Number), started_on: '2026-11-20T17:00:00+09:00', finished_on: '2026-11-21T08:00:00+09:00' },
    ]);
    expect(JSON.parse(audit.after_json!).nowork_times).toEqual([]);
    expect((await load(finished)).nowork_times).toEqual([]);
  });

  it.each([
    [[{ started_on: '' }], editMessages.noworkStartRequired],
    [[{ started_on: '夕方' }], editMessages.badTime('終業時間')],
    [[{ started_on: '2026/11/20 17:00', finished_on: '翌朝' }], editMessages.badTime('始業時間')],
    [[{ started_on: '2026/11/20 17:00', finished_on: '2026/11/20 16:00' }], editMessages.noworkEndBeforeStart],
    [[{ started_on: '2026/11/20 07:00', finished_on: '2026/11/20 09:00' }], editMessages.outsideRecord('終業')],
    [[{ started_on: '2026/11/21 11:00', finished_on: '2026/11/21 13:00' }], editMessages.outsideRecord('終業')],
    [
      [
        { started_on: '2026/11/20 17:00', finished_on: '2026/11/21 08:00' },
        { started_on: '2026/11/21 07:00', finished_on: '2026/11/21 09:00' },
      ],
      editMessages.overlap('終業'),
    ],
    [[{ started_on: '2026/11/20 17:00' }], editMessages.noworkOpenAfterFinish],
  ])('refuses the stops %j with their message and saves nothing', async (nowork_times, message) => {
    const record = editable(await load(finished));
    const response = await save(finished, { ...record, nowork_times });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: message });
    const after = await load(finished);
    expect(after.version).toBe(record.version);
    expect(after.nowork_times).toEqual(record.nowork_times);
  });
});

describe('an open 終業 on a record in progress', () => {
  let stopped: number;
  beforeEach(async () => {
    const start = Date.now() - 20 * 3600_000;
    stopped = await createWorkRecord(t, {
      started_on: new Date(start).toISOString(),
      workers: [adminId],
      breaks: [[new Date(start + 3600_000).toISOString(), null]],
      noworks: [[new Date(start + 2 * 3600_000).toISOString(), null]],
    });
  });

  it('keeps the record in 終業 while it stays open', async () => {
    const record = editable(await load(stopped));
    expect(record.nowork_times[0].finished_on).toBeNull();
    expect((await save(stopped, { ...record, slip_no: '701' })).statusCode).toBe(200);
    expect(await stateOf(stopped)).toBe(WorkState.EndOfDay);
  });

  it('returns the record to the interruption left open once 始業 is typed, and stops it again when one is added', async () => {
    const record = editable(await load(stopped));
    const nowork = record.nowork_times[0];
    const morning = new Date(Date.parse(nowork.started_on) + 3600_000).toISOString();
    expect((await save(stopped, { ...record, nowork_times: [{ ...nowork, finished_on: morning }] })).statusCode).toBe(200);
    expect(await stateOf(stopped)).toBe(WorkState.WorkInterrupted);

    const corrected = editable(await load(stopped));
    const later = new Date(Date.parse(morning) + 3600_000).toISOString();
    const reopened = await save(stopped, { ...corrected, nowork_times: [...corrected.nowork_times, { id: null, started_on: later }] });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const onFloor = (await worker.get(`/api/productcost/${stopped}`)).json();
    expect(onFloor.state).toBe(WorkState.EndOfDay);
    // The floor ends the stop the editor opened with 始業, as any other.
    expect((await worker.post(`/api/productcost/nowork/finish/${onFloor.nowork_time.id}`)).json()).toMatchObject({
      result: true,
      state: WorkState.WorkInterrupted,
    });
  });

  it('refuses a finish time while a stop is open', async () => {
    const record = editable(await load(stopped));
    const [open] = record.break_times;
    const closed = [{ ...open, restarted_on: new Date(Date.parse(open.broken_on) + 600_000).toISOString() }];
    const response = await save(stopped, { ...record, break_times: closed, finished_on: new Date().toISOString() });
    expect(response.json()).toEqual({ result: false, errorMessage: editMessages.noworkOpenAfterFinish });
  });
});
