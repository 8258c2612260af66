import { jobSortKeys, type BreakdownBy } from '../../../domain/analytics-api.ts';
import { parseIdText } from '../../../domain/field-limits.ts';

/** The units each breakdown section offers, the first shown at first. */
export const sectionChoices = {
  oee: ['machine'],
  cost: ['company', 'processing', 'processing_detail', 'paper_size'],
  defects: ['machine', 'employee', 'processing'],
  trend: ['day', 'week', 'month'],
} as const satisfies Record<string, readonly BreakdownBy[]>;
export type Section = keyof typeof sectionChoices;

/** 作業別原価's order at first: the newest work date first. */
export const FIRST_JOB_SORT = '-work_date';

/** 作業別原価's order when it is narrowed from the Pareto to a stop reason: the jobs that lost the most to it first. */
export const REASON_JOB_SORT = '-reason_seconds';

/**
 * How 分析's sections are shown, kept in the address beside the range and the filters so that 戻る
 * from a job, a reload and a sent link show the same view: 作業別原価's order (`sort`), page
 * (`page`) and the stop reason it is narrowed to from the Pareto (`stop`, a 中断内容's id, or null),
 * and the unit of each breakdown that offers a choice (`cost`, `defects`, `trend`).
 */
export interface ScreenView {
  sort: string;
  page: number;
  stop: number | null;
  by: Record<Section, BreakdownBy>;
}

const jobSortPattern = new RegExp(`^-?(${jobSortKeys.join('|')})$`);

/** The view of the address; what it does not name, or names wrongly, is shown as at first. */
export function viewFromSearch(search: URLSearchParams): ScreenView {
  const stop = parseIdText(search.get('stop') ?? '');
  const sort = sortFor(search.get('sort') ?? '', stop);
  const page = Number(search.get('page'));
  const by = Object.fromEntries(
    (Object.entries(sectionChoices) as Array<[Section, readonly BreakdownBy[]]>).map(([section, choices]) => {
      const chosen = choices.find((choice) => choice === search.get(section));
      return [section, chosen ?? choices[0]!];
    }),
  ) as Record<Section, BreakdownBy>;
  return { sort, page: Number.isSafeInteger(page) && page > 1 ? page : 1, stop, by };
}

/** An order the table offers: by the time for a stop reason only while it is narrowed to one. */
export function sortFor(sort: string, stop: number | null): string {
  if (!jobSortPattern.test(sort)) return FIRST_JOB_SORT;
  return stop === null && sort.replace(/^-/, '') === 'reason_seconds' ? FIRST_JOB_SORT : sort;
}

/** The address's part of a view: only what differs from the first view, so that an untouched screen's address stays short. */
export function viewQuery(view: ScreenView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.sort !== FIRST_JOB_SORT) query.sort = view.sort;
  if (view.page > 1) query.page = String(view.page);
  if (view.stop !== null) query.stop = String(view.stop);
  for (const [section, choices] of Object.entries(sectionChoices) as Array<[Section, readonly BreakdownBy[]]>)
    if (view.by[section] !== choices[0]) query[section] = view.by[section];
  return query;
}
