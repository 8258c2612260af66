import { useState } from 'react';
import { parseStoredSort, type Sort } from './work-list-sort.ts';

const STORAGE_KEY = 'kosu.sort';

// Storage can be refused (private browsing, a locked-down tablet); the sort then lasts for the visit.
function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function store(sort: Sort): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(sort));
  } catch {
    // kept in memory only
  }
}

/** docs/PRODUCT.md#work-time-list: the list's sort survives a reload and the next visit. */
export function useStoredSort(): [Sort, (sort: Sort) => void] {
  const [sort, setSort] = useState(() => parseStoredSort(readStored()));
  const change = (next: Sort) => {
    setSort(next);
    store(next);
  };
  return [sort, change];
}
