import { useQueries, useQuery } from '@tanstack/react-query';
import type { WorkerItem } from '../../../domain/employees.ts';
import type { NamedMasterItem, SelectorItem } from '../../../domain/masters.ts';
import type { WorkRecord } from '../../../domain/product-cost.ts';
import { api } from '../../api/client.ts';
import { masterKeys, productCostKeys } from '../../api/query-keys.ts';

export interface DetailItem extends SelectorItem {
  processing_id: number;
}

export function fetchWorkRecord(id: number): Promise<WorkRecord> {
  return api<WorkRecord>('GET', `/api/productcost/${id}`);
}

/** The work screen's read of one record, under the root of every record read. */
export const workRecordKeys = { record: (id: number) => [...productCostKeys.all, id, 'work'] as const };

/**
 * The record as it is now. Kept only while the screen shows it (gcTime 0): opened again later, the
 * screen must start from the server's state, never from a copy of how it once was.
 */
export function useWorkRecord(id: number) {
  return useQuery({ queryKey: workRecordKeys.record(id), queryFn: () => fetchWorkRecord(id), gcTime: 0 });
}

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
  { queryKey: masterKeys('machine').list, queryFn: () => api<NamedMasterItem[]>('GET', '/api/machine') },
  { queryKey: masterKeys('company').list, queryFn: () => api<NamedMasterItem[]>('GET', '/api/company') },
] as const;

export interface WorkOptions {
  employees: WorkerItem[];
  paperSizes: SelectorItem[];
  processings: SelectorItem[];
  details: DetailItem[];
  interruptions: SelectorItem[];
  machines: SelectorItem[];
  companies: SelectorItem[];
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
        retry: () => results.filter((result) => result.isError).forEach((result) => void result.refetch()),
      };
    },
  });
}
