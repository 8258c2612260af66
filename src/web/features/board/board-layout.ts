import type { Board, BoardJob } from '../../../domain/board.ts';
import { deletedName } from '../../../domain/masters.ts';
import { WorkState } from '../../../domain/work-state.ts';

/** At most this many tiles share a screen: 20 machines of a job each fit a TV without scrolling. */
export const TILES_PER_PAGE = 20;
/** Past one page, the board turns to the next after this long. */
export const PAGE_TURN_MS = 15_000;
/** After a touch, the page stays this long, time for someone at the board to read and tap it. */
export const PAGE_HOLD_MS = 30_000;
/**
 * How often the board reads its data again with no event: 要確認 comes with time alone, and a machine
 * added, renamed or deleted sends no event.
 */
export const BOARD_REREAD_MS = 60_000;

export interface BoardTileData {
  key: string;
  name: string;
  jobs: BoardJob[];
}

export const NO_MACHINE_NAME = '加工機なし';

/**
 * A tile per machine in the server's order; after them one per deleted machine while a job in progress
 * is still on it (else nobody could see that job, nor answer its call); and one 加工機なし when a job in
 * progress has no machine. With a machine chosen, that machine's tile alone (none when it is no longer
 * there and nothing runs on it). Within a tile the jobs with an open call come first, else in the
 * server's order (by their start): a tile taller than the screen scrolls within itself, and a call's
 * 対応済み must not be below its fold.
 */
export function boardTiles(board: Board, machineId: number | null): BoardTileData[] {
  const chosen = (machine: { id: number }) => machineId === null || machine.id === machineId;
  const jobsOn = (machine: { id: number }) => callsFirst(board.jobs.filter((job) => job.machine_id === machine.id));
  const tiles: BoardTileData[] = board.machines.filter(chosen).map((machine) => ({
    key: `machine-${machine.id}`,
    name: machine.name,
    jobs: jobsOn(machine),
  }));
  for (const machine of board.deleted_machines.filter(chosen)) {
    const jobs = jobsOn(machine);
    if (jobs.length > 0) tiles.push({ key: `deleted-machine-${machine.id}`, name: deletedName(machine.name), jobs });
  }
  const withoutMachine = callsFirst(board.jobs.filter((job) => job.machine_id === null));
  if (machineId === null && withoutMachine.length > 0) tiles.push({ key: 'no-machine', name: NO_MACHINE_NAME, jobs: withoutMachine });
  return tiles;
}

const callsFirst = (jobs: BoardJob[]) => [...jobs.filter((job) => job.call !== null), ...jobs.filter((job) => job.call === null)];

/** Each tile's jobs by id, in the order shown: what a touch keeps while it holds the board. */
export type JobOrder = ReadonlyMap<string, readonly number[]>;

export function jobOrderOf(tiles: readonly BoardTileData[]): JobOrder {
  return new Map(tiles.map((tile) => [tile.key, tile.jobs.map((job) => job.id)]));
}

/** Whether the tiles show their jobs in `order`: true when nothing would move. */
export function inOrder(tiles: readonly BoardTileData[], order: JobOrder): boolean {
  return tiles.length === order.size && tiles.every((tile) => order.get(tile.key)?.join() === tile.jobs.map((job) => job.id).join());
}

/**
 * The tiles with their jobs in `order` as far as it knows them, and after those the jobs new to it, in
 * their own order. While a touch holds the board, an answered call's job then stays where it was,
 * rather than dropping below another calling job and putting that one's 対応済み under the finger
 * that pressed, perhaps about to press again.
 */
export function keepJobOrder(tiles: readonly BoardTileData[], order: JobOrder): BoardTileData[] {
  return tiles.map((tile) => {
    const shown = order.get(tile.key);
    if (!shown) return tile;
    const place = (job: BoardJob) => {
      const index = shown.indexOf(job.id);
      return index < 0 ? shown.length : index;
    };
    return { ...tile, jobs: [...tile.jobs].sort((a, b) => place(a) - place(b)) };
  });
}

/**
 * What the board says of a chosen machine that is not among the active ones (deleted, or an id that
 * never was, kept in a TV's address): null when there is none such.
 */
export function missingMachine(board: Board, machineId: number | null): { label: string; message: string } | null {
  if (machineId === null || board.machines.some((machine) => machine.id === machineId)) return null;
  const deleted = board.deleted_machines.find((machine) => machine.id === machineId);
  if (deleted) return { label: deletedName(deleted.name), message: `加工機「${deleted.name}」は削除されています。` };
  return { label: `加工機 ${machineId}（登録なし）`, message: `加工機 ${machineId} は登録されていません。` };
}

/** The states a tile's edge takes, most in need of someone first: a stopped machine before a running one. */
const urgency: readonly WorkState[] = [
  WorkState.WorkInterrupted,
  WorkState.SetupInterrupted,
  WorkState.SettingUp,
  WorkState.Working,
  WorkState.EndOfDay,
  WorkState.Finished,
];

/** The state a tile's edge shows from across the floor: its most urgent job's, or null when the machine is idle. */
export function leadingState(jobs: readonly BoardJob[]): WorkState | null {
  return urgency.find((state) => jobs.some((job) => job.state === state)) ?? null;
}

/** What needs someone on the floor, counted for the board's title line: open calls, stopped jobs, jobs nobody closed. */
export function floorSummary(jobs: readonly BoardJob[]): { calls: number; interrupted: number; stale: number } {
  return {
    calls: jobs.filter((job) => job.call !== null).length,
    interrupted: jobs.filter((job) => job.state === WorkState.WorkInterrupted || job.state === WorkState.SetupInterrupted).length,
    stale: jobs.filter((job) => job.stale).length,
  };
}

/**
 * The tiles with an open call, by name in the board's order: the 呼出 badge names them, so that from
 * across the floor, or with the call's tile on another page, whoever goes knows where to.
 */
export function callingMachines(tiles: readonly BoardTileData[]): string[] {
  return tiles.filter(tileCalls).map((tile) => tile.name);
}

const tileCalls = (tile: BoardTileData) => tile.jobs.some((job) => job.call !== null);

/** The ids of the open calls on the tiles, in the board's order. */
export function openCallIds(tiles: readonly BoardTileData[]): number[] {
  return tiles.flatMap((tile) => tile.jobs.flatMap((job) => (job.call === null ? [] : [job.call.id])));
}

/**
 * The call that came last among the open ones the board did not know (`known`), or null when it knew
 * them all: the board shows its page at once. Ids grow with each call the server takes.
 */
export function newestCall(tiles: readonly BoardTileData[], known: ReadonlySet<number>): number | null {
  const fresh = openCallIds(tiles).filter((id) => !known.has(id));
  return fresh.length > 0 ? Math.max(...fresh) : null;
}

/** A page of the board: the tiles from `start` up to `end`, not included. */
export interface BoardPageRange {
  start: number;
  end: number;
}

/** Where the board lays its tiles out: so many columns, `height` pixels to the window's bottom, `gap` between rows. */
export interface BoardRoom {
  columns: number;
  height: number;
  gap: number;
}

/** Before the tiles are measured: pages of TILES_PER_PAGE, which the measurement replaces before anything is painted. */
export const UNMEASURED_ROOM: BoardRoom = { columns: 1, height: Infinity, gap: 0 };

/**
 * The board's pages: whole rows of tiles, in order, as many as fit the room without scrolling, a row
 * as tall as its tallest tile, and never more than TILES_PER_PAGE tiles. The heights are the tiles'
 * own as the browser lays them out, not reckoned from their jobs, calls and reasons: a tile's height
 * also hangs on how its 作業者 and figures wrap at the screen's width, on the fonts and on the CSS, and
 * a count would drift from them, putting a row below the TV where nobody sees its call. A row taller
 * than the room (three jobs and a call on a tablet's narrow tile) has a page of its own, where its
 * tiles are cut to the room and scroll within themselves (BoardPage), so that the page never does.
 * Always one page at least, empty when there are no tiles.
 */
export function boardPages(heights: readonly number[], room: BoardRoom): BoardPageRange[] {
  const columns = Math.max(1, room.columns);
  const pages: BoardPageRange[] = [];
  let start = 0;
  while (start < heights.length) {
    let end = start;
    let used = 0;
    while (end < heights.length && end - start < TILES_PER_PAGE) {
      const rowEnd = Math.min(end + columns, heights.length, start + TILES_PER_PAGE);
      const needed = (end > start ? used + room.gap : 0) + Math.max(...heights.slice(end, rowEnd));
      if (end > start && needed > room.height) break;
      used = needed;
      end = rowEnd;
    }
    pages.push({ start, end });
    start = end;
  }
  return pages.length > 0 ? pages : [{ start: 0, end: 0 }];
}

/** The pages (their indexes, in order) that hold a tile with an open call. */
export function callingPages(pages: readonly BoardPageRange[], tiles: readonly BoardTileData[]): number[] {
  return pages.flatMap((page, index) => (tiles.slice(page.start, page.end).some(tileCalls) ? [index] : []));
}

/** The page holding the tile of the call `callId`, or null when that call is no longer open on any tile. */
export function pageOfCall(pages: readonly BoardPageRange[], tiles: readonly BoardTileData[], callId: number): number | null {
  const tile = tiles.findIndex((candidate) => candidate.jobs.some((job) => job.call?.id === callId));
  const page = pages.findIndex((range) => tile >= range.start && tile < range.end);
  return tile < 0 || page < 0 ? null : page;
}

/**
 * The page the board turns to from `shown` when its PAGE_TURN_MS are over (or a touch's hold, when that
 * ends later): the page a hold kept back (pageNow's), a new call's first; else the next, round to the
 * first; while calls are open (`calling`, their pages), the next of those, so that a page without one
 * never hides them. `shown` itself when it is the only page to show.
 */
export function nextPage(shown: number, pageCount: number, calling: readonly number[], newCallPage: number | null): number {
  const keptBack = pageNow(shown, calling, newCallPage, false);
  return keptBack !== shown ? keptBack : pageAfter(shown, calling.length > 0 ? calling : [...Array(pageCount).keys()]);
}

/** The first of `choices` (pages, in order) after `shown`, round to the first. */
const pageAfter = (shown: number, choices: readonly number[]) => choices.find((page) => page > shown) ?? choices[0] ?? shown;

/**
 * The page the board shows at once, without waiting for its turn: a new call's (`newCallPage`, the
 * page of the call that came last); else, while calls are open, the next page with one when the page
 * shown has none (a call answered, the pages cut anew); else the page shown. While a touch holds the
 * page (`held`), the page shown: a tap meant for its tile must not land on another.
 */
export function pageNow(shown: number, calling: readonly number[], newCallPage: number | null, held: boolean): number {
  if (held) return shown;
  if (newCallPage !== null) return newCallPage;
  if (calling.length > 0 && !calling.includes(shown)) return pageAfter(shown, calling);
  return shown;
}
