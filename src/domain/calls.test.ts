import { describe, expect, it } from 'vitest';
import { callMessages, callRefusal, callTotals, callWaitSeconds } from './calls.ts';
import { WorkState } from './work-state.ts';

const now = new Date('2026-11-24T03:00:00.000Z');

describe('callWaitSeconds', () => {
  it('runs from the call to its answer', () => {
    expect(callWaitSeconds('2026-11-24T01:00:00.000Z', '2026-11-24T01:04:30.000Z', now)).toBe(270);
  });

  it('runs up to now while the call is open', () => {
    expect(callWaitSeconds('2026-11-24T02:50:00.000Z', null, now)).toBe(600);
  });

  it('drops parts of a second and is never negative', () => {
    expect(callWaitSeconds('2026-11-24T01:00:00.000Z', '2026-11-24T01:00:01.999Z', now)).toBe(1);
    expect(callWaitSeconds('2026-11-24T03:00:05.000Z', null, now)).toBe(0);
  });
});

describe('callTotals', () => {
  it('counts the calls and adds their waits, an open one up to now', () => {
    const calls = [
      { called_at: '2026-11-24T01:00:00.000Z', answered_at: '2026-11-24T01:04:30.000Z' },
      { called_at: '2026-11-24T02:50:00.000Z', answered_at: null },
    ];
    expect(callTotals(calls, now)).toEqual({ count: 2, wait_seconds: 270 + 600 });
  });

  it('is none and nothing for a record without calls', () => {
    expect(callTotals([], now)).toEqual({ count: 0, wait_seconds: 0 });
  });
});

describe('callRefusal', () => {
  it('lets a job in progress call, in a setup or an interruption too', () => {
    for (const state of [WorkState.Working, WorkState.SettingUp, WorkState.SetupInterrupted, WorkState.WorkInterrupted]) {
      expect(callRefusal(state)).toBeNull();
    }
  });

  it('refuses a finished job, and one in 終業 until its 始業', () => {
    expect(callRefusal(WorkState.Finished)).toBe(callMessages.notInProgress);
    expect(callRefusal(WorkState.EndOfDay)).toBe('終業中の作業からは呼び出せません。画面を読み込み直してください。');
  });
});
