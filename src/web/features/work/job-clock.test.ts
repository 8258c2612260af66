import { describe, expect, it, vi } from 'vitest';
import type { LoadedWorkRecord } from '../../../domain/product-cost.ts';
import { WorkState } from '../../../domain/work-state.ts';
import { clockAfter, clockAfterPresses, clockOfRecord, clockOnPress, jobTimesAt, steadyNow, type JobClock } from './job-clock.ts';
import { loadedWorkRecord } from './work-record-fixture.ts';
import { newSession, type WorkSession } from './work-session.ts';

const at = (time: string) => Date.parse(`2026-11-24T${time}+09:00`);
const minutes = (n: number) => n * 60_000;

// 8:00 to 10:00, less a 15-minute interruption: 1:45 worked.
const read = (overrides: Partial<LoadedWorkRecord> = {}): LoadedWorkRecord =>
  loadedWorkRecord({ started_on: '2026-11-24T08:00:00+09:00', now: '2026-11-24T10:00:00+09:00', worked_seconds: 105 * 60, ...overrides });

const working: WorkSession = { ...newSession, recordId: 7, state: WorkState.Working };
const interrupted: WorkSession = { ...working, state: WorkState.WorkInterrupted, breakTimeId: 'key-1' };
const endOfDay: WorkSession = { ...interrupted, state: WorkState.EndOfDay, noworkTimeId: 'key-2' };
const settingUp: WorkSession = { ...working, state: WorkState.SettingUp, setupTimeId: 3 };
const setupInterrupted: WorkSession = { ...settingUp, state: WorkState.SetupInterrupted, setupBreakTimeId: 4 };

describe('the job clock (作業時間 and この状態 on the work screen)', () => {
  it('ticks 作業時間 on from the server’s figure at the server’s `now`, the answer having taken its time to come', () => {
    const clock = clockOfRecord(read(), at('10:00:02'));
    expect(jobTimesAt(clock, at('10:00:02'))).toEqual({ workedMs: minutes(105) + 2000, heldMs: null });
    expect(jobTimesAt(clock, at('10:01:00'))).toEqual({ workedMs: minutes(106), heldMs: null });
  });

  it('takes a tablet’s copy answered long ago at the time it was answered, so that the time since counts', () => {
    // Read offline at 11:00 from the copy answered at 10:00: 2:45 worked by then.
    const clock = clockOfRecord(read(), at('11:00:00'));
    expect(jobTimesAt(clock, at('11:00:00')).workedMs).toBe(minutes(165));
  });

  it('shows この状態 from the open interruption’s start, on the tablet’s clock when it runs behind the server’s', () => {
    const record = read({
      state: WorkState.WorkInterrupted,
      break_time: { id: 9, broken_on: '2026-11-24T09:50:00+09:00', interruption_id: 1, interruption_other: null },
    });
    // The tablet's clock is 30 s behind: the answer came at 9:59:30 by it.
    const clock = clockOfRecord(record, at('09:59:30'));
    expect(jobTimesAt(clock, at('09:59:30'))).toEqual({ workedMs: minutes(105), heldMs: minutes(10) });
    expect(jobTimesAt(clock, at('10:04:30'))).toEqual({ workedMs: minutes(110), heldMs: minutes(15) });
  });

  it('counts 段取り中’s この状態 from the setup’s start, also after its interruption ended, as the board does', () => {
    const record = read({
      state: WorkState.SetupInterrupted,
      setup_time: { id: 3, started_on: '2026-11-24T09:40:00+09:00' },
      setup_break_time: { id: 4, broken_on: '2026-11-24T09:55:00+09:00', interruption_id: 1, interruption_other: null },
    });
    const clock = clockOfRecord(record, at('10:00:00'));
    expect(jobTimesAt(clock, at('10:00:00')).heldMs).toBe(minutes(5));
    const resumed = clockAfter(clock, setupInterrupted, settingUp, at('10:02:00'))!;
    expect(jobTimesAt(resumed, at('10:02:00'))).toEqual({ workedMs: minutes(107), heldMs: minutes(22) });
    const finished = clockAfter(resumed, settingUp, working, at('10:03:00'))!;
    expect(jobTimesAt(finished, at('10:03:00'))).toEqual({ workedMs: minutes(108), heldMs: null });
  });

  it('starts at 0 with 開始 and stops under 終業, an interruption kept open beneath it', () => {
    const started = clockAfter(null, newSession, { ...working, recordId: 'key-0' }, at('08:00:00'))!;
    expect(jobTimesAt(started, at('08:30:00')).workedMs).toBe(minutes(30));
    const broken = clockAfter(started, working, interrupted, at('08:30:00'))!;
    expect(jobTimesAt(broken, at('08:40:00'))).toEqual({ workedMs: minutes(40), heldMs: minutes(10) });
    const stopped = clockAfter(broken, interrupted, endOfDay, at('08:40:00'))!;
    expect(jobTimesAt(stopped, at('20:00:00'))).toEqual({ workedMs: minutes(40), heldMs: null });
    // 始業 the next morning, the 中断 recorded meanwhile (its id for its key): back in 作業中断, この状態 from
    // the interruption's own start at 8:30 the day before.
    const next = clockAfter(stopped, endOfDay, { ...interrupted, breakTimeId: 12 }, at('08:00:00') + 86_400_000)!;
    expect(jobTimesAt(next, at('08:05:00') + 86_400_000).workedMs).toBe(minutes(45));
    expect(jobTimesAt(next, at('08:05:00') + 86_400_000).heldMs).toBe(86_400_000 - minutes(25));
  });

  it('applies presses still unsent at the times they were pressed, before the reading too', () => {
    // The record read at 10:00 does not hold the 中断 and 終業 pressed offline at 9:30 and 9:45.
    const presses = [
      { pressedAt: '2026-11-24T00:30:00.000Z', after: interrupted },
      { pressedAt: '2026-11-24T00:45:00.000Z', after: endOfDay },
    ];
    const clock = clockAfterPresses(clockOfRecord(read(), at('10:00:00')), working, presses)!;
    expect(jobTimesAt(clock, at('10:30:00'))).toEqual({ workedMs: minutes(105 - 15), heldMs: null });
  });

  it('has no clock before 開始, nor for a job started offline until its 開始 is applied', () => {
    expect(clockAfterPresses(null, newSession, [])).toBeNull();
    const started = clockAfterPresses(null, newSession, [{ pressedAt: '2026-11-24T00:00:00.000Z', after: { ...working, recordId: 'k' } }]);
    expect(jobTimesAt(started!, at('09:01:00')).workedMs).toBe(minutes(1));
  });

  it('never goes back nor below 0: a tablet’s clock set back holds the figures', () => {
    const clock: JobClock = clockOfRecord(read(), at('10:00:00'));
    expect(jobTimesAt(clock, at('09:00:00')).workedMs).toBe(minutes(105));
    const pressed = clockOnPress(clock, working, interrupted, at('09:00:00'))!;
    expect(pressed.at).toBe(at('10:00:00'));
    expect(jobTimesAt(pressed, at('09:00:00'))).toEqual({ workedMs: minutes(105), heldMs: 0 });
    // A press stamped before the job's start (a tablet's clock far behind) leaves 0, not less.
    const beforeStart = clockAfterPresses(clock, working, [{ pressedAt: '2026-11-23T20:00:00.000Z', after: interrupted }])!;
    expect(jobTimesAt(beforeStart, at('05:00:00')).workedMs).toBe(0);
  });

  it('holds the figures shown when the tablet’s clock is set back after they were shown, not only before the reading', () => {
    const clock: JobClock = clockOfRecord(read(), at('10:00:00'));
    const tablet = vi.spyOn(Date, 'now');
    try {
      tablet.mockReturnValue(at('10:30:00'));
      const shown = jobTimesAt(clock, steadyNow()).workedMs;
      expect(shown).toBe(minutes(135));
      // Set back five minutes: the screen stays at 2:15, and counts on once the clock passes 10:30 again.
      tablet.mockReturnValue(at('10:25:00'));
      expect(jobTimesAt(clock, steadyNow()).workedMs).toBe(shown);
      tablet.mockReturnValue(at('10:31:00'));
      expect(jobTimesAt(clock, steadyNow()).workedMs).toBe(minutes(136));
    } finally {
      tablet.mockRestore();
    }
  });
});
