import { useLayoutEffect, useRef, useState } from 'react';
import { boardPages, UNMEASURED_ROOM, type BoardPageRange, type BoardRoom } from './board-layout.ts';

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
