import { describe, expect, it } from 'vitest';
import { readDate, toHalfWidth } from './dates.ts';

describe('readDate: dates as people type them', () => {
  it('reads the product’s own forms', () => {
    expect(readDate('2026/11/05')).toBe('2026-11-05');
    expect(readDate('2026-11-05')).toBe('2026-11-05');
    expect(readDate('2026/1/5')).toBe('2026-01-05');
    expect(readDate('2026.11.5')).toBe('2026-11-05');
  });

  it('reads eight digits without separators', () => {
    expect(readDate('20261105')).toBe('2026-11-05');
    expect(readDate('20260229')).toBeNull();
    expect(readDate('2026115')).toBeNull();
  });

  it('reads what the Japanese IME writes: full-width digits, slashes, hyphens and 年月日', () => {
    expect(readDate('２０２６／１１／０５')).toBe('2026-11-05');
    expect(readDate('２０２６１１０５')).toBe('2026-11-05');
    expect(readDate('２０２６－１１－０５')).toBe('2026-11-05');
    expect(readDate('2026ー11ー05')).toBe('2026-11-05');
    expect(readDate('２０２６年１１月５日')).toBe('2026-11-05');
    expect(readDate('　2026 / 11 / 5　')).toBe('2026-11-05');
  });

  it('reads month and day as a date of this year, when the year is known', () => {
    expect(readDate('11/5', 2026)).toBe('2026-11-05');
    expect(readDate('１／３１', 2027)).toBe('2027-01-31');
    expect(readDate('2/29', 2028)).toBe('2028-02-29');
    expect(readDate('2/29', 2026)).toBeNull();
    expect(readDate('11/5')).toBeNull();
  });

  it('refuses what is not a whole, real date, so that half-typed text never becomes another date', () => {
    for (const text of [
      '',
      '2026',
      '2026/11',
      '2026/13/01',
      '2026/02/30',
      '2026/11/22 08:30',
      '22/11/2026',
      'abc',
      '0050/01/01',
      '11/5/',
    ]) {
      expect(readDate(text, 2026), text).toBeNull();
    }
  });

  it('takes a leap day only in a leap year', () => {
    expect(readDate('2028/02/29')).toBe('2028-02-29');
    expect(readDate('2026/02/29')).toBeNull();
  });
});

describe('toHalfWidth', () => {
  it('writes full-width digits, signs and spaces as ASCII and every dash as a hyphen', () => {
    expect(toHalfWidth('２０２６／１１／０５　０８：３０')).toBe('2026/11/05 08:30');
    expect(toHalfWidth('2026−11‐05')).toBe('2026-11-05');
  });
});
