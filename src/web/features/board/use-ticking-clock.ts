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

/** Which page of `pageCount` shows now: turning every `turnMs`, always the first when there is one. */
export function usePageTurner(pageCount: number, turnMs: number): number {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    if (pageCount <= 1) return;
    const timer = setInterval(() => setTurns((count) => count + 1), turnMs);
    return () => clearInterval(timer);
  }, [pageCount, turnMs]);
  return pageCount <= 1 ? 0 : turns % pageCount;
}
