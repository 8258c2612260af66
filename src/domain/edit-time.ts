import dayjs from 'dayjs';
import { readDate, toHalfWidth } from './dates.ts';
import './time.ts';

/** A date as readDate reads it, a space, and H:mm or H:mm:ss. */
const localTime = /^(\S+) (\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const EDIT_TIME_EXAMPLE = '2026/11/22 08:30';

/**
 * A typed time as a UTC ISO string; undefined for text that is not one of the accepted forms: a
 * date with its year as readDate reads it (`YYYY/MM/DD`, `YYYY-MM-DD`, `YYYYMMDD`, full-width…) and
 * `H:mm[:ss]`, or ISO 8601 with an offset, as the API sends. Month and day alone are not taken: a
 * correction is often of last year's record, and a time must not slip into another year.
 */
export function parseEditTime(text: string, timeZone: string): string | undefined {
  const value = toHalfWidth(text).trim().replace(/\s+/g, ' ');
  if (isoWithOffset.test(value)) {
    const parsed = dayjs(value);
    return parsed.isValid() ? parsed.toDate().toISOString() : undefined;
  }
  const parts = localTime.exec(value);
  const date = parts && readDate(parts[1]!);
  if (!parts || !date) return undefined;
  const [hour, minute, second] = [parts[2], parts[3], parts[4] ?? '0'].map(Number) as [number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const clock = [hour, minute, second].map((unit) => String(unit).padStart(2, '0')).join(':');
  return dayjs.tz(`${date} ${clock}`, timeZone).toDate().toISOString();
}

/** Text typed into a time that no form reads: marked at its field as soon as it is left, before a save would refuse it. Empty text is no time, not an unreadable one. */
export function isUnreadableEditTime(text: string): boolean {
  // Whether text reads does not depend on the zone it is read in.
  return text.trim() !== '' && parseEditTime(text, 'UTC') === undefined;
}

/** How the edit screen shows a time: YYYY/MM/DD HH:mm:ss in the workshop's time zone. */
export function formatEditTime(iso: string | null, timeZone: string): string {
  return iso ? dayjs(iso).tz(timeZone).format('YYYY/MM/DD HH:mm:ss') : '';
}
