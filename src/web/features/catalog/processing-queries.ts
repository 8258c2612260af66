import { useQuery } from '@tanstack/react-query';
import type { ProcessingItem } from '../../../domain/catalog.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import { api } from '../../api/client.ts';

/**
 * ['processing'] holds the list and ['processing', id] one processing; a save invalidates both and
 * the detail selector (['processing_detail', …]) of the work screens.
 */
export const processingQueryKeys = [['processing'], ['processing_detail']];

export function useProcessingList() {
  return useQuery({ queryKey: ['processing'], queryFn: () => api<SelectorItem[]>('GET', '/api/processing') });
}

export function useProcessing(id: number | undefined) {
  return useQuery({
    queryKey: ['processing', id],
    queryFn: () => api<ProcessingItem>('GET', `/api/processing/${id}`),
    enabled: id !== undefined,
  });
}
