import { normaliseDate, type DateRange } from '../../components/date-range.ts';
import { parsePage } from '../../components/paging.ts';

/**
 * The searched range, slip and page live in the address (?from=&to=&slip=&page=), so that 戻る from a
 * record and a reload show the same list. Without them nothing has been searched yet.
 */
export function searchedRange(params: URLSearchParams): DateRange | null {
  if (!params.has('from') && !params.has('to')) return null;
  return { from: normaliseDate(params.get('from')), to: normaliseDate(params.get('to')) };
}

export function searchedPage(params: URLSearchParams): number {
  return parsePage(params.get('page'));
}

/** The 作業伝票No the search narrows the range to (?slip=), empty when none. */
export function searchedSlip(params: URLSearchParams): string {
  return params.get('slip') ?? '';
}

/** A new search starts on the first page; the slip is in the address only when one is given. */
export function searchParamsFor(range: DateRange, slip = ''): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (slip.trim()) params.set('slip', slip.trim());
  return params;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}
