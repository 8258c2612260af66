import { processingContent, shownMachineName, type ProductCostListRow } from '../../../domain/product-cost-list.ts';

/** What the list can be sorted by: one key for each column. */
export const sortKeys = [
  'state',
  'slip_no',
  'started_on',
  'workers_name',
  'paper_size_name',
  'processing',
  'machine_name',
  'worked_seconds',
  'breaked_seconds',
  'total_defective',
  'working_rate',
] as const;
export type SortKey = (typeof sortKeys)[number];

/** docs/PRODUCT.md#work-time-list: the sort of the list, kept in the browser's local storage. */
export interface Sort {
  key: SortKey;
  isAsc: boolean;
}

/** Newest first, the order the server answers in. */
export const defaultSort: Sort = { key: 'started_on', isAsc: false };

// Numbers inside text compare as numbers (slip 9 before slip 10), Japanese names in dictionary order.
const collator = new Intl.Collator('ja', { numeric: true });

/** Durations and rates sort by their numbers, never by their H:MM or % text. */
const sortValue: Record<SortKey, (row: ProductCostListRow) => string | number> = {
  // By state code: 完了, 作業中, 段取り中, 段取り中断, 作業中断, 終業, each state together.
  state: (row) => row.state,
  slip_no: (row) => row.slip_no,
  started_on: (row) => Date.parse(row.started_on),
  workers_name: (row) => row.workers_name,
  paper_size_name: (row) => row.paper_size_name,
  processing: processingContent,
  machine_name: shownMachineName,
  worked_seconds: (row) => row.worked_seconds,
  breaked_seconds: (row) => row.breaked_seconds,
  total_defective: (row) => row.total_defective,
  working_rate: (row) => row.working_rate,
};

function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/** Rows equal in the sorted column stay newest first whichever the direction, so the order never jumps. */
export function compareRows(sort: Sort): (a: ProductCostListRow, b: ProductCostListRow) => number {
  const value = sortValue[sort.key];
  return (a, b) => {
    const primary = compareValues(value(a), value(b));
    if (primary !== 0) return sort.isAsc ? primary : -primary;
    return Date.parse(b.started_on) - Date.parse(a.started_on) || b.id - a.id;
  };
}

export function sortRows(rows: readonly ProductCostListRow[], sort: Sort): ProductCostListRow[] {
  return [...rows].sort(compareRows(sort));
}

/** A click on a column header: the same column again reverses, another column starts ascending. */
export function nextSort(current: Sort, key: SortKey): Sort {
  return current.key === key ? { key, isAsc: !current.isAsc } : { key, isAsc: true };
}

/** The stored sort, or the default when the storage holds nothing usable (another version, a hand edit). */
export function parseStoredSort(raw: string | null): Sort {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    if (typeof value === 'object' && value !== null && 'key' in value && 'isAsc' in value) {
      const { key, isAsc } = value;
      if (sortKeys.includes(key as SortKey) && typeof isAsc === 'boolean') return { key: key as SortKey, isAsc };
    }
  } catch {
    // not JSON: the default below
  }
  return defaultSort;
}
