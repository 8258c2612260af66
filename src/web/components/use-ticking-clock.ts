import { useEffect, useState } from 'react';

/**
 * The client's clock, read again every second while `ticking`: the board's and the work screen's times
 * tick from it without asking the server.
 */
export function useTickingClock(ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
