import { describe, expect, it } from 'vitest';
import { stateSince } from './board.ts';

const base = { started_on: '2026-11-24T00:00:00.000Z', finished_on: null, break_times: [], setup_times: [], nowork_times: [] };

describe('stateSince', () => {
  it('is the start of a job that has only run', () => {
    expect(stateSince(base)).toBe('2026-11-24T00:00:00.000Z');
  });
  it('is the start of the open setup, or of its open interruption', () => {
    const setup = { started_on: '2026-11-24T01:00:00.000Z', finished_on: null, setup_break_times: [] };
    expect(stateSince({ ...base, setup_times: [setup] })).toBe('2026-11-24T01:00:00.000Z');
    const broken = { ...setup, setup_break_times: [{ broken_on: '2026-11-24T01:30:00.000Z', restarted_on: null }] };
    expect(stateSince({ ...base, setup_times: [broken] })).toBe('2026-11-24T01:30:00.000Z');
  });
  it('is the end of the latest closed period when working again', () => {
    const times = {
      ...base,
      setup_times: [{ started_on: '2026-11-24T01:00:00.000Z', finished_on: '2026-11-24T02:00:00.000Z', setup_break_times: [] }],
      break_times: [{ broken_on: '2026-11-24T03:00:00.000Z', restarted_on: '2026-11-24T03:20:00.000Z' }],
    };
    expect(stateSince(times)).toBe('2026-11-24T03:20:00.000Z');
  });
  it('is the start of the open interruption or 終業', () => {
    expect(stateSince({ ...base, break_times: [{ broken_on: '2026-11-24T04:00:00.000Z', restarted_on: null }] })).toBe(
      '2026-11-24T04:00:00.000Z',
    );
    expect(stateSince({ ...base, nowork_times: [{ started_on: '2026-11-24T09:00:00.000Z', finished_on: null }] })).toBe(
      '2026-11-24T09:00:00.000Z',
    );
  });
});
