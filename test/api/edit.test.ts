import { beforeEach, describe, expect, it } from 'vitest';
import { editMessages, type HistoryEntry } from '../../src/domain/product-cost-edit.ts';
import { workMessages } from '../../src/domain/product-cost.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { createTestApp } from '../support/test-app.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createWorkRecord, startThroughApi } from '../support/records.ts';
import { createEmployee } from '../support/employees.ts';

const t = await createTestApp();
const admin = await t.signIn();
const workerId = await createEmployee(t, { user_name: 'editme', password: 'editme-pass' });
const worker = await t.signIn('editme', 'editme-pass');
let id: number;
beforeEach(async () => {
  id = await createWorkRecord(t, {
    slip_no: '500',
    started_on: '2026-11-20T23:00:00.000Z',
    finished_on: '2026-11-21T03:00:00.000Z',
    workers: [workerId],
    counts: { superior: 100 },
    breaks: [['2026-11-21T01:00:00.000Z', '2026-11-21T01:10:00.000Z', 2]],
    setups: [
      {
        span: ['2026-11-20T23:00:00.000Z', '2026-11-20T23:30:00.000Z'],
        breaks: [['2026-11-20T23:10:00.000Z', '2026-11-20T23:15:00.000Z', 3]],
      },
    ],
  });
});

const load = (recordId = id) => loadForEdit(admin, recordId);

/** A new master item through its screen's call, by its id. */
async function created(resource: string, name: string): Promise<number> {
  const response = await admin.post(`/api/${resource}`, { [resource]: { name } });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A new processing with its details, as its read answers it. */
async function createdProcessing(name: string, details: string[]): Promise<{ id: number; details: Array<{ id: number; name: string }> }> {
  const response = await admin.post('/api/processing', {
    processing: { name, details: details.map((detail) => ({ id: null, name: detail })) },
  });
  expect(response.statusCode).toBe(201);
  return (await admin.get(`/api/processing/${(response.json() as { id: number }).id}`)).json();
}

describe('GET /api/productcost/edit/{id}', () => {
  it('answers the whole record with its nested rows, machine and company ids, and history', async () => {
    const record = await load();
    expect(record).toMatchObject({
      id,
      version: 1,
      slip_no: '500',
      employees: [{ id: workerId, name: '山田 太郎' }],
      machine_id: null,
      company_id: null,
      started_on: '2026-11-21T08:00:00+09:00',
      finished_on: '2026-11-21T12:00:00+09:00',
      break_times: [
        { broken_on: '2026-11-21T10:00:00+09:00', restarted_on: '2026-11-21T10:10:00+09:00', interruption_id: 2, interruption_other: null },
      ],
      setup_times: [
        {
          started_on: '2026-11-21T08:00:00+09:00',
          finished_on: '2026-11-21T08:30:00+09:00',
          setup_break_times: [{ broken_on: '2026-11-21T08:10:00+09:00', restarted_on: '2026-11-21T08:15:00+09:00', interruption_id: 3 }],
        },
      ],
      superior: 100,
      total_defective: 0,
      defective_rate: 0,
      // Started at 08:00 in Tokyo, 23:00 the day before in UTC.
      state: WorkState.Finished,
      work_date: '2026-11-21',
      time_zone: 'Asia/Tokyo',
      history: [],
    });
  });

  it('names the state and the work date as the list does, for every state', async () => {
    const states = [WorkState.Working, WorkState.SettingUp, WorkState.SetupInterrupted, WorkState.WorkInterrupted, WorkState.EndOfDay];
    // 00:30 in Tokyo: the work date is not the date in UTC.
    const started_on = '2026-11-09T15:30:00.000Z';
    const ids = await Promise.all(states.map((state) => createWorkRecord(t, { state, started_on, workers: [workerId] })));
    const list = (await admin.get('/api/productcost?started_from=2026-11-10&started_to=2026-11-10')).json() as Array<{
      id: number;
      state: number;
      work_date: string;
    }>;
    for (const [index, recordId] of ids.entries()) {
      const { state, work_date } = await load(recordId);
      expect({ state, work_date }).toEqual({ state: states[index], work_date: '2026-11-10' });
      expect(list.find((row) => row.id === recordId)).toMatchObject({ state, work_date });
    }
  });

  it('names the masters the record holds that have been deleted since, and none that are still offered', async () => {
    expect((await load()).deleted_choices).toEqual({
      paper_sizes: [],
      processings: [],
      processing_details: [],
      machines: [],
      companies: [],
      interruptions: [],
    });
    const machineId = await created('machine', '断裁機 2号');
    const companyId = await created('company', '株式会社テスト印刷');
    const reasonId = await created('interruption', '停電');
    const { id: processingId, details } = await createdProcessing('箔押し', ['金箔']);
    // A4 (2), a break for the new reason, and a setup break for 打ち合わせ (3), which stays offered.
    const used = await createWorkRecord(t, {
      slip_no: '501',
      started_on: '2026-11-20T23:00:00.000Z',
      finished_on: '2026-11-21T03:00:00.000Z',
      workers: [workerId],
      paper_size_id: 2,
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
      machine_id: machineId,
      company_id: companyId,
      breaks: [['2026-11-21T01:00:00.000Z', '2026-11-21T01:10:00.000Z', reasonId]],
      setups: [
        {
          span: ['2026-11-20T23:00:00.000Z', '2026-11-20T23:30:00.000Z'],
          breaks: [['2026-11-20T23:10:00.000Z', '2026-11-20T23:15:00.000Z', 3]],
        },
      ],
    });
    // Deleting the processing keeps its detail, which leaves the selector with it.
    for (const path of [
      '/api/paper_size/2',
      `/api/machine/${machineId}`,
      `/api/company/${companyId}`,
      `/api/interruption/${reasonId}`,
      `/api/processing/${processingId}`,
    ]) {
      expect((await admin.delete(path)).statusCode).toBe(200);
    }
    const record = await load(used);
    expect(record.deleted_choices).toEqual({
      paper_sizes: [{ id: 2, name: 'A4' }],
      processings: [{ id: processingId, name: '箔押し' }],
      processing_details: [{ id: details[0]!.id, name: '金箔' }],
      machines: [{ id: machineId, name: '断裁機 2号' }],
      companies: [{ id: companyId, name: '株式会社テスト印刷' }],
      interruptions: [{ id: reasonId, name: '停電' }],
    });
    // Saved with a correction elsewhere (a save that changes nothing writes nothing, and checks nothing),
    // the record keeps them all.
    const corrected = await admin.put(`/api/productcost/${used}`, { productcost: { ...editable(record), superior: 123 } });
    expect(corrected.json()).toEqual({ result: true, version: record.version + 1 });
    expect(await load(used)).toMatchObject({
      superior: 123,
      paper_size_id: 2,
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
      machine_id: machineId,
      company_id: companyId,
    });
  });

  it('names a detail removed from its processing while the processing stays offered', async () => {
    const { id: processingId, details } = await createdProcessing('型押し', ['浅押し', '深押し']);
    const used = await createWorkRecord(t, {
      slip_no: '502',
      started_on: '2026-11-20T23:00:00.000Z',
      workers: [workerId],
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
    });
    const kept = { name: '型押し', details: [details[1]] };
    expect((await admin.put(`/api/processing/${processingId}`, { processing: kept })).statusCode).toBe(200);
    expect((await load(used)).deleted_choices).toMatchObject({
      processings: [],
      processing_details: [{ id: details[0]!.id, name: '浅押し' }],
    });
  });

  it('is for administrators: 403 to a worker, 404 for an unknown record', async () => {
    expect((await worker.get(`/api/productcost/edit/${id}`)).statusCode).toBe(403);
    expect((await admin.get('/api/productcost/edit/999999')).statusCode).toBe(404);
  });
});

describe('PUT /api/productcost/{id}', () => {
  it('saves the record whole, replacing nested rows in one go, and writes the audit log', async () => {
    const record = editable(await load());
    const response = await admin.put(`/api/productcost/${id}`, {
      productcost: {
        ...record,
        slip_no: '501',
        started_on: '2026/11/21 08:00',
        finished_on: '2026-11-21 12:30:00',
        break_times: [
          ...record.break_times,
          { id: null, broken_on: '2026/11/21 11:00', restarted_on: '2026/11/21 11:20', interruption_id: 5, interruption_other: '紙詰まり' },
        ],
        setup_times: [
          ...record.setup_times,
          {
            id: null,
            started_on: '2026/11/21 09:00',
            finished_on: '2026/11/21 09:30',
            setup_break_times: [{ broken_on: '2026/11/21 09:05', restarted_on: '2026/11/21 09:06', interruption_id: 1 }],
          },
        ],
        wound: '3',
        size: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: true, version: 2 });
    const saved = await load();
    expect(saved).toMatchObject({
      slip_no: '501',
      version: 2,
      finished_on: '2026-11-21T12:30:00+09:00',
      wound: 3,
      size: 1,
      total_defective: 4,
      defective_rate: 4,
    });
    expect(saved.break_times.map((b: { interruption_other: string | null }) => b.interruption_other)).toEqual([null, '紙詰まり']);
    expect(saved.setup_times).toHaveLength(2);
    expect(saved.setup_times[1].setup_break_times).toHaveLength(1);
    expect(saved.history).toEqual([
      {
        id: expect.any(Number),
        action: 'update',
        at: expect.stringMatching(/\+09:00$/),
        actor_name: '管理者',
        changes: [
          { item: '作業伝票No', before: '500', after: '501' },
          { item: '作業終了時間', before: '2026/11/21 12:00:00', after: '2026/11/21 12:30:00' },
          { item: '中断 2', before: null, after: '2026/11/21 11:00:00〜11:20:00 その他（紙詰まり）' },
          { item: '段取り 2', before: null, after: '2026/11/21 09:00:00〜09:30:00（段取り中断 1件）' },
          { item: 'キズ', before: '（未入力）', after: '3' },
          { item: 'サイズミス', before: '（未入力）', after: '1' },
        ],
        pressed: null,
      },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'product_costs')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ slip_no: '500', version: 1 });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ slip_no: '501', version: 2 });
    const totals = await t.database.db
      .selectFrom('product_costs')
      .select(['worked_seconds', 'breaked_seconds', 'setup_seconds', 'workers_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({
      worked_seconds: 270 * 60,
      breaked_seconds: (10 + 20 + 5 + 1) * 60,
      setup_seconds: (30 - 5 + 30 - 1) * 60,
      workers_name: '山田 太郎',
    });
    const kept = await t.database.db
      .selectFrom('setup_times')
      .select(['opened_by'])
      .where('product_cost_id', '=', id)
      .orderBy('started_on')
      .execute();
    expect(kept.map((row) => row.opened_by)).toEqual([null, expect.any(Number)]);
  });

  it('lists in 変更履歴 exactly the fields a correction changed, as the editor shows them, its masters named as they are now', async () => {
    const second = await createEmployee(t, { last_name: '佐藤', first_name: '花子' });
    const machineId = await created('machine', '断裁機 3号');
    const { id: processingId, details } = await createdProcessing('空押し', ['浅め']);
    const record = editable(await load());
    const corrected = {
      ...record,
      employees: [workerId, second],
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
      machine_id: machineId,
      finished_on: '2026/11/21 12:05',
      break_times: [{ ...record.break_times[0], interruption_id: 1 }],
      superior: 1250,
      miss: 0,
    };
    expect((await admin.put(`/api/productcost/${id}`, { productcost: corrected })).statusCode).toBe(200);
    expect((await admin.delete(`/api/machine/${machineId}`)).statusCode).toBe(200);
    // A detail leaves the selector with its processing, and is named so, as the editor's select names it.
    expect((await admin.delete(`/api/processing/${processingId}`)).statusCode).toBe(200);
    const [entry] = (await load()).history;
    expect(entry.changes).toEqual([
      { item: '作業者', before: '山田 太郎', after: '山田 太郎、佐藤 花子' },
      { item: '加工内容', before: '断裁', after: '空押し（削除済み）' },
      { item: '詳細', before: '全断', after: '浅め（削除済み）' },
      { item: '加工機', before: '（未入力）', after: '断裁機 3号（削除済み）' },
      { item: '作業終了時間', before: '2026/11/21 12:00:00', after: '2026/11/21 12:05:00' },
      { item: '中断 1 の中断内容', before: '機械故障', after: '材料待ち' },
      { item: '良品数', before: '100', after: '1,250' },
      { item: 'ポカミス', before: '（未入力）', after: '0' },
    ]);
  });

  it('shows entries whose before and after do not read as a record, of any shape, without lines rather than failing', async () => {
    const entry = { entity: 'product_costs', entity_id: id, action: 'update' as const, actor_id: null, at: '2026-11-21T04:00:00.000Z' };
    await t.database.db
      .insertInto('audit_logs')
      .values([
        { ...entry, before_json: '{not json', after_json: '[1, 2]' },
        { ...entry, before_json: JSON.stringify({ slip_no: 500, employees: 'x' }), after_json: JSON.stringify(null) },
        { ...entry, before_json: null, after_json: JSON.stringify({ note: '端末で記録', action: 'finish' }) },
        // An id no column holds (PostgreSQL refuses to look it up as an integer).
        { ...entry, before_json: JSON.stringify({ machine_id: 1e15 }), after_json: JSON.stringify({ machine_id: 1 }) },
      ])
      .execute();
    const { history } = await load();
    expect(history.map((row: HistoryEntry) => [row.action, row.changes, row.pressed])).toEqual([
      ['update', [], null],
      ['update', [], null],
      ['update', [], null],
      ['update', [], null],
    ]);
  });

  it('refuses a save over someone else’s newer save with 409 and saves nothing', async () => {
    const record = editable(await load());
    expect((await admin.put(`/api/productcost/${id}`, { productcost: { ...record, slip_no: '600' } })).statusCode).toBe(200);
    const stale = await admin.put(`/api/productcost/${id}`, { productcost: { ...record, slip_no: '700' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ result: false, errorMessage: editMessages.conflict });
    expect((await load()).slip_no).toBe('600');
  });

  describe('that changes nothing', () => {
    /** What a save leaves behind besides the record: its version and last change, its history, its board events. */
    const traces = async (recordId: number) => {
      const db = t.database.db;
      const record = await db
        .selectFrom('product_costs')
        .select(['version', 'updated_at', 'updated_by'])
        .where('id', '=', recordId)
        .executeTakeFirstOrThrow();
      const audits = await db
        .selectFrom('audit_logs')
        .select('id')
        .where('entity', '=', 'product_costs')
        .where('entity_id', '=', recordId)
        .execute();
      const events = await db.selectFrom('board_events').select('id').where('product_cost_id', '=', recordId).execute();
      return { ...record, audits: audits.length, events: events.length };
    };

    it('writes nothing and answers the version it stands at, for a record pressed on the floor, its times to the millisecond', async () => {
      const pressed = await startThroughApi(worker, workerId);
      expect((await worker.post(`/api/productcost/finish/${pressed}`, { superior: 100 })).statusCode).toBe(200);
      const before = await traces(pressed);
      const record = editable(await load(pressed));
      expect(record.version).toBe(before.version);

      const response = await admin.put(`/api/productcost/${pressed}`, { productcost: record });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: true, version: before.version });
      expect(await traces(pressed)).toEqual(before);
    });

    it('is the record with its times retyped to the minute, its workers in another order and its rows in another', async () => {
      const second = await createEmployee(t, { user_name: 'editme2', password: 'editme2-pass' });
      await t.database.db.insertInto('product_cost_workers').values({ product_cost_id: id, employee_id: second }).execute();
      const before = await traces(id);
      const record = editable(await load());
      const setup = { ...record.setup_times[0], setup_break_times: [...record.setup_times[0].setup_break_times] };
      const response = await admin.put(`/api/productcost/${id}`, {
        productcost: {
          ...record,
          employees: [...record.employees].reverse(),
          started_on: '2026/11/21 08:00',
          finished_on: '2026-11-21 12:00',
          setup_times: [{ ...setup, id: null, started_on: '2026/11/21 8:00', finished_on: '2026/11/21 8:30' }],
          break_times: [{ ...record.break_times[0], interruption_other: '  ' }],
        },
      });
      expect(response.json()).toEqual({ result: true, version: 1 });
      expect(await traces(id)).toEqual(before);
      expect((await load()).history).toEqual([]);
    });

    it('refuses all the same over a newer version with 409: it does not claim to have saved over a record it was not read from', async () => {
      const record = editable(await load());
      expect((await admin.put(`/api/productcost/${id}`, { productcost: { ...record, slip_no: '600' } })).statusCode).toBe(200);
      const unchangedSinceItsOwnRead = editable(await load());
      const before = await traces(id);
      const stale = await admin.put(`/api/productcost/${id}`, { productcost: { ...unchangedSinceItsOwnRead, version: record.version } });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ result: false, errorMessage: editMessages.conflict });
      expect(await traces(id)).toEqual(before);
    });

    it('leaves the version to a colleague’s open editor, whose save goes through; a save that changes something moves it on', async () => {
      const mine = editable(await load());
      const colleagues = editable(await load());
      expect((await admin.put(`/api/productcost/${id}`, { productcost: mine })).json()).toEqual({ result: true, version: 1 });
      const before = await traces(id);
      const changed = await admin.put(`/api/productcost/${id}`, { productcost: { ...colleagues, miss: 0 } });
      expect(changed.json()).toEqual({ result: true, version: 2 });
      const after = await traces(id);
      expect(after).toMatchObject({ version: 2, audits: before.audits + 1, events: before.events + 1 });
      expect(after.updated_at).not.toBe(before.updated_at);
      expect(await load()).toMatchObject({ version: 2, miss: 0 });
    });
  });

  it('refuses a save after a work action on the floor moved the record on', async () => {
    const running = await createWorkRecord(t, { started_on: new Date(Date.now() - 3600_000).toISOString(), workers: [workerId] });
    const record = editable(await load(running));
    await worker.post(`/api/productcost/break/${running}`, { interruption_id: 1 });
    expect((await admin.put(`/api/productcost/${running}`, { productcost: record })).statusCode).toBe(409);
  });

  it.each([
    [{ started_on: '' }, editMessages.startRequired],
    [{ break_times: [{ broken_on: '', interruption_id: 1 }] }, editMessages.breakStartRequired],
    [{ break_times: [{ broken_on: '2026/11/21 09:00', interruption_id: '' }] }, editMessages.breakReasonRequired],
    [{ setup_times: [{ started_on: '' }] }, editMessages.setupStartRequired],
    [{ setup_times: [{ started_on: '2026/11/21 08:00', setup_break_times: [{ broken_on: '' }] }] }, editMessages.setupBreakStartRequired],
    [
      { setup_times: [{ started_on: '2026/11/21 08:00', setup_break_times: [{ broken_on: '2026/11/21 08:01' }] }] },
      editMessages.setupBreakReasonRequired,
    ],
    [{ started_on: '21日 8時' }, editMessages.badTime('作業開始時間')],
    [{ finished_on: '2026/11/21 07:00' }, editMessages.endBeforeStart('作業')],
    [
      { break_times: [{ broken_on: '2026/11/21 07:00', restarted_on: '2026/11/21 07:30', interruption_id: 1 }] },
      editMessages.outsideRecord('中断'),
    ],
    [
      {
        setup_times: [
          {
            started_on: '2026/11/21 08:00',
            finished_on: '2026/11/21 08:20',
            setup_break_times: [{ broken_on: '2026/11/21 08:30', restarted_on: '2026/11/21 08:31', interruption_id: 1 }],
          },
        ],
      },
      editMessages.outsideSetup,
    ],
    [
      {
        break_times: [
          { broken_on: '2026/11/21 09:00', restarted_on: '2026/11/21 09:30', interruption_id: 1 },
          { broken_on: '2026/11/21 09:10', restarted_on: '2026/11/21 09:20', interruption_id: 1 },
        ],
      },
      editMessages.overlap('中断'),
    ],
    [{ break_times: [{ broken_on: '2026/11/21 08:20', restarted_on: '2026/11/21 08:25', interruption_id: 2 }] }, editMessages.breakInSetup],
    [{ slip_no: '' }, workMessages.slipNoRequired],
    [{ slip_no: '.-' }, workMessages.slipNoDigit],
    [{ employees: [] }, workMessages.workersRequired],
    [{ employees: [999999] }, workMessages.unknownWorker],
    [{ processing_detail_id: 3 }, workMessages.unknownProcessing],
    [
      { break_times: [{ broken_on: '2026/11/21 09:00', restarted_on: '2026/11/21 09:10', interruption_id: 999 }] },
      workMessages.unknownInterruption,
    ],
    [{ superior: -4 }, workMessages.count('良品数')],
  ])('refuses %j with its message and saves nothing', async (change, message) => {
    const record = editable(await load());
    const response = await admin.put(`/api/productcost/${id}`, { productcost: { ...record, ...change } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: message });
    const after = await load();
    expect(after.version).toBe(1);
    expect(after.slip_no).toBe('500');
  });

  it('is for administrators only', async () => {
    const record = editable(await load());
    expect((await worker.put(`/api/productcost/${id}`, { productcost: record })).statusCode).toBe(403);
    expect((await load()).version).toBe(1);
  });
});

describe('DELETE /api/productcost/{id}', () => {
  it('removes the record from the list, keeps the row, and writes the audit log', async () => {
    expect((await worker.delete(`/api/productcost/${id}`)).statusCode).toBe(403);
    const response = await admin.delete(`/api/productcost/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: true });
    expect((await admin.get(`/api/productcost/edit/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/productcost/${id}`)).statusCode).toBe(404);
    const list = (await admin.get('/api/productcost')).json() as Array<{ id: number }>;
    expect(list.some((row) => row.id === id)).toBe(false);
    const row = await t.database.db.selectFrom('product_costs').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity_id', '=', id)
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ slip_no: '500' });
    expect((await admin.delete(`/api/productcost/${id}`)).statusCode).toBe(404);
  });

  it('with the version read, refuses to delete a record changed since with 409 and keeps it', async () => {
    const record = editable(await load());
    expect((await admin.put(`/api/productcost/${id}`, { productcost: { ...record, slip_no: '600' } })).statusCode).toBe(200);
    const stale = await admin.delete(`/api/productcost/${id}?version=${record.version}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ result: false, errorMessage: editMessages.conflict });
    expect((await load()).slip_no).toBe('600');
    const deletes = await t.database.db
      .selectFrom('audit_logs')
      .select('id')
      .where('entity_id', '=', id)
      .where('action', '=', 'delete')
      .execute();
    expect(deletes).toEqual([]);
    expect((await admin.delete(`/api/productcost/${id}?version=${record.version + 1}`)).json()).toEqual({ result: true });
    expect((await admin.get(`/api/productcost/edit/${id}`)).statusCode).toBe(404);
  });

  it('refuses a version that is no number with 400', async () => {
    expect((await admin.delete(`/api/productcost/${id}?version=abc`)).statusCode).toBe(400);
    expect((await admin.delete(`/api/productcost/${id}?version=0`)).statusCode).toBe(400);
    expect((await load()).version).toBe(1);
  });
});
