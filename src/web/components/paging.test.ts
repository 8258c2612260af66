import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageRows, parsePage } from './paging.ts';

describe('paginated list (docs/PRODUCT.md#work-time-list: 20 a page)', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('jumps to the last page when the current one no longer exists', () => {
    expect(clampPage(5, 45, 20)).toBe(3);
    expect(clampPage(2, 45, 20)).toBe(2);
    expect(clampPage(3, 0, 20)).toBe(1);
    expect(clampPage(0, 45, 20)).toBe(1);
  });

  it('slices the rows of a page', () => {
    const rows = Array.from({ length: 45 }, (_, index) => index);
    expect(pageRows(rows, 1, 20)).toEqual(rows.slice(0, 20));
    expect(pageRows(rows, 3, 20)).toEqual([40, 41, 42, 43, 44]);
  });

  it('reads a page number from the address, the first page for anything else', () => {
    expect(parsePage('3')).toBe(3);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '9999999']) expect(parsePage(raw), String(raw)).toBe(1);
  });
});
