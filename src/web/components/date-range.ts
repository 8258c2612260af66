import { readDate } from '../../domain/dates.ts';

/** A range of work dates as YYYY-MM-DD; an empty end means no bound (docs/PRODUCT.md#work-date). */
export interface DateRange {
  from: string;
  to: string;
}

export const emptyDateRange: DateRange = { from: '', to: '' };

/** A date as typed into a date input, month and day alone being of the current year; null when unreadable. */
export function parseTypedDate(text: string | null | undefined, now = new Date()): string | null {
  return readDate(text ?? '', now.getFullYear());
}

/** A date given in an address or by the API: a value that is not a date empties that date (docs/PRODUCT.md#work-time-list). */
export function normaliseDate(value: string | null | undefined): string {
  return readDate(value ?? '') ?? '';
}
