import { describe, expect, it } from 'vitest';
import type { Board, BoardJob } from '../../../domain/board.ts';
import { WorkState } from '../../../domain/work-state.ts';
import {
  UNMEASURED_ROOM,
  boardPages,
  boardTiles,
  callingMachines,
  callingPages,
  floorSummary,
  inOrder,
  jobOrderOf,
  keepJobOrder,
  leadingState,
  missingMachine,
  newestCall,
  nextPage,
  pageNow,
  pageOfCall,
  type BoardTileData,
} from './board-layout.ts';
import { reconnectDelayMs } from './board-stream.ts';

const job = (id: number, machine_id: number | null): BoardJob => ({
  id,
  slip_no: `S${id}`,
  machine_id,
  processing_name: '印刷',
  processing_detail_name: '',
  workers_name: '山田',
  state: 1,
  state_since: '2026-01-05T09:00:00+09:00',
  reason: null,
  worked_seconds: 0,
  superior: null,
  stale: false,
  call: null,
});

const floor: Board = {
  now: '2026-01-05T10:00:00+09:00',
  machines: [
    { id: 1, name: '断裁機 1号' },
    { id: 3, name: '折り機' },
  ],
  deleted_machines: [],
  jobs: [],
};

describe('boardTiles', () => {
  it('gives a deleted machine a tile after the active ones only while a job in progress is on it', () => {
    const withGone: Board = { ...floor, deleted_machines: [{ id: 7, name: '旧折り機' }], jobs: [job(10, 7), job(11, null)] };
    expect(boardTiles(withGone, null).map((tile) => [tile.name, tile.jobs.map((j) => j.id)])).toEqual([
      ['断裁機 1号', []],
      ['折り機', []],
      ['旧折り機（削除済み）', [10]],
      ['加工機なし', [11]],
    ]);
    expect(boardTiles({ ...withGone, jobs: [job(10, 7)] }, 7).map((tile) => tile.name)).toEqual(['旧折り機（削除済み）']);
    expect(boardTiles({ ...withGone, jobs: [] }, null).map((tile) => tile.name)).toEqual(['断裁機 1号', '折り機']);
  });

  it('shows the chosen machine alone, and no tile at all when it is no longer there', () => {
    // The server sends only the chosen machine's jobs, but every machine (the select offers them all).
    expect(boardTiles({ ...floor, jobs: [job(10, 3)] }, 3).map((tile) => [tile.name, tile.jobs.map((j) => j.id)])).toEqual([
      ['折り機', [10]],
    ]);
    expect(boardTiles({ ...floor, deleted_machines: [{ id: 7, name: '旧折り機' }] }, 7)).toEqual([]);
    expect(boardTiles(floor, 99)).toEqual([]);
  });

  it('puts the jobs with an open call first within a tile, the others in the server’s order', () => {
    const call = (id: number) => ({ id, reason: '班長呼出', called_at: '2026-01-05T09:00:00+09:00' });
    const jobs = [job(10, 1), job(11, 1), { ...job(12, 1), call: call(1) }, job(13, null), { ...job(14, null), call: call(2) }];
    expect(boardTiles({ ...floor, jobs }, null).map((tile) => [tile.name, tile.jobs.map((j) => j.id)])).toEqual([
      ['断裁機 1号', [12, 10, 11]],
      ['折り機', []],
      ['加工機なし', [14, 13]],
    ]);
  });

  it('gives every machine a tile, idle ones empty, and one 加工機なし tile only when a job has no machine', () => {
    const board: Board = {
      now: '2026-01-05T10:00:00+09:00',
      machines: [
        { id: 1, name: '印刷機1' },
        { id: 2, name: '断裁機' },
      ],
      deleted_machines: [],
      jobs: [job(10, 1), job(11, null)],
    };
    expect(boardTiles(board, null).map((tile) => [tile.name, tile.jobs.map((j) => j.id)])).toEqual([
      ['印刷機1', [10]],
      ['断裁機', []],
      ['加工機なし', [11]],
    ]);
    expect(boardTiles({ ...board, jobs: [job(10, 1)] }, null).map((tile) => tile.name)).toEqual(['印刷機1', '断裁機']);
  });
});

describe('keepJobOrder', () => {
  const call = (id: number) => ({ id, reason: '班長呼出', called_at: '2026-01-05T09:00:00+09:00' });
  const ids = (tiles: BoardTileData[]) => tiles.map((tile) => tile.jobs.map((j) => j.id));

  it('keeps an answered call’s job where it was shown, so that the next call’s 対応済み does not move under the finger', () => {
    const twoCalls = boardTiles({ ...floor, jobs: [job(10, 1), { ...job(11, 1), call: call(1) }, { ...job(12, 1), call: call(2) }] }, null);
    expect(ids(twoCalls)).toEqual([[11, 12, 10], []]);
    const order = jobOrderOf(twoCalls);
    // 11's call answered: by the server's order 12 would come first, into the place just pressed.
    const answered = boardTiles({ ...floor, jobs: [job(10, 1), job(11, 1), { ...job(12, 1), call: call(2) }] }, null);
    expect(ids(answered)).toEqual([[12, 10, 11], []]);
    expect(inOrder(answered, order)).toBe(false);
    expect(ids(keepJobOrder(answered, order))).toEqual([[11, 12, 10], []]);
  });

  it('puts jobs new to the order after the known ones, leaves out those gone, and leaves a tile it never saw as it is', () => {
    const order = jobOrderOf(boardTiles({ ...floor, jobs: [job(10, 1), job(11, 1)] }, null));
    const later = boardTiles({ ...floor, jobs: [{ ...job(13, 1), call: call(3) }, job(11, 1), job(14, 3), job(15, null)] }, null);
    expect(ids(keepJobOrder(later, order))).toEqual([[11, 13], [14], [15]]);
    expect(inOrder(later, jobOrderOf(later))).toBe(true);
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('leadingState', () => {
  const inState = (state: WorkState) => ({ ...job(1, 1), state });

  it('is the most urgent state among the jobs: an interruption before a setup, a setup before work, work before 終業', () => {
    expect(leadingState([inState(WorkState.Working), inState(WorkState.WorkInterrupted)])).toBe(WorkState.WorkInterrupted);
    expect(leadingState([inState(WorkState.EndOfDay), inState(WorkState.SetupInterrupted)])).toBe(WorkState.SetupInterrupted);
    expect(leadingState([inState(WorkState.Working), inState(WorkState.SettingUp)])).toBe(WorkState.SettingUp);
    expect(leadingState([inState(WorkState.EndOfDay), inState(WorkState.Working)])).toBe(WorkState.Working);
  });

  it('is none for an idle machine', () => {
    expect(leadingState([])).toBeNull();
  });
});

describe('floorSummary', () => {
  it('counts the open calls, the interrupted jobs (work or setup) and the jobs flagged 要確認', () => {
    const call = { id: 1, reason: '班長呼出', called_at: '2026-01-05T09:00:00+09:00' };
    const jobs: BoardJob[] = [
      { ...job(1, 1), state: WorkState.WorkInterrupted, call },
      { ...job(2, 1), state: WorkState.SetupInterrupted },
      { ...job(3, 2), state: WorkState.Working, stale: true },
      { ...job(4, null), state: WorkState.SettingUp, call },
      { ...job(5, 3), state: WorkState.EndOfDay },
    ];
    expect(floorSummary(jobs)).toEqual({ calls: 2, interrupted: 2, stale: 1 });
    expect(floorSummary([])).toEqual({ calls: 0, interrupted: 0, stale: 0 });
  });
});

describe('callingMachines', () => {
  it('names the tiles with an open call, in the board’s order', () => {
    const call = { id: 1, reason: '班長呼出', called_at: '2026-01-05T09:00:00+09:00' };
    const tiles = [
      { key: '1', name: '断裁機 1号', jobs: [job(1, 1), { ...job(2, 1), call }] },
      { key: '2', name: '折り機 2号', jobs: [] },
      { key: 'none', name: '加工機なし', jobs: [{ ...job(3, null), call }] },
    ];
    expect(callingMachines(tiles)).toEqual(['断裁機 1号', '加工機なし']);
    expect(callingMachines(tiles.slice(1, 2))).toEqual([]);
  });
});

describe('missingMachine', () => {
  it('names a chosen machine that was deleted or never was, and nothing for an active one or the whole floor', () => {
    expect(missingMachine(floor, null)).toBeNull();
    expect(missingMachine(floor, 3)).toBeNull();
    expect(missingMachine({ ...floor, deleted_machines: [{ id: 7, name: '旧折り機' }] }, 7)).toEqual({
      label: '旧折り機（削除済み）',
      message: '加工機「旧折り機」は削除されています。',
    });
    expect(missingMachine(floor, 99)).toEqual({ label: '加工機 99（登録なし）', message: '加工機 99 は登録されていません。' });
  });
});

describe('boardPages', () => {
  // A TV: five columns, 1,000 px below the title, 8 px between rows; a tile of one job 190 px tall, of three 430.
  const tv = { columns: 5, height: 1000, gap: 8 };
  const ordinary = (count: number) => Array.from({ length: count }, () => 190);
  const withTallTiles = (count: number, tall: number[]) => ordinary(count).map((height, index) => (tall.includes(index) ? 430 : height));

  it('keeps twenty machines of a job each on one page of the TV (4 rows: 4 × 190 + 3 × 8 = 784 px), and turns at the 21st', () => {
    expect(boardPages(ordinary(20), tv)).toEqual([{ start: 0, end: 20 }]);
    expect(boardPages(ordinary(21), tv)).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 21 },
    ]);
  });

  it('makes a row as tall as its tallest tile, and turns the page before a row that would fall below the screen', () => {
    // Three jobs on the third machine: 430 + 3 × 190 + 3 × 8 = 1,024 px, so the fourth row goes to the next page.
    expect(boardPages(withTallTiles(20, [2]), tv)).toEqual([
      { start: 0, end: 15 },
      { start: 15, end: 20 },
    ]);
    // A row that ends exactly at the screen's bottom still fits.
    expect(boardPages(withTallTiles(20, [2]), { ...tv, height: 1024 })).toEqual([{ start: 0, end: 20 }]);
    // Three jobs in rows 1 and 3: 430 + 190 = 628 px a page, then the rest.
    expect(boardPages(withTallTiles(20, [1, 13]), tv)).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
    ]);
  });

  it('pages a tablet held sideways by its own rows: four columns of 220 px tiles in 700 px are three rows', () => {
    const tiles = Array.from({ length: 20 }, () => 220);
    expect(boardPages(tiles, { columns: 4, height: 700, gap: 8 })).toEqual([
      { start: 0, end: 12 },
      { start: 12, end: 20 },
    ]);
  });

  it('gives a row taller than the screen a page of its own', () => {
    expect(boardPages([1200, ...ordinary(9)], tv)).toEqual([
      { start: 0, end: 5 },
      { start: 5, end: 10 },
    ]);
  });

  it('is one empty page without tiles, and pages of 20 before the tiles are measured (no room limit)', () => {
    expect(boardPages([], tv)).toEqual([{ start: 0, end: 0 }]);
    expect(
      boardPages(
        Array.from({ length: 45 }, () => 0),
        UNMEASURED_ROOM,
      ),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 40 },
      { start: 40, end: 45 },
    ]);
  });

  it('ends a page at 20 tiles even within a row, when the columns do not divide 20', () => {
    expect(
      boardPages(
        Array.from({ length: 22 }, () => 10),
        { columns: 3, height: 1000, gap: 8 },
      ),
    ).toEqual([
      { start: 0, end: 20 },
      { start: 20, end: 22 },
    ]);
  });
});

describe('the page a board shows, with calls', () => {
  const call = (id: number) => ({ id, reason: '班長呼出', called_at: '2026-01-05T09:00:00+09:00' });
  // Six machines in pages of two: a call on the second (page 0) and one on the sixth (page 2).
  const tiles: BoardTileData[] = [1, 2, 3, 4, 5, 6].map((machine) => ({
    key: String(machine),
    name: `断裁機 ${machine}号`,
    jobs: machine === 2 ? [job(20, 2), { ...job(21, 2), call: call(7) }] : machine === 6 ? [{ ...job(60, 6), call: call(9) }] : [],
  }));
  const pages = [
    { start: 0, end: 2 },
    { start: 2, end: 4 },
    { start: 4, end: 6 },
  ];

  it('knows the pages with an open call, and the page of each call', () => {
    expect(callingPages(pages, tiles)).toEqual([0, 2]);
    expect(callingPages(pages, tiles.slice(2, 4))).toEqual([]);
    expect(pageOfCall(pages, tiles, 9)).toBe(2);
    expect(pageOfCall(pages, tiles, 7)).toBe(0);
    // Answered, or its machine no longer on the board.
    expect(pageOfCall(pages, tiles, 8)).toBeNull();
    expect(pageOfCall(pages.slice(0, 2), tiles, 9)).toBeNull();
  });

  it('takes the call that came last among those it did not know as the new one', () => {
    expect(newestCall(tiles, new Set())).toBe(9);
    expect(newestCall(tiles, new Set([9]))).toBe(7);
    expect(newestCall(tiles, new Set([7, 9]))).toBeNull();
  });

  it('turns to the next page, round to the first, and while calls are open only to the pages with one', () => {
    expect(nextPage(0, 3, [], null)).toBe(1);
    expect(nextPage(2, 3, [], null)).toBe(0);
    expect(nextPage(0, 1, [], null)).toBe(0);
    // Page 1 has no call: it waits until they are answered.
    expect(nextPage(0, 3, [0, 2], null)).toBe(2);
    expect(nextPage(2, 3, [0, 2], null)).toBe(0);
    // The calls on one page: it stays.
    expect(nextPage(1, 3, [1], null)).toBe(1);
  });

  it('turns, once a touch’s hold is over, to the page the hold kept back rather than the next', () => {
    // A new call on page 3 of four with calls on every page: not page 1, the next.
    expect(nextPage(0, 4, [0, 1, 2, 3], 3)).toBe(3);
    // The call on the page held answered meanwhile: the next with one.
    expect(nextPage(1, 4, [0, 3], null)).toBe(3);
    // The new call's page shown already: the turn goes on.
    expect(nextPage(3, 4, [0, 1, 2, 3], 3)).toBe(0);
  });

  it('shows a new call’s page at once, and a page with a call when the one shown has none, unless a touch holds it', () => {
    // A new call on page 2 while page 0, with a call of its own, shows.
    expect(pageNow(0, [0, 2], 2, false)).toBe(2);
    // The call on the page shown answered: the next page with one.
    expect(pageNow(1, [0, 2], null, false)).toBe(2);
    expect(pageNow(2, [0], null, false)).toBe(0);
    // A page with a call, or no call anywhere: the page stays until its turn.
    expect(pageNow(0, [0, 2], null, false)).toBe(0);
    expect(pageNow(1, [], null, false)).toBe(1);
    // Someone at the board, about to tap a tile: the new call's page waits for the hold to end.
    expect(pageNow(0, [0, 2], 2, true)).toBe(0);
    expect(pageNow(1, [0, 2], null, true)).toBe(1);
  });
});
