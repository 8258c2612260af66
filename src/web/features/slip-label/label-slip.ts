import { toHalfWidthText } from '../../../domain/dates.ts';
import { fieldMessages } from '../../../domain/field-limits.ts';
import { slipNoSchema } from '../../../domain/fields.ts';

/** The most labels one 印刷 prints: a morning's batch of orders, and no runaway range. */
export const LABELS_MAX = 100;

export const labelMessages = {
  tooMany: (count: number) => `一度に印刷できるのは${LABELS_MAX}枚までです（入力は${count}枚）。作業伝票Noを減らしてください。`,
  rangeTooMany: (count: number) => `一度に印刷できるのは${LABELS_MAX}枚までです（この範囲は${count}枚）。`,
  rangeShape: '範囲は 24-1187〜24-1195 のように、最初と最後の作業伝票Noを〜でつないで入力してください。',
  rangeEnds: '範囲の最初と最後は、最後の数字だけが違う作業伝票Noにしてください。',
  rangeOrder: '範囲の最後には、最初と同じか大きい番号を入力してください。',
  rangeWidths: '範囲の最初と最後は、0で始まる番号なら同じ桁数で入力してください。',
} as const;

/** What the field or the address asks for: the slips to print, and why the other entries print nothing. */
export interface LabelSlips {
  /** Each slip once, in the order entered, a range's in counting order. */
  slips: string[];
  /** One message for each entry that prints nothing, naming it (「ABC」：…), and the count's when there are too many. */
  refused: string[];
  /** Slips entered more than once (a range counts), each printed once all the same. */
  duplicates: string[];
}

/** Between slips: a line (a scanner's Enter), spaces, commas and 、. */
const separators = /[\s,、]+/;
/** Between a range's ends: ~ (and ～, which NFKC makes ~) or 〜, spaces around it aside. */
const rangeMark = /\s*[~〜]\s*/g;
/** A slip's last number part, and what comes before and after it. */
const lastNumber = /^(.*?)(\d+)(\D*)$/;

/**
 * The entries of the field as the address keeps them, one `slip_no` each: full-width digits, dashes
 * and spaces read as half-width (as the input method types them), a range written 24-1187~24-1195.
 */
export function labelEntries(text: string): string[] {
  return toHalfWidthText(text)
    .replace(rangeMark, '~')
    .split(separators)
    .filter((entry) => entry !== '');
}

/** The entries' slips, each by the work screen's slip rule (`slipNoSchema`), ranges counted out. */
export function readLabelSlips(entries: readonly string[]): LabelSlips {
  if (entries.length === 0) return { slips: [], refused: [fieldMessages.slipNoRequired], duplicates: [] };
  const slips = new Set<string>();
  const duplicates = new Set<string>();
  const refused = new Set<string>();
  for (const entry of entries) {
    const read = entry.includes('~') ? readRange(entry) : readSlip(entry);
    if ('refused' in read) {
      refused.add(`「${entry}」：${read.refused}`);
      continue;
    }
    for (const slip of read.slips) {
      if (slips.has(slip)) duplicates.add(slip);
      slips.add(slip);
    }
  }
  if (slips.size > LABELS_MAX) return { slips: [], refused: [...refused, labelMessages.tooMany(slips.size)], duplicates: [] };
  return { slips: [...slips], refused: [...refused], duplicates: [...duplicates] };
}

type Read = { slips: string[] } | { refused: string };

function readSlip(entry: string): Read {
  const parsed = slipNoSchema.safeParse(entry);
  return parsed.success ? { slips: [parsed.data] } : { refused: parsed.error.issues[0]!.message };
}

/**
 * 24-1187~24-1195: the ends differ only in their last number part, which counts up from the first
 * to the last, as wide as the first's (24-0098~24-0102 gives 24-0099 and 24-0100). The last end may
 * be written short, as its number alone or that number's last digits (24-1187~1195, 24-1187~95).
 */
function readRange(entry: string): Read {
  const ends = entry.split('~');
  if (ends.length !== 2 || ends.some((end) => end === '')) return { refused: labelMessages.rangeShape };
  const [first, written] = ends as [string, string];
  const firstRead = readSlip(first);
  if ('refused' in firstRead) return firstRead;
  const last = writtenOut(first, written);
  const lastRead = readSlip(last);
  if ('refused' in lastRead) return lastRead;
  const [, prefix, firstDigits, suffix] = lastNumber.exec(first)!;
  const [, lastPrefix, lastDigits, lastSuffix] = lastNumber.exec(last)!;
  if (prefix !== lastPrefix || suffix !== lastSuffix) return { refused: labelMessages.rangeEnds };
  // At most 15 digits, the slip's length: whole numbers that a double holds exactly.
  const [from, to] = [Number(firstDigits), Number(lastDigits)];
  if (to < from) return { refused: labelMessages.rangeOrder };
  // The count keeps the first's width: a last end written to another width (24-1~24-0003) is not the slip it would reach.
  if (String(to).padStart(firstDigits!.length, '0') !== lastDigits) return { refused: labelMessages.rangeWidths };
  const count = to - from + 1;
  if (count > LABELS_MAX) return { refused: labelMessages.rangeTooMany(count) };
  return {
    slips: Array.from({ length: count }, (_, index) => `${prefix}${String(from + index).padStart(firstDigits!.length, '0')}${suffix}`),
  };
}

/**
 * A range's last end as a slip: one written as digits alone stands for the first end with those
 * digits in place of the last ones of its last number part (24-1187 and 95 or 1195 are 24-1195), as
 * page ranges are written; a longer number takes the whole part (24-98 and 101 are 24-101).
 */
function writtenOut(first: string, last: string): string {
  if (!/^\d+$/.test(last)) return last;
  // A slip holds a digit (slipNoSchema), so the first end has a last number part.
  const [, prefix, digits, suffix] = lastNumber.exec(first)!;
  return `${prefix}${digits!.slice(0, Math.max(0, digits!.length - last.length))}${last}${suffix}`;
}
