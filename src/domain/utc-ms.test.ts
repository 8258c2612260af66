import { describe, expect, it } from 'vitest';
import { utcMs } from './utc-ms.ts';

describe('utcMs', () => {
  it('reads a stored time as Date.parse does', () => {
    expect(utcMs('2026-11-22T23:30:00.000Z')).toBe(Date.UTC(2026, 10, 22, 23, 30));
    expect(utcMs('1999-01-01T00:00:00.001Z')).toBe(Date.UTC(1999, 0, 1, 0, 0, 0, 1));
  });

  it('agrees with Date.parse every 37 minutes and a bit of four years, month ends and a leap day included', () => {
    // 37:37.037 apart: every hour and day is read, and the minutes, seconds and milliseconds each come
    // round through all their values, in 56,000 times rather than two million (seconds of a busy machine).
    const from = Date.UTC(2024, 0, 1);
    for (let ms = from; ms < from + 4 * 366 * 86_400_000; ms += 2_257_037) {
      const text = new Date(ms).toISOString();
      if (utcMs(text) !== ms) expect(utcMs(text), text).toBe(ms);
    }
  });

  it('leaves every other text to Date.parse: other forms, values out of range, a letter for a digit', () => {
    for (const text of [
      '2026-11-22T08:30:00+09:00',
      '2026-11-22T23:30:00Z',
      '2026-11-22',
      '2026-11-29T23:30:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-11-22T24:00:00.000Z',
      '2026-11-22T23:60:00.000Z',
      '2026-1a-22T23:30:00.000Z',
      '2026-11-22T23:30:0x.000Z',
      'not a time at all, really',
      '0050-01-01T00:00:00.000Z',
    ])
      expect([text, utcMs(text)]).toEqual([text, Date.parse(text)]);
  });
});
