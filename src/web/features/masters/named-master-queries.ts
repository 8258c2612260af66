import { useQuery } from '@tanstack/react-query';
import type { NamedMasterDefinition, NamedMasterItem } from '../../../domain/masters.ts';
import { api } from '../../api/client.ts';
import { readOncePerOpening } from '../../api/form-item-query.ts';
import { masterListQuery } from '../../api/master-queries.ts';
import { masterKeys } from '../../api/query-keys.ts';

/** The keys of a named master (machine, company, …): its list and items, and the work screen's choice of it. */
export const namedMasterKeys = (resource: NamedMasterDefinition['resource']) => masterKeys(resource);

export function useNamedMasterList({ resource }: NamedMasterDefinition) {
  return useQuery(masterListQuery(resource));
}

/**
 * One item as it is now, with the version its form sends back, read once per opening as the record
 * editor's record (readOncePerOpening).
 */
export function useNamedMasterItem({ resource }: NamedMasterDefinition, id: number | undefined) {
  return useQuery({
    queryKey: namedMasterKeys(resource).item(id),
    queryFn: () => api<NamedMasterItem>('GET', `/api/${resource}/${id}`),
    enabled: id !== undefined,
    ...readOncePerOpening,
  });
}
