import { countFields } from '../../../domain/product-cost-fields.ts';
import type { CountValues } from './work-form.ts';

/**
 * The counts typed on a job in progress but not yet sent, kept on the tablet per record: they are
 * sent only with 終業 or 終了, and a station's sign-out after two idle minutes, a reload or a worker
 * who takes the job over on this tablet would otherwise find the keypads empty again.
 */
const key = (recordId: number) => `kosu-counts-draft-${recordId}`;

export function readCountDraft(recordId: number): CountValues | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key(recordId)) ?? 'null') as Record<string, unknown> | null;
    if (kept === null || !countFields.every((field) => typeof kept[field] === 'string')) return null;
    return Object.fromEntries(countFields.map((field) => [field, kept[field]])) as CountValues;
  } catch {
    return null;
  }
}

export function keepCountDraft(recordId: number, counts: CountValues): void {
  localStorage.setItem(key(recordId), JSON.stringify(counts));
}

/** Once the counts have gone with 終業 or 終了 (sent, or kept in the outbox to be sent). */
export function dropCountDraft(recordId: number): void {
  localStorage.removeItem(key(recordId));
}
