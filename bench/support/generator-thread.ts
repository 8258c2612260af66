import { generateRecords } from './record-generator.ts';
import { asTableRows, type TableRows } from './sqlite-rows.ts';

/**
 * The generator's thread (threaded-generator.ts starts it): each piece of records as the tables'
 * rows, handed to `send`, while fewer than `ahead` pieces sent (`sentCount`) wait to be taken.
 */
export function generate(
  options: Parameters<typeof generateRecords>[0],
  sentCount: Int32Array,
  ahead: number,
  send: (piece: TableRows) => void,
): void {
  for (const piece of asTableRows(generateRecords(options))) {
    for (let waiting = Atomics.load(sentCount, 0); waiting >= ahead; waiting = Atomics.load(sentCount, 0))
      Atomics.wait(sentCount, 0, waiting);
    send(piece);
  }
}
