import { describe, expect, it } from 'vitest';
import { orderDates } from './slip-defaults.ts';

describe('orderDates', () => {
  it('spans 60 days either side of the job’s work date, across months and a year’s end', () => {
    expect(orderDates('2026-11-21')).toEqual({ from: '2026-09-22', to: '2027-01-20' });
    expect(orderDates('2026-03-01')).toEqual({ from: '2025-12-31', to: '2026-04-30' });
  });
});
