import { useQueries, useQuery, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { WorkerItem } from '../../../domain/employees.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import type { LoadedWorkRecord } from '../../../domain/product-cost.ts';
import { api, signedInAtLoad } from '../../api/client.ts';
import { masterListQuery } from '../../api/master-queries.ts';
import { masterKeys, productCostKeys } from '../../api/query-keys.ts';
import { isWaitingForConnection, waitOutLostConnection } from '../../api/read-retry.ts';
import { ensureCurrentUser, userKeys } from '../../api/user.ts';

export interface DetailItem extends SelectorItem {
  processing_id: number;
}

export function fetchWorkRecord(id: number): Promise<LoadedWorkRecord> {
  return api<LoadedWorkRecord>('GET', `/api/productcost/${id}`);
}

/** The work screen's read of one record, under the root of every record read. */
export const workRecordKeys = { record: (id: number) => [...productCostKeys.all, id, 'work'] as const };

/**
 * The work screen's reads go out even when the browser has reported the network gone (TanStack Query
 * would hold them back under a spinner): the service worker answers them from the tablet's copy. One it
 * cannot answer waits for the connection as a station's reads do, and is asked again as it returns.
 */
const floorRead = { networkMode: 'offlineFirst', ...waitOutLostConnection } as const;

/**
 * The record as it is now. Kept only while the screen shows it (gcTime 0): opened again later, the
 * screen must start from the server's state, never from a copy of how it once was.
 */
export function useWorkRecord(id: number) {
  return useQuery({ queryKey: workRecordKeys.record(id), queryFn: () => fetchWorkRecord(id), gcTime: 0, ...floorRead });
}

/**
 * How long a list just read counts as current: long enough that the screen, mounting right after
 * the route's prefetch has answered, takes those answers instead of asking again. An edit is not
 * hidden by it: every master screen's save invalidates the master's `all` key, which refetches
 * whatever it reaches however fresh.
 */
const OPTIONS_STALE_TIME_MS = 30_000;

/**
 * The lists the work screen chooses from. Keyed under each master's own key, so that a master
 * screen's save (which invalidates the master's `masterKeys(resource).all`) refreshes them too.
 */
const optionQueries = [
  { queryKey: masterKeys('employee').selector, queryFn: () => api<WorkerItem[]>('GET', '/api/employee/selector') },
  { queryKey: masterKeys('paper_size').selector, queryFn: () => api<SelectorItem[]>('GET', '/api/paper_size/selector') },
  { queryKey: masterKeys('processing').selector, queryFn: () => api<SelectorItem[]>('GET', '/api/processing/selector') },
  { queryKey: masterKeys('processing_detail').selector, queryFn: () => api<DetailItem[]>('GET', '/api/processing_detail/selector') },
  { queryKey: masterKeys('interruption').selector, queryFn: () => api<SelectorItem[]>('GET', '/api/interruption/selector') },
  masterListQuery('machine'),
  masterListQuery('company'),
].map((query) => ({ ...query, staleTime: OPTIONS_STALE_TIME_MS, ...floorRead }));

export interface WorkOptions {
  employees: WorkerItem[];
  paperSizes: SelectorItem[];
  processings: SelectorItem[];
  details: DetailItem[];
  interruptions: SelectorItem[];
  machines: SelectorItem[];
  companies: SelectorItem[];
}

/**
 * Asks for the lists as soon as the work address matches, beside the screen's code, instead of
 * after the screen has drawn its loading frame. Only for a signed-in user: a signed-out visit would
 * have each list refused with a 401. While the user's own request is still under way, a page the
 * server says came signed in asks at once, beside it: on a slow tablet that request's answer is
 * handled only after the app's start, and waiting for it held the lists back by a few hundred
 * milliseconds. Otherwise they wait for that answer. Nothing waits on this. A list that gets no
 * answer is asked again as the screen's reads are (floorRead), even when the screen never comes (the
 * worker went elsewhere first): a few requests until the server answers, and nothing else to show.
 */
export function prefetchWorkOptions(queryClient: QueryClient): void {
  const prefetch = () => optionQueries.forEach((query: FetchQueryOptions<unknown>) => void queryClient.prefetchQuery(query));
  if (signedInAtLoad && queryClient.getQueryState(userKeys.current)?.status === 'pending') return prefetch();
  void ensureCurrentUser(queryClient).then(
    (user) => user && prefetch(),
    // The user's own screen shows why the user is unknown.
    () => {},
  );
}

export function useWorkOptions() {
  return useQueries({
    queries: optionQueries,
    combine: (results) => {
      const [employees, paperSizes, processings, details, interruptions, machines, companies] = results.map((result) => result.data);
      const failed = results.find((result) => result.isError);
      return {
        options: results.every((result) => result.isSuccess)
          ? ({ employees, paperSizes, processings, details, interruptions, machines, companies } as WorkOptions)
          : undefined,
        error: failed?.error,
        waitingForConnection: results.some(isWaitingForConnection),
        retry: () => results.filter((result) => result.isError).forEach((result) => void result.refetch()),
      };
    },
  });
}
