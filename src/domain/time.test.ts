import { describe, expect, it } from 'vitest';
import { nextDate, startOfWorkDate, toWorkshopIso, workDate, workshopClockTime } from './time.ts';

describe('workshop time', () => {
  it('writes instants with the workshop offset', () => {
    expect(toWorkshopIso('2026-11-21T23:30:00.000Z', 'Asia/Tokyo')).toBe('2026-11-22T08:30:00+09:00');
  });
  it('follows a zone with summer time across its change, and a zone behind UTC', () => {
    expect(toWorkshopIso('2026-03-08T06:59:00.000Z', 'America/New_York')).toBe('2026-03-08T01:59:00-05:00');
    expect(toWorkshopIso('2026-03-08T07:00:00.000Z', 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    expect(toWorkshopIso('2026-11-21T23:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-22T05:00:00+05:30');
    expect(workDate('2026-11-22T03:00:00.000Z', 'America/New_York')).toBe('2026-11-21');
  });
  it('dates a moment in the workshop time zone', () => {
    expect(workDate('2026-11-21T14:59:00.000Z', 'Asia/Tokyo')).toBe('2026-11-21');
    expect(workDate('2026-11-21T15:00:00.000Z', 'Asia/Tokyo')).toBe('2026-11-22');
  });
  it('finds where a workshop date begins in UTC', () => {
    expect(startOfWorkDate('2026-11-22', 'Asia/Tokyo')).toBe('2026-11-21T15:00:00.000Z');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });
  it('tells the workshop clock time of a moment, rounded up to the whole minute', () => {
    expect(workshopClockTime('2026-11-21T23:05:00.000Z', 'Asia/Tokyo')).toBe('8:05');
    expect(workshopClockTime('2026-11-21T23:05:00.001Z', 'Asia/Tokyo')).toBe('8:06');
    expect(workshopClockTime('2026-11-21T14:59:30.000Z', 'Asia/Tokyo')).toBe('0:00');
    expect(workshopClockTime('2026-11-22T03:40:10.000Z', 'Asia/Tokyo')).toBe('12:41');
  });
});
