import { describe, expect, it } from 'vitest';
import { analyticsMessages } from '../../../domain/analytics-api.ts';
import { rangeProblem } from './analytics-filters.ts';

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
