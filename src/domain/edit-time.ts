import dayjs from 'dayjs';
import './time.ts';

/** What the edit screen's free-text times accept, read in the workshop's time zone. */
const localFormats = ['YYYY/MM/DD HH:mm:ss', 'YYYY/MM/DD HH:mm', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm'];
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export const EDIT_TIME_EXAMPLE = '2026/11/22 08:30';

/**
 * A typed time as a UTC ISO string; undefined for text that is not one of the accepted forms
 * (`YYYY/MM/DD HH:mm[:ss]`, `YYYY-MM-DD HH:mm[:ss]`, or ISO 8601 with an offset, as the API sends).
 */
export function parseEditTime(text: string, timeZone: string): string | undefined {
  const value = text.trim().replace(/\s+/g, ' ');
  if (isoWithOffset.test(value)) {
    const parsed = dayjs(value);
    return parsed.isValid() ? parsed.toDate().toISOString() : undefined;
  }
  for (const format of localFormats) {
    if (value.length !== format.length) continue;
    const local = dayjs(value, format, true);
    if (local.isValid()) return dayjs.tz(local.format('YYYY-MM-DD HH:mm:ss'), timeZone).toDate().toISOString();
  }
  return undefined;
}

/** How the edit screen shows a time: YYYY/MM/DD HH:mm:ss in the workshop's time zone. */
export function formatEditTime(iso: string | null, timeZone: string): string {
  return iso ? dayjs(iso).tz(timeZone).format('YYYY/MM/DD HH:mm:ss') : '';
}
