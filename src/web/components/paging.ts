/** At least one page, so that an empty list still has a page to be on. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** docs/PRODUCT.md#work-time-list: a page past the end, after the data changed, shows the last page instead. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** A page number from the address: a whole number from 1, or the first page. */
export function parsePage(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}
