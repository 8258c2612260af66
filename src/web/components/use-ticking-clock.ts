import { useEffect, useState } from 'react';

/**
 * What `read` answers, read again every `everyMs` while `running`; a reading equal to the last one sets
 * no state, so nothing renders again until it changes. `read` must be the same function on every render.
 */
export function useClockReading<T>(read: () => T, everyMs: number, running = true): T {
  const [reading, setReading] = useState(() => read());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setReading(() => read()), everyMs);
    return () => clearInterval(timer);
  }, [read, everyMs, running]);
  return reading;
}

/**
 * The client's clock, read again every second while `ticking`: the board's and the work screen's times
 * tick from it without asking the server.
 */
export function useTickingClock(ticking = true): number {
  return useClockReading(Date.now, 1000, ticking);
}
