import { useEffect, useState } from 'react';

/** The client's clock, read again every second: the board's times tick from it without asking the server. */
export function useTickingClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
