import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  boardPages,
  callingPages,
  inOrder,
  jobOrderOf,
  keepJobOrder,
  newestCall,
  nextPage,
  openCallIds,
  pageNow,
  pageOfCall,
  UNMEASURED_ROOM,
  type BoardPageRange,
  type BoardRoom,
  type BoardTileData,
  type JobOrder,
} from './board-layout.ts';

interface Measured extends BoardRoom {
  /** Each tile's height by its key, in whole pixels. */
  heights: ReadonlyMap<string, number>;
}

/**
 * The board's pages for its tiles (by key, in order), from the tiles as the browser lays them out:
 * `copies` holds an unseen copy of every tile, in the board's columns, each as tall as its own content
 * (its wrapper names its key); `grid` is the shown grid, whose top, and `screen`'s padding under it,
 * leave the room a page has. Measured before the first paint and whenever a tile comes or goes; then
 * again, a frame after, whenever the window, the screen (a banner above the tiles, the title's line
 * wrapping) or a copy (a tile that grows with a job, a call or its times) changes size.
 */
export function useBoardPages(keys: readonly string[]) {
  const screen = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const copies = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<Measured | null>(null);
  // The copies to watch are new elements whenever a tile comes or goes.
  const tileSet = keys.join('\n');

  useLayoutEffect(() => {
    const [screenElement, gridElement, copiesElement] = [screen.current, grid.current, copies.current];
    if (!screenElement || !gridElement || !copiesElement) return;
    const update = () => {
      const next = measure(screenElement, gridElement, copiesElement);
      setMeasured((current) => (current && sameMeasure(current, next) ? current : next));
    };
    const observer = new ResizeObserver(update);
    for (const element of [screenElement, copiesElement, ...copiesElement.children]) observer.observe(element);
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [tileSet]);

  const heights = keys.map((key) => measured?.heights.get(key) ?? 0);
  const pages: BoardPageRange[] = boardPages(heights, measured ?? UNMEASURED_ROOM);
  return { pages, roomHeight: measured?.height ?? null, screen, grid, copies };
}

function measure(screen: HTMLElement, grid: HTMLElement, copies: HTMLElement): Measured {
  const style = getComputedStyle(copies);
  const heights = new Map<string, number>();
  for (const copy of copies.children) {
    if (copy instanceof HTMLElement && copy.dataset.key) heights.set(copy.dataset.key, Math.ceil(copy.getBoundingClientRect().height));
  }
  // The screen's own padding under the tiles stays clear too, as it does when a page fits.
  const below = parseFloat(getComputedStyle(screen).paddingBottom) || 0;
  const top = grid.getBoundingClientRect().top + window.scrollY;
  return {
    heights,
    // The tracks the grid resolved for its width (five on a TV, four on a tablet held sideways).
    columns: style.gridTemplateColumns.split(' ').filter(Boolean).length,
    height: Math.floor(window.innerHeight - top - below),
    gap: parseFloat(style.rowGap) || 0,
  };
}

function sameMeasure(a: Measured, b: Measured): boolean {
  if (a.columns !== b.columns || a.height !== b.height || a.gap !== b.gap || a.heights.size !== b.heights.size) return false;
  for (const [key, height] of a.heights) if (b.heights.get(key) !== height) return false;
  return true;
}

/**
 * Which of `pages` shows now (docs/PRODUCT.md#floor-board): turning every `turnMs`; while calls are
 * open, only among the pages with one, and a new call's page at once. A touch (`hold`) keeps the page
 * for `holdMs` from then, so that a tap meant for a tile — 対応済み — is not taken by the tile that the
 * next page, or a new call's, puts in its place.
 */
export function usePageTurner(
  pages: readonly BoardPageRange[],
  tiles: readonly BoardTileData[],
  turnMs: number,
  holdMs: number,
  /** The machine chosen (none for the whole floor): another choice is another board, read anew. */
  scope: number | null,
): { page: number; hold: () => void; held: boolean } {
  const [page, setPage] = useState(0);
  const [heldAt, setHeldAt] = useState<number | null>(null);
  const [held, setHeld] = useState(false);
  // The open calls the board has seen, and the one that came last among those it had not: its page
  // shows at once (or when a touch's hold ends), wherever a new cut of the pages puts its tile, until
  // the next turn. None of the first read's calls is new: the board opens at the first page with one.
  const callIds = openCallIds(tiles);
  const [knownCalls, setKnownCalls] = useState<readonly number[] | null>(null);
  const [newCall, setNewCall] = useState<number | null>(null);
  // Back from one machine to the whole floor, the other machines' calls are not new: it opens as a board does.
  const [scopeShown, setScopeShown] = useState(scope);
  if (scope !== scopeShown) {
    setScopeShown(scope);
    setKnownCalls(null);
    setNewCall(null);
    setPage(0);
  }
  if (knownCalls === null ? tiles.length > 0 : callIds.join() !== knownCalls.join()) {
    setKnownCalls(callIds);
    const newest = knownCalls === null ? null : newestCall(tiles, new Set(knownCalls));
    if (newest !== null) setNewCall(newest);
  }

  // The page itself is kept, not a count of turns: tiles coming or going while it is held (加工機なし,
  // a deleted machine's) change the number of pages but not the page shown.
  const shown = Math.max(0, Math.min(page, pages.length - 1));
  const calling = callingPages(pages, tiles);
  const newCallPage = newCall === null ? null : pageOfCall(pages, tiles, newCall);
  const now = pageNow(shown, calling, newCallPage, held);
  if (now !== shown) setPage(now);
  const next = nextPage(shown, pages.length, calling, newCallPage);

  useEffect(() => {
    if (next === shown) return;
    const wait = heldAt === null ? turnMs : Math.max(turnMs, heldAt + holdMs - Date.now());
    const timer = setTimeout(() => {
      setPage(next);
      setNewCall(null);
    }, wait);
    return () => clearTimeout(timer);
  }, [next, shown, turnMs, holdMs, heldAt]);

  useEffect(() => {
    if (heldAt === null) return;
    const timer = setTimeout(() => setHeld(false), heldAt + holdMs - Date.now());
    return () => clearTimeout(timer);
  }, [heldAt, holdMs]);

  const hold = () => {
    setHeldAt(Date.now());
    setHeld(true);
  };
  return { page: shown, hold, held };
}

/**
 * The tiles as the board shows them: while a touch holds it (`held`), each tile keeps its jobs in the
 * order they were shown before (`keepJobOrder`); otherwise as they come, calls first.
 */
export function useHeldJobOrder(tiles: readonly BoardTileData[], held: boolean): readonly BoardTileData[] {
  const [order, setOrder] = useState<JobOrder>(() => jobOrderOf(tiles));
  if (!held && !inOrder(tiles, order)) setOrder(jobOrderOf(tiles));
  return held ? keepJobOrder(tiles, order) : tiles;
}
