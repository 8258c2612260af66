import { useQuery } from '@tanstack/react-query';
import { CSV_FILE_NAME, LIST_WORKBOOK_NAME, type DownloadRequest, type ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { api, sendRequest } from '../../api/client.ts';
import { masterListQuery } from '../../api/master-queries.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import type { DateRange } from '../../components/date-range.ts';

/** The list of one search (date range, slip, machine), and the jobs in progress, under the root of every record read. */
export const workListKeys = {
  search: (range: DateRange | null, slip = '', machineId = '') =>
    [...productCostKeys.lists, range?.from, range?.to, slip, machineId] as const,
  inProgress: [...productCostKeys.lists, 'in_progress'] as const,
};

/**
 * The whole range at once, narrowed by the server to the slips holding `slip` and to the machine
 * `machineId`: the screen sorts and pages it itself. Nothing is asked before a search.
 */
export function useWorkList(range: DateRange | null, slip: string, machineId: string) {
  return useQuery({
    queryKey: workListKeys.search(range, slip, machineId),
    queryFn: () => {
      const query = new URLSearchParams({ started_from: range!.from, started_to: range!.to });
      if (slip) query.set('slip', slip);
      if (machineId) query.set('machine_id', machineId);
      return api<ProductCostListRow[]>('GET', `/api/productcost?${query}`);
    },
    enabled: range !== null,
  });
}

/** The machines 加工機 offers: the machines master's list (deleted ones left out), shared with the work screen's. */
export function useMachines() {
  return useQuery(masterListQuery('machine'));
}

/**
 * Every job in progress, whatever its date: what the screen shows before a search, so that a worker
 * signed in again finds the job to go on with in one tap instead of a search by date.
 */
export function useJobsInProgress(enabled: boolean) {
  return useQuery({
    queryKey: workListKeys.inProgress,
    queryFn: () => api<ProductCostListRow[]>('GET', '/api/productcost?in_progress=true'),
    enabled,
  });
}

// Some browsers read the object URL only after click() has returned, so it is freed a while later.
const KEEP_OBJECT_URL_MS = 60_000;

/** The list's download: its CSV, or the same as a workbook. */
export type ListFileFormat = DownloadRequest['format'];

/**
 * Saves the range's records as 作業時間一覧.csv (the server has written the byte-order mark for Excel)
 * or as the workbook 作業時間一覧.xlsx.
 */
export async function downloadList(range: DateRange, format: ListFileFormat): Promise<void> {
  const response = await sendRequest('POST', '/api/productcost/download', { from: range.from, to: range.to, format });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = format === 'csv' ? CSV_FILE_NAME : LIST_WORKBOOK_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_OBJECT_URL_MS);
}
