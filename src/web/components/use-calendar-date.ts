import { calendarDate } from '../../domain/date-ranges.ts';
import { useClockReading } from './use-ticking-clock.ts';

/**
 * How often the date is read again: a page left open overnight, or on a tablet woken from sleep, turns
 * to the new day within it (an interval rather than a timer to midnight, as timers stop while a device sleeps).
 */
const DATE_CHECK_MS = 60_000;

/** Today on the device's calendar, rendered again when the day turns. */
export function useCalendarDate(): string {
  return useClockReading(calendarDate, DATE_CHECK_MS);
}
