import { analyticsMessages, type AnalyticsFilter } from '../../../domain/analytics-api.ts';
import { calendarDate } from '../../../domain/date-ranges.ts';

/** The filters 分析 offers besides the range, in the order of the screen, with their labels. */
export const filterFields = [
  { key: 'machine_id', label: '加工機' },
  { key: 'company_id', label: '会社' },
  { key: 'processing_id', label: '加工内容' },
  { key: 'processing_detail_id', label: '加工内容詳細' },
  { key: 'paper_size_id', label: '用紙サイズ' },
  { key: 'employee_id', label: '作業者' },
] as const;

export type FilterKey = (typeof filterFields)[number]['key'];

/** What the address holds: the range, the chosen filters and the 作業伝票No typed, as text. */
export type ScreenFilter = { from: string; to: string; slip?: string } & Partial<Record<FilterKey, string>>;

/**
 * A month from its first day to its last, in the workshop's calendar as the browser has it: this
 * month, or the one `offset` months from it (-1: last month, a month end's usual range).
 */
export function calendarMonth(offset = 0, now = new Date()): { from: string; to: string } {
  return {
    from: calendarDate(new Date(now.getFullYear(), now.getMonth() + offset, 1)),
    to: calendarDate(new Date(now.getFullYear(), now.getMonth() + offset + 1, 0)),
  };
}

/** The filter of the address, this month where it names no range. */
export function filterFromSearch(search: URLSearchParams, now = new Date()): ScreenFilter {
  const month = calendarMonth(0, now);
  const filter: ScreenFilter = { from: search.get('from') || month.from, to: search.get('to') || month.to };
  for (const { key } of filterFields) {
    const value = search.get(key);
    if (value) filter[key] = value;
  }
  const slip = search.get('slip')?.trim();
  if (slip) filter.slip = slip;
  return filter;
}

/**
 * What keeps a typed range from being shown, in the server's words, or null: 分析 needs both ends,
 * the right way round (the server refuses the others with the same messages).
 */
export function rangeProblem(range: { from: string; to: string }): string | null {
  if (!range.from) return analyticsMessages.fromRequired;
  if (!range.to) return analyticsMessages.toRequired;
  return range.from > range.to ? analyticsMessages.rangeReversed : null;
}

/** The query string of the API calls and of the address: the range, then each chosen filter, then the slip. */
export function filterQuery(filter: ScreenFilter, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  for (const { key } of filterFields) if (filter[key]) query.set(key, filter[key]!);
  if (filter.slip) query.set('slip', filter.slip);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

export type { AnalyticsFilter };
