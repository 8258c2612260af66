import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { loadForEdit } from '../support/edits.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/** The server's clock, which the test moves: a call's waiting time is counted by it. */
let now = new Date('2026-11-24T01:00:00.000Z');
const t = await createTestApp({}, {}, { clock: () => now });
const callerId = await createEmployee(t, { user_name: 'caller', password: 'caller-pass', last_name: '田中', first_name: '一郎' });
await createEmployee(t, { user_name: 'foreman', password: 'foreman-pass', last_name: '佐藤', first_name: '班長' });
const caller = await t.signIn('caller', 'caller-pass');
const foreman = await t.signIn('foreman', 'foreman-pass');
const admin = await t.signIn();

const QUALITY = 2; // 品質確認
const MAINTENANCE = 3; // 保全依頼
const at = (minutes: number, seconds = 0) => new Date(Date.parse('2026-11-24T01:00:00.000Z') + (minutes * 60 + seconds) * 1000);

/** A job in progress with a call answered after 4 min 30 s and a second call still open, read at 01:20. */
const calledId = await createWorkRecord(t, {
  slip_no: 'called',
  state: WorkState.Working,
  started_on: '2026-11-24T00:30:00.000Z',
  workers: [callerId],
});
const quietId = await createWorkRecord(t, {
  slip_no: 'quiet',
  state: WorkState.Working,
  started_on: '2026-11-24T00:40:00.000Z',
  workers: [callerId],
});
const first = (await caller.post(`/api/productcost/call/${calledId}`, { call_reason_id: QUALITY })).json().call_id as number;
now = at(4, 30);
expect((await foreman.post(`/api/productcost/call/answer/${first}`)).statusCode).toBe(200);
now = at(10);
expect((await caller.post(`/api/productcost/call/${calledId}`, { call_reason_id: MAINTENANCE })).statusCode).toBe(200);
now = at(20);

describe('calls in the record editor', () => {
  it('lists who called, why and when, who answered and when, and how long each waited, an open one up to now', async () => {
    const record = await loadForEdit(admin, calledId);
    expect(record.calls).toEqual([
      {
        id: first,
        reason: '品質確認',
        called_at: '2026-11-24T10:00:00+09:00',
        called_by_name: '田中 一郎',
        answered_at: '2026-11-24T10:04:30+09:00',
        answered_by_name: '佐藤 班長',
        ended_by_finish: false,
        ended_with: null,
        waited_seconds: 270,
      },
      {
        id: expect.any(Number),
        reason: '保全依頼',
        called_at: '2026-11-24T10:10:00+09:00',
        called_by_name: '田中 一郎',
        answered_at: null,
        answered_by_name: '',
        ended_by_finish: false,
        ended_with: null,
        waited_seconds: 600,
      },
    ]);
    expect((await loadForEdit(admin, quietId)).calls).toEqual([]);
  });
});

/** 呼出回数 and 呼出待ち時間 of each job of the day's CSV, by 作業伝票No; the header's last two cells. */
async function callCells() {
  const response = await caller.request({
    method: 'POST',
    url: '/api/productcost/download',
    payload: { from: '2026-11-24', to: '2026-11-24' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [header, ...rows] = parse(response.rawPayload.toString('utf8').slice(1)) as string[][];
  const slip = header!.indexOf('作業伝票No');
  return { header: header!.slice(-2), bySlip: Object.fromEntries(rows.map((row) => [row[slip], row.slice(-2)])) };
}

describe('calls in the CSV', () => {
  it('writes 呼出回数 and 呼出待ち時間 last: the waits together as H:MM, an open call up to now', async () => {
    const { header, bySlip } = await callCells();
    expect(header).toEqual(['呼出回数', '呼出待ち時間']);
    // 270 s and 600 s: 14 min 30 s, written to the minute like the other durations.
    expect(bySlip).toEqual({ called: ['2', '0:14'], quiet: ['0', '0:00'] });
    now = at(70);
    // 270 s and an hour.
    expect((await callCells()).bySlip.called).toEqual(['2', '1:04']);
  });
});

describe('a call open at 終業 in the CSV', () => {
  it('waits until 終業, not through the night until the next shift', async () => {
    now = at(100);
    const id = await createWorkRecord(t, {
      slip_no: 'overnight',
      state: WorkState.Working,
      started_on: at(90).toISOString(),
      workers: [callerId],
    });
    expect((await caller.post(`/api/productcost/call/${id}`, { call_reason_id: MAINTENANCE })).statusCode).toBe(200);
    now = at(130);
    expect((await caller.post(`/api/productcost/nowork/start/${id}`, { superior: 10 })).statusCode).toBe(200);
    now = at(130 + 12 * 60);
    expect((await callCells()).bySlip.overnight).toEqual(['1', '0:30']);
  });
});
