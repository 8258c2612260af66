/** A range of work dates as YYYY-MM-DD; an empty end means no bound (docs/PRODUCT.md#work-date). */
export interface DateRange {
  from: string;
  to: string;
}

export const emptyDateRange: DateRange = { from: '', to: '' };

const datePattern = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/;

/**
 * A date as typed (yyyy/MM/dd, the product's standard) or as the API writes it (YYYY-MM-DD), as
 * YYYY-MM-DD. null for anything else, a day that does not exist (2026/02/30) included, so that a
 * half-typed date is never taken for another one.
 */
export function parseDate(text: string | null | undefined): string | null {
  const match = datePattern.exec(text?.trim() ?? '');
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A value that is not a date empties that date (docs/PRODUCT.md#work-time-list). */
export function normaliseDate(value: string | null | undefined): string {
  return parseDate(value) ?? '';
}
