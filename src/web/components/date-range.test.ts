import { describe, expect, it } from 'vitest';
import { normaliseDate, parseDate } from './date-range.ts';

describe('dates typed or given (docs/PRODUCT.md#work-time-list: yyyy/MM/dd in, YYYY-MM-DD out)', () => {
  it('reads yyyy/MM/dd as typed, and YYYY-MM-DD as the API writes it', () => {
    expect(parseDate('2026/11/22')).toBe('2026-11-22');
    expect(parseDate('2026-11-22')).toBe('2026-11-22');
    expect(parseDate(' 2026/1/5 ')).toBe('2026-01-05');
  });

  it('takes a leap day only in a leap year', () => {
    expect(parseDate('2028/02/29')).toBe('2028-02-29');
    expect(parseDate('2026/02/29')).toBeNull();
  });

  it('refuses what is not a whole, real date, so that half-typed text never becomes another date', () => {
    for (const text of [
      '',
      '2026',
      '2026/11',
      '2026/11/',
      '2026/13/01',
      '2026/02/30',
      '2026/11/22 08:30',
      '22/11/2026',
      'abc',
      '0050/01/01',
    ]) {
      expect(parseDate(text), text).toBeNull();
    }
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });

  it('empties an invalid incoming value', () => {
    expect(normaliseDate('2026/11/22')).toBe('2026-11-22');
    expect(normaliseDate('2026-02-30')).toBe('');
    expect(normaliseDate('yesterday')).toBe('');
    expect(normaliseDate(undefined)).toBe('');
  });
});
