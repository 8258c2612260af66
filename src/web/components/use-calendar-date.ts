import { useEffect, useState } from 'react';
import { calendarDate } from '../../domain/date-ranges.ts';

/** How often the date is read again: a page left open overnight, or on a tablet woken from sleep, turns to the new day within it. */
const DATE_CHECK_MS = 60_000;

/** Today on the device's calendar, rendered again when the day turns. */
export function useCalendarDate(): string {
  const [today, setToday] = useState(() => calendarDate());
  useEffect(() => {
    // An interval rather than a timer to midnight: timers stop while a device sleeps, and the same date sets no state.
    const timer = setInterval(() => setToday(calendarDate()), DATE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
