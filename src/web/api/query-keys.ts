import type { QueryKey } from '@tanstack/react-query';

/**
 * The roots of the query keys that several features share. Every read of work records (the work
 * screen's, the editor's, the list's) starts with `productCostKeys.all`, so that one invalidation
 * after any change to a record reaches them all.
 */
export const productCostKeys = {
  all: ['productcost'] as const,
  /** The lists of records, one per date range searched: what an edit or a press goes back to. */
  lists: ['productcost', 'list'] as const,
};

/**
 * The keys of a master resource ('employee', 'machine', 'processing', …): its list, one item, and
 * the selector the work screen chooses from. All start with the resource, so invalidating `all`
 * after a master's save refreshes the master screens and the work screen's choices alike.
 */
export function masterKeys(resource: string) {
  const all = [resource] as const;
  return {
    all,
    list: all,
    item: (id: number | undefined) => [...all, id] as const,
    selector: [...all, 'selector'] as const,
  };
}

/** Whether `key` is `prefix` or lies under it, as TanStack Query matches keys on invalidation. */
export function keyStartsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.every((part, index) => key[index] === part);
}

/** The floor board's reads: one per machine filter, all under `boardKeys.all` so that an event refreshes them at once. */
export const boardKeys = {
  all: ['board'] as const,
  machine: (machineId: number | null) => ['board', machineId] as const,
};
