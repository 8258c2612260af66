import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobCost } from '../../../domain/analytics-api.ts';
import { api } from '../../api/client.ts';
import { readOncePerOpening } from '../../api/form-item-query.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import type { EditRecord } from '../../../domain/product-cost-edit.ts';

/** The editor's reads of one record, under the root of every record read: the record, and what it cost. */
export const recordEditKeys = {
  record: (id: number) => [...productCostKeys.all, id, 'edit'] as const,
  cost: (id: number) => [...productCostKeys.all, id, 'cost'] as const,
};

/** The record as it is now, read once per opening of the editor (readOncePerOpening). */
export function useEditRecord(id: number) {
  return useQuery({
    queryKey: recordEditKeys.record(id),
    queryFn: () => api<EditRecord>('GET', `/api/productcost/edit/${id}`),
    ...readOncePerOpening,
  });
}

/**
 * 原価と稼働: the record's cost and figures as saved (GET /api/analytics/jobs/{id}). Under the record's
 * keys, so that a save, which makes every read of the record stale but the form's own, reads it again.
 */
export const jobCostQuery = (id: number) =>
  queryOptions({
    queryKey: recordEditKeys.cost(id),
    queryFn: () => api<JobCost>('GET', `/api/analytics/jobs/${id}`),
    // Asked for beside the record as the editor opens; the section and the head drawn after it take that
    // answer instead of asking again. A save marks it stale with the record's keys.
    staleTime: 60_000,
  });
