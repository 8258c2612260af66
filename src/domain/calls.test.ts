import { describe, expect, it } from 'vitest';
import { callTotals, callWaitSeconds } from './calls.ts';

const now = new Date('2026-11-24T03:00:00.000Z');

describe('callWaitSeconds', () => {
  it('runs from the call to its answer', () => {
    expect(callWaitSeconds('2026-11-24T01:00:00.000Z', '2026-11-24T01:04:30.000Z', now)).toBe(270);
  });

  it('runs up to now while the call is open', () => {
    expect(callWaitSeconds('2026-11-24T02:50:00.000Z', null, now)).toBe(600);
  });

  it('drops parts of a second and is never negative', () => {
    expect(callWaitSeconds('2026-11-24T01:00:00.000Z', '2026-11-24T01:00:01.999Z', now)).toBe(1);
    expect(callWaitSeconds('2026-11-24T03:00:05.000Z', null, now)).toBe(0);
  });
});

describe('callTotals', () => {
  it('counts the calls and adds their waits, an open one up to now', () => {
    const calls = [
      { called_at: '2026-11-24T01:00:00.000Z', answered_at: '2026-11-24T01:04:30.000Z' },
      { called_at: '2026-11-24T02:50:00.000Z', answered_at: null },
    ];
    expect(callTotals(calls, now)).toEqual({ count: 2, wait_seconds: 270 + 600 });
  });

  it('is none and nothing for a record without calls', () => {
    expect(callTotals([], now)).toEqual({ count: 0, wait_seconds: 0 });
  });
});
