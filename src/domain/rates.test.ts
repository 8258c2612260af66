import { describe, expect, it } from 'vitest';
import { rateOn, rateStandings } from './rates.ts';

describe('rates with history', () => {
  const rates = [
    { valid_from: '2026-10-01', yen_per_hour: 1200 },
    { valid_from: '2026-04-01', yen_per_hour: 1000 },
  ];
  it('takes the rate with the latest valid_from on or before the work date', () => {
    expect(rateOn(rates, '2026-09-30')).toBe(1000);
    expect(rateOn(rates, '2026-10-01')).toBe(1200);
    expect(rateOn(rates, '2027-01-15')).toBe(1200);
  });
  it('has none before the first', () => {
    expect(rateOn(rates, '2026-03-31')).toBeNull();
    expect(rateOn([], '2026-03-31')).toBeNull();
  });
  it('marks, on a date, the rate that costs its jobs, the ones planned after it and the ones replaced before it', () => {
    const listed = [...rates, { valid_from: '2027-04-01', yen_per_hour: 1500 }];
    // 2026-11-27: 1,200 (from 2026-10-01) applies; 1,000 was replaced; 1,500 starts next April.
    expect(rateStandings(listed, '2026-11-27')).toEqual(['applies', 'past', 'planned']);
    // On the day a rate starts, that rate applies.
    expect(rateStandings(listed, '2027-04-01')).toEqual(['past', 'past', 'applies']);
    // Before the first one, none applies and all are planned.
    expect(rateStandings(listed, '2026-03-31')).toEqual(['planned', 'planned', 'planned']);
  });
  it('leaves out a rate whose start is being typed, so that it neither applies nor hides the one that does', () => {
    expect(rateStandings([{ valid_from: '' }, { valid_from: '2026-04-01' }, { valid_from: '2026-1' }], '2026-11-27')).toEqual([
      null,
      'applies',
      null,
    ]);
  });
});
