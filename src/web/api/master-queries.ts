import type { NamedMasterItem } from '../../domain/masters.ts';
import { api } from './client.ts';
import { masterKeys } from './query-keys.ts';

/**
 * A master's list (its active items: machines, companies, …) under the master's own key, so that a
 * master screen's save, which refreshes that key, refreshes every screen that chooses from it.
 */
export const masterListQuery = (resource: string) => ({
  queryKey: masterKeys(resource).list,
  queryFn: () => api<NamedMasterItem[]>('GET', `/api/${resource}`),
});
