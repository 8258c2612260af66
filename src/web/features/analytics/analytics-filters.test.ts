import { describe, expect, it } from 'vitest';
import { analyticsMessages } from '../../../domain/analytics-api.ts';
import { calendarMonth, filterFromSearch, filterQuery, rangeProblem } from './analytics-filters.ts';

describe('rangeProblem', () => {
  it('asks for both ends, the right way round, in the server’s words', () => {
    expect(rangeProblem({ from: '', to: '2026-11-30' })).toBe(analyticsMessages.fromRequired);
    expect(rangeProblem({ from: '2026-11-01', to: '' })).toBe(analyticsMessages.toRequired);
    expect(rangeProblem({ from: '2026-11-02', to: '2026-11-01' })).toBe(analyticsMessages.rangeReversed);
  });

  it('takes a range of one day or more', () => {
    expect(rangeProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(rangeProblem({ from: '2026-10-31', to: '2026-11-01' })).toBeNull();
  });
});

describe('calendarMonth', () => {
  it('gives this month and last month from their first day to their last, across a year’s end', () => {
    const now = new Date(2026, 2, 15, 10);
    expect(calendarMonth(0, now)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(calendarMonth(-1, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(calendarMonth(-1, new Date(2027, 0, 31))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('the 作業伝票No filter in the address', () => {
  it('is read trimmed, kept after the masters and left out when empty', () => {
    const filter = filterFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30&machine_id=3&slip=+24-1187+'));
    expect(filter).toEqual({ from: '2026-11-01', to: '2026-11-30', machine_id: '3', slip: '24-1187' });
    expect(filterQuery(filter)).toBe('from=2026-11-01&to=2026-11-30&machine_id=3&slip=24-1187');
    expect(filterFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30&slip=')).slip).toBeUndefined();
  });
});
