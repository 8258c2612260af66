import { normaliseDate, type DateRange } from '../../components/date-range.ts';
import { parsePage } from '../../components/paging.ts';

/**
 * The searched range and the page live in the address (?from=&to=&page=), so that 戻る from a
 * record and a reload show the same list. Without them nothing has been searched yet.
 */
export function searchedRange(params: URLSearchParams): DateRange | null {
  if (!params.has('from') && !params.has('to')) return null;
  return { from: normaliseDate(params.get('from')), to: normaliseDate(params.get('to')) };
}

export function searchedPage(params: URLSearchParams): number {
  return parsePage(params.get('page'));
}

/** A new search starts on the first page. */
export function searchParamsFor(range: DateRange): URLSearchParams {
  return new URLSearchParams({ from: range.from, to: range.to });
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}
