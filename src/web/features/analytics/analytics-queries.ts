import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary, BreakdownBy, BreakdownRow, JobRow, LossRow, MissingRates } from '../../../domain/analytics-api.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import { api, sendRequest } from '../../api/client.ts';
import { masterKeys } from '../../api/query-keys.ts';
import { filterQuery, type ScreenFilter } from './analytics-filters.ts';

/** The keys of 分析's reads: all under `analytics`, each with the filter it was asked with. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (filter: ScreenFilter) => ['analytics', 'summary', filter] as const,
  missingRates: (filter: ScreenFilter) => ['analytics', 'missing_rates', filter] as const,
  losses: (filter: ScreenFilter) => ['analytics', 'losses', filter] as const,
  breakdown: (filter: ScreenFilter, by: BreakdownBy) => ['analytics', 'breakdown', by, filter] as const,
  jobs: (filter: ScreenFilter, page: number, sort: string, stop: number | null) => ['analytics', 'jobs', filter, page, sort, stop] as const,
  options: ['analytics', 'options'] as const,
};

export const useSummary = (filter: ScreenFilter) =>
  useQuery({
    queryKey: analyticsKeys.summary(filter),
    queryFn: () => api<AnalyticsSummary>('GET', `/api/analytics/summary?${filterQuery(filter)}`),
  });

/** Asked for only when the summary counts jobs costed without a rate. */
export const useMissingRates = (filter: ScreenFilter, wanted: boolean) =>
  useQuery({
    queryKey: analyticsKeys.missingRates(filter),
    queryFn: () => api<MissingRates>('GET', `/api/analytics/missing_rates?${filterQuery(filter)}`),
    enabled: wanted,
  });

export const useLosses = (filter: ScreenFilter) =>
  useQuery({
    queryKey: analyticsKeys.losses(filter),
    queryFn: () => api<LossRow[]>('GET', `/api/analytics/losses?${filterQuery(filter)}`),
  });

export const breakdownQuery = (filter: ScreenFilter, by: BreakdownBy) =>
  queryOptions({
    queryKey: analyticsKeys.breakdown(filter, by),
    queryFn: () => api<BreakdownRow[]>('GET', `/api/analytics/breakdown?${filterQuery(filter, { by })}`),
    placeholderData: keepPreviousData,
  });

export const useBreakdown = (filter: ScreenFilter, by: BreakdownBy) => useQuery(breakdownQuery(filter, by));

export const JOB_PAGE_SIZE = 20;

/** 作業別原価's own query beside the filters: its order, and the stop reason it may be narrowed to. */
export const jobTableParams = (sort: string, stop: number | null): Record<string, string> =>
  stop === null ? { sort } : { sort, interruption_id: String(stop) };

export const jobsQuery = (filter: ScreenFilter, page: number, sort: string, stop: number | null) =>
  queryOptions({
    queryKey: analyticsKeys.jobs(filter, page, sort, stop),
    queryFn: async () => {
      const query = filterQuery(filter, { page: String(page), per_page: String(JOB_PAGE_SIZE), ...jobTableParams(sort, stop) });
      const response = await sendRequest('GET', `/api/analytics/jobs?${query}`);
      const rows = (await response.json()) as JobRow[];
      return { rows, total: Number(response.headers.get('X-Total-Count') ?? rows.length) };
    },
    placeholderData: keepPreviousData,
  });

export const useJobs = (filter: ScreenFilter, page: number, sort: string, stop: number | null) =>
  useQuery(jobsQuery(filter, page, sort, stop));

/**
 * The stop reasons' names, for 作業別原価 narrowed to one that the range's Pareto does not name (a link
 * sent from another month, a filter chosen since): asked for only then.
 */
export const useStopReasons = (wanted: boolean) =>
  useQuery({
    // The selector the work screen reads under the master's key, so that a save of 中断内容 refreshes it here too.
    queryKey: masterKeys('interruption').selector,
    queryFn: () => api<SelectorItem[]>('GET', '/api/interruption/selector'),
    enabled: wanted,
    staleTime: 60_000,
  });

/** What each filter chooses from. */
export const useFilterOptions = () =>
  useQuery({
    queryKey: analyticsKeys.options,
    queryFn: async () => {
      const [machine_id, company_id, processing_id, processing_detail_id, paper_size_id, employee_id] = await Promise.all(
        [
          '/api/machine',
          '/api/company',
          '/api/processing/selector',
          '/api/processing_detail/selector',
          '/api/paper_size/selector',
          '/api/employee/selector',
        ].map((url) => api<SelectorItem[]>('GET', url)),
      );
      return { machine_id, company_id, processing_id, processing_detail_id, paper_size_id, employee_id };
    },
    staleTime: 60_000,
  });
