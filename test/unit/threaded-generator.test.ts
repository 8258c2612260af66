import { describe, expect, it } from 'vitest';
import { generateRecords, type MasterPool } from '../../bench/support/record-generator.ts';
import { tableRows } from '../../bench/support/sqlite-rows.ts';
import { startGeneratorThread } from '../../bench/support/threaded-generator.ts';

/** The benchmarks' data generator makes its records on a thread of its own while the writer writes them. */
const pool: MasterPool = {
  workers: [1, 2, 3],
  workerNames: new Map([
    [1, '田中 一郎'],
    [2, '佐藤 花子'],
    [3, '鈴木 健太'],
  ]),
  machines: [1, 2],
  companies: [1],
  paperSizes: [1],
  reasons: [1, 2, 5],
  details: [{ id: 1, processing_id: 1 }],
  costing: {
    categories: [{ id: 1, category: 'planned' }],
    machineRates: [{ owner_id: 1, valid_from: '2000-01-01', yen_per_hour: 3000 }],
    employeeRates: [{ owner_id: 2, valid_from: '2000-01-01', yen_per_hour: 1800 }],
  },
  timeZone: 'Asia/Tokyo',
};
const options = { total: 195, years: 1, firstId: { record: 1, period: 1 }, pool, seed: 7, batchSize: 10 };

/** Holds this thread, as a writer busy with a transaction does. */
const busyFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

describe('the generator on its own thread', () => {
  it('gives, piece by piece, the rows the same generator makes on this one', () => {
    const here = [...generateRecords(options)].map(tableRows);
    const pieces = startGeneratorThread().records(options);
    const there = [pieces.next().value!];
    // Meanwhile the thread makes the pieces it may make ahead (eight of the nineteen left), then waits.
    busyFor(300);
    there.push(...pieces);
    expect(there.map((piece) => piece.recordCount)).toEqual([...Array<number>(19).fill(10), 5]);
    expect(there).toEqual(here);
  });

  it('passes the thread’s error on to the writer', () => {
    const broken = { ...options, pool: { ...pool, costing: undefined as unknown as MasterPool['costing'] } };
    expect(() => [...startGeneratorThread().records(broken)]).toThrow(/categories/);
  });
});
