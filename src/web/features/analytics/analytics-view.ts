import { jobSortKeys, type BreakdownBy } from '../../../domain/analytics-api.ts';

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

/**
 * How 分析's sections are shown, kept in the address beside the range and the filters so that 戻る
 * from a job, a reload and a sent link show the same view: 作業別原価's order (`sort`) and page
 * (`page`), and the unit of each breakdown that offers a choice (`cost`, `defects`, `trend`).
 */
export interface ScreenView {
  sort: string;
  page: number;
  by: Record<Section, BreakdownBy>;
}

const jobSortPattern = new RegExp(`^-?(${jobSortKeys.join('|')})$`);

/** The view of the address; what it does not name, or names wrongly, is shown as at first. */
export function viewFromSearch(search: URLSearchParams): ScreenView {
  const sort = search.get('sort') ?? '';
  const page = Number(search.get('page'));
  const by = Object.fromEntries(
    (Object.entries(sectionChoices) as Array<[Section, readonly BreakdownBy[]]>).map(([section, choices]) => {
      const chosen = choices.find((choice) => choice === search.get(section));
      return [section, chosen ?? choices[0]!];
    }),
  ) as Record<Section, BreakdownBy>;
  return { sort: jobSortPattern.test(sort) ? sort : FIRST_JOB_SORT, page: Number.isSafeInteger(page) && page > 1 ? page : 1, by };
}

/** The address's part of a view: only what differs from the first view, so that an untouched screen's address stays short. */
export function viewQuery(view: ScreenView): Record<string, string> {
  const query: Record<string, string> = {};
  if (view.sort !== FIRST_JOB_SORT) query.sort = view.sort;
  if (view.page > 1) query.page = String(view.page);
  for (const [section, choices] of Object.entries(sectionChoices) as Array<[Section, readonly BreakdownBy[]]>)
    if (view.by[section] !== choices[0]) query[section] = view.by[section];
  return query;
}
