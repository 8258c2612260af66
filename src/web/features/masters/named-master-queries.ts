import { useQuery } from '@tanstack/react-query';
import type { NamedMasterDefinition, NamedMasterItem } from '../../../domain/masters.ts';
import { api } from '../../api/client.ts';

/** ['machine'] holds the list and ['machine', id] one item, so invalidating ['machine'] refreshes both. */
export function useNamedMasterList({ resource }: NamedMasterDefinition) {
  return useQuery({
    queryKey: [resource],
    queryFn: () => api<NamedMasterItem[]>('GET', `/api/${resource}`),
  });
}

export function useNamedMasterItem({ resource }: NamedMasterDefinition, id: number | undefined) {
  return useQuery({
    queryKey: [resource, id],
    queryFn: () => api<NamedMasterItem>('GET', `/api/${resource}/${id}`),
    enabled: id !== undefined,
  });
}
