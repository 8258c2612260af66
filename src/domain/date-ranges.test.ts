import { describe, expect, it, vi } from 'vitest';
import { addDays, calendarDate, mondayOf, quickRange } from './date-ranges.ts';

describe('addDays', () => {
  it('counts across months, years and a leap day', () => {
    expect(addDays('2026-11-27', -1)).toBe('2026-11-26');
    expect(addDays('2026-12-28', 6)).toBe('2027-01-03');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('mondayOf', () => {
  it('is the Monday on or before the date: a week runs Monday to Sunday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-27')).toBe('2026-11-23'); // a Friday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday ends the week, not starts the next
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // a week across the new year
  });
});

describe('quickRange', () => {
  it('on Friday 2026-11-27', () => {
    expect(quickRange('today', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(quickRange('yesterday', '2026-11-27')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(quickRange('thisWeek', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(quickRange('lastWeek', '2026-11-27')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('on a Sunday, the last day of its week', () => {
    expect(quickRange('thisWeek', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(quickRange('lastWeek', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('on a Monday, whose yesterday is in last week', () => {
    expect(quickRange('yesterday', '2026-11-30')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(quickRange('thisWeek', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(quickRange('lastWeek', '2026-11-30')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('across a new year and a leap day', () => {
    expect(quickRange('yesterday', '2027-01-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(quickRange('thisWeek', '2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(quickRange('lastWeek', '2027-01-04')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(quickRange('thisWeek', '2028-03-01')).toEqual({ from: '2028-02-28', to: '2028-03-05' });
  });
});

describe('calendarDate', () => {
  it("is the device calendar's date, not UTC's", () => {
    // A device in Japan: 00:30 on the 27th there is 15:30 on the 26th in UTC (the tests' own zone).
    vi.stubEnv('TZ', 'Asia/Tokyo');
    try {
      expect(calendarDate(new Date(Date.UTC(2026, 10, 26, 15, 30)))).toBe('2026-11-27');
      expect(calendarDate(new Date(Date.UTC(2026, 0, 5, 14, 59)))).toBe('2026-01-05');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
