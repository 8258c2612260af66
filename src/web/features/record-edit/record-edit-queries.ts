import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { readOncePerOpening } from '../../api/form-item-query.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import type { EditRecord } from '../../../domain/product-cost-edit.ts';

/** The editor's read of one record, under the root of every record read. */
export const recordEditKeys = { record: (id: number) => [...productCostKeys.all, id, 'edit'] as const };

/** The record as it is now, read once per opening of the editor (readOncePerOpening). */
export function useEditRecord(id: number) {
  return useQuery({
    queryKey: recordEditKeys.record(id),
    queryFn: () => api<EditRecord>('GET', `/api/productcost/edit/${id}`),
    ...readOncePerOpening,
  });
}
