import { describe, expect, it } from 'vitest';
import type { Board, BoardJob } from '../../../domain/board.ts';
import { boardTiles, formatSeconds } from './board-layout.ts';
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

describe('boardTiles', () => {
  it('gives every machine a tile, idle ones empty, and one 加工機なし tile only when a job has no machine', () => {
    const board: Board = {
      now: '2026-01-05T10:00:00+09:00',
      machines: [
        { id: 1, name: '印刷機1' },
        { id: 2, name: '断裁機' },
      ],
      jobs: [job(10, 1), job(11, null)],
    };
    expect(boardTiles(board).map((tile) => [tile.name, tile.jobs.map((j) => j.id)])).toEqual([
      ['印刷機1', [10]],
      ['断裁機', []],
      ['加工機なし', [11]],
    ]);
    expect(boardTiles({ ...board, jobs: [job(10, 1)] }).map((tile) => tile.name)).toEqual(['印刷機1', '断裁機']);
  });
});

describe('formatSeconds', () => {
  it('writes h:mm:ss', () => {
    expect(formatSeconds(0)).toBe('0:00:00');
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(formatSeconds(36 * 3600 + 59)).toBe('36:00:59');
  });
});

describe('reconnectDelayMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
