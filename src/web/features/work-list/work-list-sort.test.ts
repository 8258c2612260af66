import { describe, expect, it } from 'vitest';
import type { ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { defaultSort, nextSort, parseStoredSort, sortRows, type Sort } from './work-list-sort.ts';

function row(id: number, fields: Partial<ProductCostListRow> = {}): ProductCostListRow {
  return {
    id,
    state: 0,
    stale: false,
    slip_no: String(id),
    started_on: `2026-11-${String(id).padStart(2, '0')}T08:00:00+09:00`,
    finished_on: null,
    work_date: `2026-11-${String(id).padStart(2, '0')}`,
    workers_name: '',
    paper_size_name: 'A4',
    processing_name: '断裁',
    processing_detail_name: '全断',
    machine_id: null,
    machine_name: '',
    machine_deleted: false,
    company_name: '',
    worked_time: '0:00',
    total_breaked_time: '0:00',
    setup_time: '0:00',
    worked_seconds: 0,
    breaked_seconds: 0,
    setup_seconds: 0,
    superior: null,
    wound: null,
    size: null,
    miss: null,
    other: null,
    total_defective: 0,
    defective_rate: 0,
    working_rate: 0,
    ...fields,
  };
}

const ids = (rows: ProductCostListRow[]) => rows.map((r) => r.id);
const sorted = (rows: ProductCostListRow[], sort: Sort) => ids(sortRows(rows, sort));

describe('sorting the list', () => {
  it('sorts by the work start, newest first by default', () => {
    expect(sorted([row(1), row(3), row(2)], defaultSort)).toEqual([3, 2, 1]);
  });

  it('sorts durations and rates by their numbers, not their text', () => {
    const rows = [row(1, { worked_seconds: 36_000, worked_time: '10:00' }), row(2, { worked_seconds: 7_200, worked_time: '2:00' })];
    expect(sorted(rows, { key: 'worked_seconds', isAsc: true })).toEqual([2, 1]);
    const rates = [row(1, { working_rate: 100 }), row(2, { working_rate: 87.5 }), row(3, { working_rate: 9.5 })];
    expect(sorted(rates, { key: 'working_rate', isAsc: true })).toEqual([3, 2, 1]);
    const breaks = [row(1, { breaked_seconds: 600 }), row(2, { breaked_seconds: 60 })];
    expect(sorted(breaks, { key: 'breaked_seconds', isAsc: false })).toEqual([1, 2]);
  });

  it('compares the numbers inside slip numbers as numbers', () => {
    const rows = [row(1, { slip_no: '10' }), row(2, { slip_no: '9' }), row(3, { slip_no: '100' })];
    expect(sorted(rows, { key: 'slip_no', isAsc: true })).toEqual([2, 1, 3]);
    expect(sorted(rows, { key: 'slip_no', isAsc: false })).toEqual([3, 1, 2]);
  });

  it('puts each state together in the order of its code, and keeps ties newest first in both directions', () => {
    const rows = [row(1, { state: 0 }), row(2, { state: 5 }), row(3, { state: 0 }), row(4, { state: 1 }), row(5, { state: 5 })];
    expect(sorted(rows, { key: 'state', isAsc: false })).toEqual([5, 2, 4, 3, 1]);
    expect(sorted(rows, { key: 'state', isAsc: true })).toEqual([3, 1, 4, 5, 2]);
  });

  it('sorts 加工内容 by the processing and then its detail', () => {
    const rows = [
      row(1, { processing_name: 'B', processing_detail_name: 'a' }),
      row(2, { processing_name: 'A', processing_detail_name: 'b' }),
      row(3, { processing_name: 'A', processing_detail_name: 'a' }),
    ];
    expect(sorted(rows, { key: 'processing', isAsc: true })).toEqual([3, 2, 1]);
  });

  it('sorts 加工機 by the name shown, in dictionary order with its numbers as numbers, a deleted one by its marked name', () => {
    const rows = [
      row(1, { machine_name: '断裁機 10号' }),
      row(2, { machine_name: '断裁機 2号' }),
      row(3, { machine_name: '折り機' }),
      row(4, { machine_name: '断裁機 2号', machine_deleted: true }),
      row(5, { machine_name: '' }),
    ];
    expect(sorted(rows, { key: 'machine_name', isAsc: true })).toEqual([5, 3, 2, 4, 1]);
  });

  it('does not change the rows it is given', () => {
    const rows = [row(1), row(2)];
    sortRows(rows, { key: 'slip_no', isAsc: false });
    expect(ids(rows)).toEqual([1, 2]);
  });

  it('reverses on a second click of the same header and starts ascending on another', () => {
    expect(nextSort({ key: 'slip_no', isAsc: true }, 'slip_no')).toEqual({ key: 'slip_no', isAsc: false });
    expect(nextSort({ key: 'slip_no', isAsc: false }, 'slip_no')).toEqual({ key: 'slip_no', isAsc: true });
    expect(nextSort({ key: 'slip_no', isAsc: false }, 'working_rate')).toEqual({ key: 'working_rate', isAsc: true });
  });
});

describe('the stored sort (docs/PRODUCT.md#work-time-list: key and isAsc in local storage)', () => {
  it('reads back what was stored', () => {
    expect(parseStoredSort(JSON.stringify({ key: 'worked_seconds', isAsc: true }))).toEqual({ key: 'worked_seconds', isAsc: true });
  });

  it('falls back to the default for anything else', () => {
    for (const raw of [
      null,
      '',
      'garbage',
      '{',
      'null',
      '42',
      '[]',
      '{"key":"slip_no"}',
      '{"key":"password","isAsc":true}',
      '{"key":"slip_no","isAsc":"yes"}',
      '{"key":"toString","isAsc":true}',
    ]) {
      expect(parseStoredSort(raw), String(raw)).toEqual(defaultSort);
    }
  });
});
