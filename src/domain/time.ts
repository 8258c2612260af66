import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { clockOf } from './clock-of.ts';
import { utcMs } from './utc-ms.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone, its offset in minutes by hour since the epoch (a number key: no string made per call). */
const offsetsByZone = new Map<string, Map<number, number>>();
/** Offsets are remembered per zone and hour; a long-running server forgets them now and then. */
const MAX_REMEMBERED_OFFSETS = 100_000;

/**
 * The zone's offset from UTC in minutes at an instant. Lists format tens of thousands of times at
 * once, and asking Intl for every one of them costs seconds; zones change offset on the hour, so
 * one answer serves the whole hour.
 */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR);
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  const known = offsets.get(hour);
  if (known !== undefined) return known;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const at = hour * HOUR;
  const part = Object.fromEntries(formatter.formatToParts(new Date(at)).map(({ type, value }) => [type, Number(value)]));
  const offset = Math.round((Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at) / 60_000);
  if (offsets.size >= MAX_REMEMBERED_OFFSETS) offsets.clear();
  offsets.set(hour, offset);
  return offset;
}

const offsetTexts = new Map<number, string>();

/** "+09:00" for 540 minutes; a zone has few offsets, so each is written once. */
function offsetText(minutes: number): string {
  let text = offsetTexts.get(minutes);
  if (text === undefined) {
    const absolute = Math.abs(minutes);
    text = `${minutes < 0 ? '-' : '+'}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
    offsetTexts.set(minutes, text);
  }
  return text;
}

/**
 * An instant as the workshop's clock reads it, in milliseconds since the epoch of that clock: the
 * UTC milliseconds plus the zone's offset then. Its date and time are those of toWorkshopIso.
 */
export function workshopMs(utcIso: string, timeZone: string): number {
  const ms = utcMs(utcIso);
  return ms + zoneOffsetMinutes(ms, timeZone) * 60_000;
}

/** "2026-11-22T08:30:00" in the zone, and its offset ("+09:00"). */
function localParts(utcIso: string, timeZone: string): { local: string; offset: string } {
  const ms = utcMs(utcIso);
  const minutes = zoneOffsetMinutes(ms, timeZone);
  return { local: new Date(ms + minutes * 60_000).toISOString().slice(0, 19), offset: offsetText(minutes) };
}

/**
 * Times as the API carries them: ISO 8601 with the workshop's offset (docs/API.md#conventions), while the
 * database keeps UTC.
 */
export function toWorkshopIso(utcIso: string, timeZone: string): string {
  const { local, offset } = localParts(utcIso, timeZone);
  return `${local}${offset}`;
}

export function toWorkshopIsoOrNull(utcIso: string | null, timeZone: string): string | null {
  return utcIso === null ? null : toWorkshopIso(utcIso, timeZone);
}

/** The work date of a moment: its date in the workshop's time zone (docs/PRODUCT.md#work-date). */
export function workDate(utcIso: string, timeZone: string): string {
  return new Date(workshopMs(utcIso, timeZone)).toISOString().slice(0, 10);
}

/** The UTC instant at which a workshop date begins. */
export function startOfWorkDate(date: string, timeZone: string): string {
  return dayjs.tz(date, 'YYYY-MM-DD', timeZone).toDate().toISOString();
}

export function nextDate(date: string): string {
  return dayjs(date, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');
}

/**
 * The workshop's clock time ("8:05") of a moment, rounded up to the next whole minute: a message
 * that says "from 8:05 on" must not name a minute at which the wait is not yet over.
 */
export function workshopClockTime(utcIso: string, timeZone: string): string {
  const ms = Math.ceil(utcMs(utcIso) / 60_000) * 60_000;
  const local = localParts(new Date(ms).toISOString(), timeZone).local;
  return clockOf(local);
}
