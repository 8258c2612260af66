import { normaliseDate, type DateRange } from '../../components/date-range.ts';
import { parsePage } from '../../components/paging.ts';

/**
 * The searched range, slip, machine and page live in the address (?from=&to=&slip=&machine_id=&page=), so
 * that 戻る from a record and a reload show the same list. Without them nothing has been searched yet.
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

/**
 * The id of the 加工機 the search narrows the range to (?machine_id=), empty when none: as the address
 * has it, so that a malformed one reaches the server and is refused with its message.
 */
export function searchedMachine(params: URLSearchParams): string {
  return params.get('machine_id') ?? '';
}

/** A new search starts on the first page; the slip and the machine are in the address only when given. */
export function searchParamsFor(range: DateRange, slip = '', machineId = ''): URLSearchParams {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (slip.trim()) params.set('slip', slip.trim());
  if (machineId) params.set('machine_id', machineId);
  return params;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}
