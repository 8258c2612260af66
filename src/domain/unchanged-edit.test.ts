import { describe, expect, it } from 'vitest';
import { validateRecordTimes, type RecordEditInput } from './product-cost-edit.ts';
import { isUnchangedEdit, type RecordContent } from './unchanged-edit.ts';

/**
 * The job of docs/PRODUCT.md#worked-example as it is stored: pressed on the floor, so its times carry
 * the milliseconds of the server's clock, its rows their ids.
 */
const stored: RecordContent = {
  slip_no: '1024',
  employees: [3, 7],
  paper_size_id: 1,
  processing_id: 1,
  processing_detail_id: 2,
  machine_id: null,
  company_id: 4,
  superior: 1200,
  wound: 3,
  size: 2,
  miss: null,
  other: 1,
  process2: null,
  times: {
    started_on: '2026-11-19T23:00:00.412Z',
    finished_on: '2026-11-21T01:00:00.087Z',
    break_times: [
      { id: 11, start: '2026-11-20T01:00:00.250Z', end: '2026-11-20T01:15:00.999Z', interruption_id: 2, interruption_other: null },
    ],
    setup_times: [
      {
        id: 21,
        start: '2026-11-19T23:00:00.500Z',
        end: '2026-11-19T23:40:00.000Z',
        setup_break_times: [
          { id: 31, start: '2026-11-19T23:10:00.000Z', end: '2026-11-19T23:20:00.000Z', interruption_id: 1, interruption_other: null },
        ],
      },
    ],
    nowork_times: [{ id: 41, start: '2026-11-20T08:00:00.000Z', end: '2026-11-20T23:00:00.000Z' }],
  },
};

/** The same job as the editor shows it and sends it back untouched: to the second, in the workshop's zone. */
type Typed = Required<Pick<RecordEditInput, 'started_on' | 'finished_on' | 'break_times' | 'setup_times' | 'nowork_times'>>;
const typedTimes: Typed = {
  started_on: '2026/11/20 08:00:00',
  finished_on: '2026/11/21 10:00:00',
  break_times: [
    { id: 11, broken_on: '2026/11/20 10:00:00', restarted_on: '2026/11/20 10:15:00', interruption_id: 2, interruption_other: null },
  ],
  setup_times: [
    {
      id: 21,
      started_on: '2026/11/20 08:00:00',
      finished_on: '2026/11/20 08:40:00',
      setup_break_times: [
        { id: 31, broken_on: '2026/11/20 08:10:00', restarted_on: '2026/11/20 08:20:00', interruption_id: 1, interruption_other: null },
      ],
    },
  ],
  nowork_times: [{ id: 41, started_on: '2026/11/20 17:00:00', finished_on: '2026/11/21 08:00:00' }],
};

/** The edit as the server reads it: the stored job's fields, times as typed, then `change`. */
function edit(change: Partial<RecordContent> = {}, times: Partial<Typed> = {}): RecordContent {
  const checked = validateRecordTimes({ ...typedTimes, ...times }, 'Asia/Tokyo', new Date('2026-11-22T00:00:00Z'));
  if (!checked.ok) throw new Error(checked.message);
  return { ...stored, times: checked.times, ...change };
}

describe('a save that changes nothing', () => {
  it('is the record sent back as the editor showed it: times to the second, the milliseconds of the floor’s presses aside', () => {
    expect(isUnchangedEdit(edit(), stored)).toBe(true);
  });

  it('is the record with its times typed in another accepted form, without seconds where they were 0', () => {
    const retyped = edit({}, { started_on: '2026-11-20 8:00', finished_on: '２０２６／１１／２１　１０：００' });
    expect(isUnchangedEdit(retyped, stored)).toBe(true);
  });

  it('takes the workers as a set: another order, or one ticked twice, is the same workers', () => {
    expect(isUnchangedEdit(edit({ employees: [7, 3] }), stored)).toBe(true);
    expect(isUnchangedEdit(edit({ employees: [3, 7, 3] }), stored)).toBe(true);
  });

  it('takes the periods in the order of their times, whichever order the rows were sent in and whatever their ids', () => {
    const twoBreaks = {
      ...stored,
      times: {
        ...stored.times,
        break_times: [
          ...stored.times.break_times,
          {
            id: 12,
            start: '2026-11-20T03:00:00.000Z',
            end: '2026-11-20T03:05:00.000Z',
            interruption_id: 5,
            interruption_other: '紙詰まり',
          },
        ],
      },
    };
    const second = {
      id: null,
      broken_on: '2026/11/20 12:00',
      restarted_on: '2026/11/20 12:05',
      interruption_id: 5,
      interruption_other: ' 紙詰まり ',
    };
    // The later interruption listed first, deleted and typed again alike (no id), its その他 text with spaces about it.
    expect(isUnchangedEdit(edit({}, { break_times: [second, ...typedTimes.break_times] }), twoBreaks)).toBe(true);
  });

  it('is no more once any field differs', () => {
    expect(isUnchangedEdit(edit({ slip_no: '1025' }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ employees: [3] }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ employees: [3, 7, 8] }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ machine_id: 1 }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ company_id: null }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ process2: '至急' }), stored)).toBe(false);
  });

  it('tells an empty count from 0, as the editor shows them', () => {
    expect(isUnchangedEdit(edit({ miss: 0 }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ superior: 1201 }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({ wound: null }), stored)).toBe(false);
  });

  it('is no more once a time moves by a second, an end is emptied, or a period is added or removed', () => {
    expect(isUnchangedEdit(edit({}, { started_on: '2026/11/20 07:59:59' }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({}, { finished_on: '2026/11/21 09:59:59' }), stored)).toBe(false);
    const stillOpen = [{ ...typedTimes.nowork_times[0]!, finished_on: null }];
    expect(isUnchangedEdit(edit({}, { finished_on: null, nowork_times: stillOpen }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({}, { break_times: [] }), stored)).toBe(false);
    const [setup] = typedTimes.setup_times;
    expect(isUnchangedEdit(edit({}, { setup_times: [{ ...setup!, setup_break_times: [] }] }), stored)).toBe(false);
  });

  it('is no more once an interruption’s reason or その他の内容 differs', () => {
    const [pause] = typedTimes.break_times;
    expect(isUnchangedEdit(edit({}, { break_times: [{ ...pause!, interruption_id: 3 }] }), stored)).toBe(false);
    expect(isUnchangedEdit(edit({}, { break_times: [{ ...pause!, interruption_other: '停電' }] }), stored)).toBe(false);
  });

  it('keeps a setup interruption with its own setup: the same interruption under another setup is a change', () => {
    const [setup] = stored.times.setup_times;
    const later = { id: 22, start: '2026-11-20T02:00:00.000Z', end: '2026-11-20T02:30:00.000Z' };
    const twoSetups = (first: typeof setup, second: typeof setup): RecordContent => ({
      ...stored,
      times: { ...stored.times, setup_times: [first!, second!] },
    });
    const asStored = twoSetups(setup, { ...later, setup_break_times: [] });
    const moved = twoSetups({ ...setup!, setup_break_times: [] }, { ...later, setup_break_times: setup!.setup_break_times });
    expect(isUnchangedEdit(moved, asStored)).toBe(false);
  });
});
