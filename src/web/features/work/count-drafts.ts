import { countFields } from '../../../domain/product-cost-fields.ts';
import type { CountValues } from './work-form.ts';

/**
 * The counts typed on a job in progress but not yet sent, kept on the tablet per record: they are
 * sent only with 終業 or 終了, and a station's sign-out after two idle minutes, a reload or a worker
 * who takes the job up again on this tablet would otherwise find the keypads as the server left them.
 * Each copy keeps the counts it was typed over (`base`): once the server holds others (終業 on
 * another tablet, a correction), the copy is out of date and is dropped rather than shown over them.
 */
interface CountDraft {
  base: CountValues;
  counts: CountValues;
}

const key = (recordId: number) => `kosu-counts-draft-${recordId}`;

const countsIn = (value: unknown): value is CountValues =>
  typeof value === 'object' &&
  value !== null &&
  countFields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

const sameCounts = (a: CountValues, b: CountValues) => countFields.every((field) => a[field] === b[field]);

/** The counts kept for the record, while the server still holds those they were typed over. */
export function readCountDraft(recordId: number, held: CountValues): CountValues | null {
  let draft: Partial<CountDraft> | null = null;
  try {
    draft = JSON.parse(localStorage.getItem(key(recordId)) ?? 'null') as Partial<CountDraft> | null;
  } catch {
    // Not a copy this screen wrote: dropped below.
  }
  if (draft && countsIn(draft.base) && countsIn(draft.counts) && sameCounts(draft.base, held)) return draft.counts;
  dropCountDraft(recordId);
  return null;
}

export function keepCountDraft(recordId: number, base: CountValues, counts: CountValues): void {
  localStorage.setItem(key(recordId), JSON.stringify({ base, counts } satisfies CountDraft));
}

/** Once the counts have gone with 終業 or 終了 (sent, or kept in the outbox to be sent). */
export function dropCountDraft(recordId: number): void {
  localStorage.removeItem(key(recordId));
}
