import { describe, expect, it } from 'vitest';
import { editMessages, validateRecordTimes } from '../../../domain/product-cost-edit.ts';
import {
  editPayload,
  formDurations,
  formFromRecord,
  newBreakRow,
  newNoworkRow,
  newSetupRow,
  selectChoices,
  workerChoices,
} from './record-edit-form.ts';
import type { EditRecord } from '../../../domain/product-cost-edit.ts';

const record: EditRecord = {
  id: 7,
  version: 3,
  slip_no: '500',
  employees: [{ id: 2, name: '山田 太郎' }],
  paper_size_id: 1,
  processing_id: 1,
  processing_detail_id: 2,
  machine_id: null,
  company_id: 4,
  started_on: '2026-11-21T08:00:00+09:00',
  finished_on: '2026-11-21T12:00:00+09:00',
  break_times: [
    {
      id: 11,
      broken_on: '2026-11-21T10:00:00+09:00',
      restarted_on: '2026-11-21T10:10:00+09:00',
      interruption_id: 5,
      interruption_other: '紙詰まり',
    },
  ],
  setup_times: [
    {
      id: 21,
      started_on: '2026-11-21T08:00:00+09:00',
      finished_on: null,
      setup_break_times: [
        {
          id: 31,
          broken_on: '2026-11-21T08:10:00+09:00',
          restarted_on: '2026-11-21T08:15:00+09:00',
          interruption_id: 3,
          interruption_other: null,
        },
      ],
    },
  ],
  nowork_times: [{ id: 41, started_on: '2026-11-21T09:00:00+09:00', finished_on: '2026-11-21T09:30:00+09:00' }],
  superior: 100,
  wound: 2,
  size: null,
  miss: 0,
  other: null,
  process2: '特記事項',
  state: 0,
  work_date: '2026-11-21',
  stale: false,
  time_zone: 'Asia/Tokyo',
  total_defective: 0,
  defective_rate: 0,
  history: [],
  calls: [],
  deleted_choices: { paper_sizes: [], processings: [], processing_details: [], machines: [], companies: [], interruptions: [] },
};

describe('the record edit form', () => {
  it('shows the loaded record in the workshop’s zone, ids and counts as text, empty as ""', () => {
    const form = formFromRecord({ ...record, time_zone: 'UTC' });
    expect(form).toMatchObject({
      slip_no: '500',
      employees: ['2'],
      paper_size_id: '1',
      processing_detail_id: '2',
      machine_id: '',
      company_id: '4',
      started_on: '2026/11/20 23:00:00',
      finished_on: '2026/11/21 03:00:00',
      break_times: [
        {
          id: 11,
          broken_on: '2026/11/21 01:00:00',
          restarted_on: '2026/11/21 01:10:00',
          interruption_id: '5',
          interruption_other: '紙詰まり',
        },
      ],
      setup_times: [
        {
          id: 21,
          started_on: '2026/11/20 23:00:00',
          finished_on: '',
          setup_break_times: [{ id: 31, interruption_id: '3', interruption_other: '' }],
        },
      ],
      nowork_times: [{ id: 41, started_on: '2026/11/21 00:00:00', finished_on: '2026/11/21 00:30:00' }],
      counts: { superior: '100', wound: '2', size: '', miss: '0', other: '' },
    });
    const keys = [...form.break_times, ...form.setup_times, ...form.setup_times[0]!.setup_break_times, ...form.nowork_times].map(
      (row) => row.key,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends back what it loaded unchanged, over the version it read, and the server’s check accepts it', () => {
    const payload = editPayload(formFromRecord(record), record);
    expect(payload).toEqual({
      version: 3,
      slip_no: '500',
      employees: [2],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 2,
      machine_id: null,
      company_id: 4,
      started_on: '2026/11/21 08:00:00',
      finished_on: '2026/11/21 12:00:00',
      break_times: [
        {
          id: 11,
          broken_on: '2026/11/21 10:00:00',
          restarted_on: '2026/11/21 10:10:00',
          interruption_id: 5,
          interruption_other: '紙詰まり',
        },
      ],
      setup_times: [
        {
          id: 21,
          started_on: '2026/11/21 08:00:00',
          finished_on: null,
          setup_break_times: [
            { id: 31, broken_on: '2026/11/21 08:10:00', restarted_on: '2026/11/21 08:15:00', interruption_id: 3, interruption_other: null },
          ],
        },
      ],
      nowork_times: [{ id: 41, started_on: '2026/11/21 09:00:00', finished_on: '2026/11/21 09:30:00' }],
      superior: 100,
      wound: 2,
      size: null,
      miss: 0,
      other: null,
      process2: '特記事項',
    });
    // The open setup is refused only because the record is finished: closed, the round trip itself is exact.
    const closed = [{ ...payload.setup_times[0]!, finished_on: '2026/11/21 08:30:00' }];
    expect(validateRecordTimes({ ...payload, setup_times: closed }, 'Asia/Tokyo')).toMatchObject({ ok: true });
  });

  it('sends new rows without id, empty ends and reasons as null, and その他 text only with reason その他', () => {
    const form = formFromRecord(record);
    const added = { ...newBreakRow(), broken_on: '2026/11/21 11:00', interruption_id: '2', interruption_other: '残った文字' };
    const setup = { ...newSetupRow(), started_on: '2026/11/21 09:00', setup_break_times: [newBreakRow()] };
    const stop = { ...newNoworkRow(), started_on: '2026/11/21 11:30' };
    const payload = editPayload({ ...form, finished_on: ' ', break_times: [added], setup_times: [setup], nowork_times: [stop] }, record);
    expect(payload.nowork_times).toEqual([{ id: null, started_on: '2026/11/21 11:30', finished_on: null }]);
    expect(payload.finished_on).toBeNull();
    expect(payload.break_times).toEqual([
      { id: null, broken_on: '2026/11/21 11:00', restarted_on: null, interruption_id: 2, interruption_other: null },
    ]);
    expect(payload.setup_times).toEqual([
      {
        id: null,
        started_on: '2026/11/21 09:00',
        finished_on: null,
        setup_break_times: [{ id: null, broken_on: '', restarted_on: null, interruption_id: null, interruption_other: null }],
      },
    ]);
    expect(validateRecordTimes(payload, 'Asia/Tokyo')).toEqual({
      ok: false,
      message: '段取り中断開始を入力してください',
      place: { row: { list: 'setup_break_times', setup: 0, index: 0 }, field: 'broken_on' },
    });
  });

  it('works out the durations of the times as typed, 終業 excluded, and none while they do not pass the checks', () => {
    const form = formFromRecord(record);
    const now = new Date('2026-11-22T00:00:00Z');
    // As loaded, the finished record still has its setup open.
    expect(formDurations(form, record.time_zone, now)).toMatchObject({ ok: false, message: editMessages.openAfterFinish('段取り') });
    const closed = { ...form, setup_times: [{ ...form.setup_times[0]!, finished_on: '2026/11/21 08:30' }] };
    expect(formDurations(closed, record.time_zone, now)).toEqual({
      ok: true,
      durations: { worked: (4 * 60 - 30) * 60_000, interruption: (10 + 5) * 60_000, setup: (30 - 5) * 60_000, workingRate: 92.9 },
    });
    // In progress, the work runs to now.
    const running = { ...closed, finished_on: '', nowork_times: [] };
    expect(formDurations(running, record.time_zone, new Date('2026-11-21T04:00:00Z'))).toMatchObject({
      durations: { worked: 5 * 3600_000 },
    });
  });

  it('offers an empty option, the list, and a choice of the record that has left the list since, by its name', () => {
    const items = [{ id: 1, name: 'A4' }];
    const deleted = [{ id: 9, name: 'B5' }];
    expect(selectChoices(items, '1', deleted)).toEqual([
      { value: '', label: '' },
      { value: '1', label: 'A4' },
    ]);
    expect(selectChoices(items, '9', deleted).at(-1)).toEqual({ value: '9', label: 'B5（削除済み）' });
    // Deleted after the record was read: no name is known, the mark still says why it is not in the list.
    expect(selectChoices(items, '8', deleted).at(-1)).toEqual({ value: '8', label: '（削除済み）' });
    expect(selectChoices(items, '', deleted)).toHaveLength(2);
  });

  it('lists the record’s workers who have left the selector after those in it', () => {
    const listed = [{ id: 1, name: '佐藤 花子' }];
    expect(workerChoices(listed, record)).toEqual([...listed, { id: 2, name: '山田 太郎' }]);
    expect(workerChoices([...listed, { id: 2, name: '山田 太郎' }], record)).toHaveLength(2);
  });
});
