import { describe, expect, it } from 'vitest';
import { searchedMachine, searchedPage, searchedRange, searchedSlip, searchParamsFor, withPage } from './work-list-address.ts';

describe('the searched range in the address', () => {
  it('is absent until a search, so that entering the screen asks for nothing', () => {
    expect(searchedRange(new URLSearchParams(''))).toBeNull();
    expect(searchedRange(new URLSearchParams('page=2'))).toBeNull();
  });

  it('round-trips a range, open ends included, and starts a new search on page 1', () => {
    const params = searchParamsFor({ from: '2026-11-01', to: '' });
    expect(searchedRange(params)).toEqual({ from: '2026-11-01', to: '' });
    expect(searchedPage(params)).toBe(1);
    expect(searchedPage(withPage(params, 3))).toBe(3);
    expect(params.has('page')).toBe(false);
  });

  it('empties a date that is not one', () => {
    expect(searchedRange(new URLSearchParams('from=2026-02-30&to=x'))).toEqual({ from: '', to: '' });
  });
});

describe('the searched slip', () => {
  it('is in the address only when one is given, trimmed', () => {
    expect(searchParamsFor({ from: '', to: '' }, ' 1187 ').toString()).toBe('from=&to=&slip=1187');
    expect(searchParamsFor({ from: '', to: '' }, '  ').has('slip')).toBe(false);
    expect(searchedSlip(new URLSearchParams('from=&to=&slip=1187'))).toBe('1187');
    expect(searchedSlip(new URLSearchParams('from=&to='))).toBe('');
  });
});

describe('the searched machine', () => {
  it('is in the address only when one is chosen, beside the slip', () => {
    expect(searchParamsFor({ from: '2026-11-26', to: '2026-11-26' }, '1187', '3').toString()).toBe(
      'from=2026-11-26&to=2026-11-26&slip=1187&machine_id=3',
    );
    expect(searchParamsFor({ from: '', to: '' }, '', '').has('machine_id')).toBe(false);
    expect(searchedMachine(new URLSearchParams('from=&to=&machine_id=3'))).toBe('3');
    expect(searchedMachine(new URLSearchParams('from=&to='))).toBe('');
  });
});
