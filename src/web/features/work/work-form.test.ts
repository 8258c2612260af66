import { describe, expect, it } from 'vitest';
import { workMessages } from '../../../domain/product-cost-fields.ts';
import { interruptionProblem, startProblem } from './work-checks.ts';
import {
  interruptionOfPress,
  interruptionPayload,
  countPayload,
  emptyCounts,
  emptyJobFields,
  initialMachine,
  initialWorkers,
  startKey,
  startPayload,
  startPressOf,
  workerChoices,
  type JobFields,
} from './work-form.ts';

const complete: JobFields = {
  slip_no: '12-345',
  employees: ['2', '3'],
  paper_size_id: '1',
  processing_id: '1',
  processing_detail_id: '2',
  machine_id: null,
  company_id: '4',
};

describe('the work form', () => {
  it('names the first missing field in the order of docs/PRODUCT.md#work-screen, filled one by one', () => {
    const steps: Array<[Partial<JobFields>, string | null]> = [
      [{}, workMessages.slipNoRequired],
      [{ slip_no: '--' }, workMessages.slipNoDigit],
      [{ slip_no: '12-345' }, workMessages.workersRequired],
      [{ employees: ['2'] }, workMessages.paperSizeRequired],
      [{ paper_size_id: '1' }, workMessages.processingRequired],
      [{ processing_id: '1' }, workMessages.processingRequired],
      [{ processing_detail_id: '2' }, null],
    ];
    let fields = emptyJobFields;
    for (const [patch, message] of steps) {
      fields = { ...fields, ...patch };
      expect(startProblem(fields, emptyCounts)).toBe(message);
    }
  });

  it('sends ids and counts as numbers, empty counts as null, with the derived values', () => {
    const counts = { superior: '200', wound: '3', size: '', miss: '1', other: '6' };
    expect(startPayload(complete, counts)).toEqual({
      slip_no: '12-345',
      employees: [2, 3],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 2,
      machine_id: null,
      company_id: 4,
      superior: 200,
      wound: 3,
      size: null,
      miss: 1,
      other: 6,
      total_defective: 10,
      defective_rate: 5,
    });
    expect(countPayload(emptyCounts)).toMatchObject({ superior: null, total_defective: 0, defective_rate: 0 });
  });

  it('asks for a reason before 中断, and for a text when the reason is その他', () => {
    expect(interruptionProblem({ interruption_id: null, interruption_other: '' })).toBe(workMessages.interruptionRequired);
    expect(interruptionProblem({ interruption_id: '5', interruption_other: '  ' })).toBe(workMessages.interruptionOtherRequired);
    expect(interruptionProblem({ interruption_id: '5', interruption_other: '紙詰まり' })).toBeNull();
    expect(interruptionProblem({ interruption_id: '1', interruption_other: '' })).toBeNull();
  });

  it('keeps a resumed record’s workers who have left the list', () => {
    const listed = [{ id: 2, name: '佐藤 花子' }];
    expect(workerChoices(listed, null)).toEqual(listed);
    const resumed = {
      employees: [
        { id: 2, name: '佐藤 花子' },
        { id: 9, name: '退職 者' },
      ],
    } as Parameters<typeof workerChoices>[1];
    expect(workerChoices(listed, resumed)).toEqual([...listed, { id: 9, name: '退職 者' }]);
  });
});

describe('a 開始 kept in the history entry', () => {
  const press = { key: 'k-1', fields: complete, counts: { ...emptyCounts, superior: '5' } };

  it('is read back only when it has the shape the screen wrote', () => {
    expect(startPressOf({ startPress: press })).toEqual(press);
    expect(startPressOf(null)).toBeNull();
    expect(startPressOf({})).toBeNull();
    expect(startPressOf({ startPress: { ...press, key: 1 } })).toBeNull();
    expect(startPressOf({ startPress: { ...press, fields: { ...complete, employees: [2] } } })).toBeNull();
    expect(startPressOf({ startPress: { ...press, counts: {} } })).toBeNull();
  });

  it('gives its key to the same request again, and a new key to a changed one', () => {
    const newKey = () => 'k-new';
    expect(startKey(press, complete, press.counts, newKey)).toBe('k-1');
    expect(startKey(press, { ...complete, slip_no: '999' }, press.counts, newKey)).toBe('k-new');
    expect(startKey(press, complete, emptyCounts, newKey)).toBe('k-new');
    expect(startKey(null, complete, press.counts, newKey)).toBe('k-new');
  });
});

describe('a new job’s machine', () => {
  it('is the station’s while it is offered, and none once it was deleted or without a station', () => {
    const offered = [
      { id: 4, name: '折り機1号' },
      { id: 5, name: '断裁機' },
    ];
    expect(initialMachine(offered, '5')).toBe('5');
    expect(initialMachine(offered, '9')).toBeNull();
    expect(initialMachine(offered, null)).toBeNull();
  });
});

describe('a new job’s workers', () => {
  it('start with the signed-in worker ticked, when offered as a worker', () => {
    const offered = [
      { id: 2, name: '山田 太郎' },
      { id: 3, name: '佐藤 花子' },
    ];
    expect(initialWorkers(offered, 3)).toEqual(['3']);
    expect(initialWorkers(offered, 1)).toEqual([]);
    expect(initialWorkers(offered, undefined)).toEqual([]);
  });
});

describe('the reason of a press still in the outbox', () => {
  it('is the 中断’s own, その他’s text included, and none for any other press', () => {
    expect(
      interruptionOfPress({ ...interruptionPayload({ interruption_id: '5', interruption_other: '紙詰まり' }), pressed_at: 'x' }),
    ).toEqual({
      interruption_id: '5',
      interruption_other: '紙詰まり',
    });
    expect(interruptionOfPress({ interruption_id: 1, interruption_other: null })).toEqual({ interruption_id: '1', interruption_other: '' });
    expect(interruptionOfPress({ pressed_at: 'x' })).toBeNull();
  });
});
