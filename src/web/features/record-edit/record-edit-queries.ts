import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { EditRecord } from '../../../domain/product-cost-edit.ts';

export const editRecordKey = (id: number) => ['productcost', id, 'edit'] as const;

/**
 * The record as it is now. Kept only while the screen shows it (gcTime 0): opened again, the screen
 * starts from the server's version, never from a copy that a save would overwrite with 409.
 */
export function useEditRecord(id: number) {
  return useQuery({ queryKey: editRecordKey(id), queryFn: () => api<EditRecord>('GET', `/api/productcost/edit/${id}`), gcTime: 0 });
}
