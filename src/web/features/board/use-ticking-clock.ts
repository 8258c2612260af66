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

/**
 * Which page of `pageCount` shows now: turning every `turnMs`, always the first when there is one. A
 * touch (`hold`) keeps the page for `holdMs` from then, so that a tap meant for a tile — 対応済み — is
 * not taken by the tile that the next page puts in its place.
 */
export function usePageTurner(pageCount: number, turnMs: number, holdMs: number): { page: number; hold: () => void } {
  const [page, setPage] = useState(0);
  const [heldAt, setHeldAt] = useState<number | null>(null);
  // The page itself is kept, not a count of turns: tiles coming or going while it is held (加工機なし,
  // a deleted machine's) change the number of pages but not the page shown.
  const shown = Math.min(page, pageCount - 1);
  useEffect(() => {
    if (pageCount <= 1) return;
    const wait = heldAt === null ? turnMs : Math.max(turnMs, heldAt + holdMs - Date.now());
    const timer = setTimeout(() => setPage((current) => (Math.min(current, pageCount - 1) + 1) % pageCount), wait);
    return () => clearTimeout(timer);
  }, [pageCount, turnMs, holdMs, heldAt, page]);
  return { page: Math.max(0, shown), hold: () => setHeldAt(Date.now()) };
}
