import { describe, expect, it } from 'vitest';
import { normaliseDate, parseTypedDate } from './date-range.ts';

describe('dates of the date-range input', () => {
  it('reads a typed month and day as a date of the current year', () => {
    expect(parseTypedDate('11/5', new Date(2027, 0, 10))).toBe('2027-11-05');
    expect(parseTypedDate('２０２６／１１／０５', new Date(2027, 0, 10))).toBe('2026-11-05');
    expect(parseTypedDate('2026/02/30')).toBeNull();
    expect(parseTypedDate(null)).toBeNull();
  });

  it('empties an incoming value that is not a whole date, and takes no year from the clock for it', () => {
    expect(normaliseDate('2026-11-22')).toBe('2026-11-22');
    expect(normaliseDate('2026-02-30')).toBe('');
    expect(normaliseDate('11/22')).toBe('');
    expect(normaliseDate('yesterday')).toBe('');
    expect(normaliseDate(undefined)).toBe('');
  });
});
