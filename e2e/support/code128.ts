/**
 * A Code 128 reader for tests, written from the standard (ISO/IEC 15417) rather than taken from the
 * encoder, so that a label's barcode is read back the way a scanner reads it: from one row of light
 * and dark pixels across the bars.
 */

import { CODE128_PATTERNS as PATTERNS } from '../../test/support/code128-patterns.ts';

const START_A = 103;
const STOP = 106;
const [SHIFT, CODE_C, CODE_B, CODE_A] = [98, 99, 100, 101];

/** The widths of the alternating runs of a row, from its first dark pixel to its last. */
function runsOf(row: readonly boolean[]): number[] {
  const first = row.indexOf(true);
  const last = row.lastIndexOf(true);
  if (first < 0) throw new Error('no bars in the row');
  const runs: number[] = [];
  for (let index = first; index <= last; index++) {
    if (index > first && row[index] === row[index - 1]) runs[runs.length - 1]! += 1;
    else runs.push(1);
  }
  return runs;
}

/** The text of the Code 128 symbol that one row of pixels (true: dark) crosses; throws when it is none. */
export function readCode128(row: readonly boolean[]): string {
  const runs = runsOf(row);
  // Six runs a character, the stop's seven: start, data, check, stop.
  const characters = (runs.length - 7) / 6;
  if (!Number.isInteger(characters) || characters < 2) throw new Error(`${runs.length} runs are no Code 128 symbol`);
  const values: number[] = [];
  for (let at = 0; at < runs.length - 7; at += 6) {
    const widths = runs.slice(at, at + 6);
    // Each character is 11 modules wide, whatever the scale.
    const module = widths.reduce((sum, width) => sum + width, 0) / 11;
    const pattern = widths.map((width) => String(Math.round(width / module))).join('');
    const value = PATTERNS.indexOf(pattern);
    if (value < 0 || value >= STOP) throw new Error(`no symbol character has the widths ${pattern}`);
    values.push(value);
  }
  const stopModule = runs.slice(-7).reduce((sum, width) => sum + width, 0) / 13;
  if (
    runs
      .slice(-7)
      .map((width) => String(Math.round(width / stopModule)))
      .join('') !== PATTERNS[STOP]
  )
    throw new Error('no stop character');

  const [start, ...rest] = values;
  const check = rest.pop()!;
  if (start! < START_A) throw new Error('no start character');
  const sum = rest.reduce((total, value, index) => total + value * (index + 1), start!);
  if (sum % 103 !== check) throw new Error(`the check character is ${check}, the symbol's sum says ${sum % 103}`);

  let set: 'A' | 'B' | 'C' = start === START_A ? 'A' : start === START_A + 1 ? 'B' : 'C';
  let shifted = false;
  let text = '';
  for (const value of rest) {
    const current = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    if (current === 'C') {
      if (value < 100) text += String(value).padStart(2, '0');
      else if (value === CODE_B || value === CODE_A) set = value === CODE_B ? 'B' : 'A';
      else throw new Error(`the function character ${value} is not read here`);
    } else if (value < 64) text += String.fromCharCode(value + 32);
    else if (value < 96) text += String.fromCharCode(current === 'A' ? value - 64 : value + 32);
    else if (value === SHIFT) shifted = true;
    else if (value === CODE_C) set = 'C';
    // Code B in set A, Code A in set B; the other of the two is FNC4 there.
    else if (value === (current === 'A' ? CODE_B : CODE_A)) set = current === 'A' ? 'B' : 'A';
    else throw new Error(`the function character ${value} is not read here`);
  }
  return text;
}
