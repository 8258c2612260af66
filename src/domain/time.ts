import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/**
 * Times as the API carries them: ISO 8601 with the workshop's offset (DESIGN §5), while the
 * database keeps UTC.
 */
export function toWorkshopIso(utcIso: string, timeZone: string): string {
  return dayjs(utcIso).tz(timeZone).format('YYYY-MM-DDTHH:mm:ssZ');
}

export function toWorkshopIsoOrNull(utcIso: string | null, timeZone: string): string | null {
  return utcIso === null ? null : toWorkshopIso(utcIso, timeZone);
}

/** The work date of a moment: its date in the workshop's time zone (DESIGN §6). */
export function workDate(utcIso: string, timeZone: string): string {
  return dayjs(utcIso).tz(timeZone).format('YYYY-MM-DD');
}

/** The UTC instant at which a workshop date begins. */
export function startOfWorkDate(date: string, timeZone: string): string {
  return dayjs.tz(date, 'YYYY-MM-DD', timeZone).toDate().toISOString();
}

export function nextDate(date: string): string {
  return dayjs(date, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');
}
