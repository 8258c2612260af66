import { useQuery } from '@tanstack/react-query';
import type { ProcessingItem } from '../../../domain/catalog.ts';
import type { SelectorItem } from '../../../domain/masters.ts';
import { api } from '../../api/client.ts';
import { readOncePerOpening } from '../../api/form-item-query.ts';
import { masterKeys } from '../../api/query-keys.ts';

export const processingKeys = masterKeys('processing');

/** What a save of a processing makes stale: every processing query and the details under them, the work screen's detail selector included. */
export const processingSaveInvalidates = [processingKeys.all, masterKeys('processing_detail').all];

export function useProcessingList() {
  return useQuery({ queryKey: processingKeys.list, queryFn: () => api<SelectorItem[]>('GET', '/api/processing') });
}

/** One processing as it is now, read once per opening of its form (readOncePerOpening), as useNamedMasterItem. */
export function useProcessing(id: number | undefined) {
  return useQuery({
    queryKey: processingKeys.item(id),
    queryFn: () => api<ProcessingItem>('GET', `/api/processing/${id}`),
    enabled: id !== undefined,
    ...readOncePerOpening,
  });
}
