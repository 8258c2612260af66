import { describe, expect, it } from 'vitest';
import { masterIdsOf, readOutboxPress, readSnapshot, recordChanges, type MasterNames, type RecordSnapshot } from './record-changes.ts';

const zone = 'Asia/Tokyo';
const names: MasterNames = {
  paper_sizes: new Map([[1, { name: 'A4', withdrawn: false }]]),
  processings: new Map([[1, { name: '印刷', withdrawn: false }]]),
  processing_details: new Map([[2, { name: '両面', withdrawn: false }]]),
  machines: new Map([
    [3, { name: '1号機', withdrawn: false }],
    [4, { name: '旧2号機', withdrawn: true }],
  ]),
  companies: new Map(),
  interruptions: new Map([
    [2, { name: '材料待ち', withdrawn: false }],
    [3, { name: '機械故障', withdrawn: false }],
    [5, { name: 'その他', withdrawn: false }],
  ]),
};

/** The job of a correction as the audit log keeps it: the editor's read, times with the workshop's offset. */
const saved: RecordSnapshot = {
  slip_no: '1024',
  employees: [{ id: 3, name: '田中 一郎' }],
  paper_size_id: 1,
  processing_id: 1,
  processing_detail_id: 2,
  machine_id: 3,
  company_id: null,
  started_on: '2026-11-28T08:00:00.412+09:00',
  finished_on: '2026-11-28T12:23:00+09:00',
  break_times: [
    { broken_on: '2026-11-28T10:00:00+09:00', restarted_on: '2026-11-28T10:15:00+09:00', interruption_id: 2, interruption_other: null },
  ],
  setup_times: [
    {
      started_on: '2026-11-28T08:00:00+09:00',
      finished_on: '2026-11-28T08:30:00+09:00',
      setup_break_times: [
        { broken_on: '2026-11-28T08:10:00+09:00', restarted_on: '2026-11-28T08:15:00+09:00', interruption_id: 3, interruption_other: null },
      ],
    },
  ],
  nowork_times: [],
  superior: 1200,
  wound: null,
  size: 0,
  miss: null,
  other: null,
  process2: null,
};

const changes = (after: Partial<RecordSnapshot>, before: RecordSnapshot = saved) =>
  recordChanges(before, { ...before, ...after }, names, zone);

describe('recordChanges', () => {
  it('lists a corrected finish and good count in the editor’s formats, and nothing else', () => {
    expect(changes({ finished_on: '2026-11-28T12:28:00+09:00', superior: 1250 })).toEqual([
      { item: '作業終了時間', before: '2026/11/28 12:23:00', after: '2026/11/28 12:28:00' },
      { item: '良品数', before: '1,200', after: '1,250' },
    ]);
  });

  it('tells an empty count from 0, and an open finish as （未入力）', () => {
    expect(changes({ wound: 0, size: null, finished_on: null })).toEqual([
      { item: '作業終了時間', before: '2026/11/28 12:23:00', after: '（未入力）' },
      { item: 'キズ', before: '（未入力）', after: '0' },
      { item: 'サイズミス', before: '0', after: '（未入力）' },
    ]);
  });

  it('leaves out what only differs where the screen does not show it: milliseconds, the workers’ order', () => {
    const two = { ...saved, employees: [...saved.employees!, { id: 7, name: '佐藤 花子' }] };
    expect(changes({ started_on: '2026-11-28T08:00:00+09:00', employees: [...two.employees].reverse() }, two)).toEqual([]);
  });

  it('compares workers as a set, named as saved', () => {
    expect(changes({ employees: [...saved.employees!, { id: 7, name: '佐藤 花子' }] })).toEqual([
      { item: '作業者', before: '田中 一郎', after: '田中 一郎、佐藤 花子' },
    ]);
  });

  it('names masters as the editor’s selects do, a withdrawn one marked （削除済み）, an empty one （未入力）', () => {
    expect(changes({ machine_id: 4, company_id: null, paper_size_id: null })).toEqual([
      { item: '用紙サイズ', before: 'A4', after: '（未入力）' },
      { item: '加工機', before: '1号機', after: '旧2号機（削除済み）' },
    ]);
    expect(changes({ machine_id: 99 })).toEqual([{ item: '加工機', before: '1号機', after: '（削除済み）' }]);
  });

  it('lists a row added, removed or changed by the editor’s row names, and leaves alone rows that only moved', () => {
    const first = saved.break_times![0]!;
    const earlier = { broken_on: '2026-11-28T09:00:00+09:00', restarted_on: null, interruption_id: 5, interruption_other: '清掃' };
    expect(changes({ break_times: [earlier, first] })).toEqual([
      { item: '中断 1', before: null, after: '2026/11/28 09:00:00〜 その他（清掃）' },
    ]);
    expect(changes({ break_times: [] })).toEqual([{ item: '中断 1', before: '2026/11/28 10:00:00〜10:15:00 材料待ち', after: null }]);
    expect(changes({ break_times: [{ ...first, broken_on: '2026-11-28T10:05:00+09:00', interruption_id: 3 }] })).toEqual([
      { item: '中断 1 の中断開始', before: '2026/11/28 10:00:00', after: '2026/11/28 10:05:00' },
      { item: '中断 1 の中断内容', before: '材料待ち', after: '機械故障' },
    ]);
  });

  it('takes a row whose start or end stayed for that row changed, wherever the rows around it went', () => {
    const first = saved.break_times![0]!;
    const second = {
      broken_on: '2026-11-28T11:00:00+09:00',
      restarted_on: '2026-11-28T11:15:00+09:00',
      interruption_id: 3,
      interruption_other: null,
    };
    // The first deleted, the second made longer: the second is not read as the first moved.
    expect(
      changes({ break_times: [{ ...second, restarted_on: '2026-11-28T11:20:00+09:00' }] }, { ...saved, break_times: [first, second] }),
    ).toEqual([
      { item: '中断 1 の中断終了', before: '2026/11/28 11:15:00', after: '2026/11/28 11:20:00' },
      { item: '中断 1', before: '2026/11/28 10:00:00〜10:15:00 材料待ち', after: null },
    ]);
    // One added before it, and it made longer: the new one is added, not the old one moved.
    const added = {
      broken_on: '2026-11-28T09:00:00+09:00',
      restarted_on: '2026-11-28T09:05:00+09:00',
      interruption_id: 2,
      interruption_other: null,
    };
    expect(changes({ break_times: [added, { ...first, restarted_on: '2026-11-28T10:20:00+09:00' }] })).toEqual([
      { item: '中断 2 の中断終了', before: '2026/11/28 10:15:00', after: '2026/11/28 10:20:00' },
      { item: '中断 1', before: null, after: '2026/11/28 09:00:00〜09:05:00 材料待ち' },
    ]);
  });

  it('lists a setup’s interruptions under the setup, and a setup removed with how many went with it', () => {
    const setup = saved.setup_times![0]!;
    const moved = { ...setup.setup_break_times![0]!, restarted_on: '2026-11-28T08:20:00+09:00' };
    expect(changes({ setup_times: [{ ...setup, setup_break_times: [moved] }] })).toEqual([
      { item: '段取り 1 の段取り中断 1 の中断終了', before: '2026/11/28 08:15:00', after: '2026/11/28 08:20:00' },
    ]);
    expect(changes({ setup_times: [] })).toEqual([
      { item: '段取り 1', before: '2026/11/28 08:00:00〜08:30:00（段取り中断 1件）', after: null },
    ]);
  });

  it('shows an end on another day with its date, and a 終業 row by its own columns', () => {
    const nowork = { started_on: '2026-11-28T17:00:00+09:00', finished_on: '2026-11-29T08:00:00+09:00' };
    expect(changes({ nowork_times: [nowork] })).toEqual([
      { item: '終業 1', before: null, after: '2026/11/28 17:00:00〜2026/11/29 08:00:00' },
    ]);
    expect(changes({ nowork_times: [{ ...nowork, finished_on: null }] }, { ...saved, nowork_times: [nowork] })).toEqual([
      { item: '終業 1 の始業時間', before: '2026/11/29 08:00:00', after: '（未入力）' },
    ]);
  });

  it('has no lines for an entry it cannot read, or one of another shape, and compares only fields both sides have', () => {
    expect(readSnapshot('{not json')).toBeUndefined();
    expect(readSnapshot(null)).toBeUndefined();
    expect(readSnapshot(JSON.stringify({ slip_no: 5 }))).toBeUndefined();
    const pressedLater = readSnapshot(JSON.stringify({ note: '端末で記録', action: 'finish', pressed_at: '2026-11-28T03:00:00.000Z' }));
    expect(recordChanges(undefined, pressedLater, names, zone)).toEqual([]);
    const old = readSnapshot(JSON.stringify({ slip_no: '1024', superior: 5 }));
    expect(recordChanges(old, readSnapshot(JSON.stringify(saved)), names, zone)).toEqual([{ item: '良品数', before: '5', after: '1,200' }]);
  });
});

describe('masterIdsOf', () => {
  it('gathers the masters both sides name, setups’ interruptions included', () => {
    expect(masterIdsOf([saved, { ...saved, machine_id: 4, break_times: [] }, undefined])).toEqual({
      paper_sizes: [1],
      processings: [1],
      processing_details: [2],
      machines: [3, 4],
      companies: [],
      interruptions: [2, 3],
    });
  });
});

describe('a press a tablet sent later, as its audit entry keeps it', () => {
  const entry = (after: unknown) => JSON.stringify(after);
  const pressed = { note: '端末で記録', action: 'break', pressed_at: '2026-11-21T03:23:00.000Z', received_at: '2026-11-21T03:31:05.000Z' };

  it('reads its action and the time it was pressed', () => {
    expect(readOutboxPress(entry(pressed))).toEqual({ action: 'break', pressed_at: '2026-11-21T03:23:00.000Z' });
    expect(readOutboxPress(entry({ ...pressed, action: 'start' }))).toEqual({ action: 'start', pressed_at: '2026-11-21T03:23:00.000Z' });
  });

  it('reads a correction, another note, an unknown action or a missing time as none', () => {
    for (const after of [
      { slip_no: '500' },
      { ...pressed, note: 'メモ' },
      { ...pressed, action: 'dance' },
      { ...pressed, pressed_at: undefined },
      { ...pressed, pressed_at: '昨日' },
      null,
    ]) {
      expect(readOutboxPress(entry(after)), JSON.stringify(after)).toBeUndefined();
    }
    expect(readOutboxPress('{not json')).toBeUndefined();
    expect(readOutboxPress(null)).toBeUndefined();
  });
});
