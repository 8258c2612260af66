import type { LoadedWorkRecord } from '../../../domain/product-cost.ts';
import { heldSince, workedTimeRuns, type OpenSince } from '../../../domain/product-cost-metrics.ts';
import { WorkState } from '../../../domain/work-state.ts';
import { sessionFromRecord, type WorkSession } from './work-session.ts';

/**
 * The job's times as the work screen ticks them (docs/PRODUCT.md#work-screen): 作業時間 as the server
 * measured it at a moment, and the state and open periods since, on the tablet's clock. The server's
 * figure is taken once, as the board takes it; each press moves the clock on from the moment it
 * changed the state, so that nothing is counted twice and no figure goes back.
 */
export interface JobClock {
  /** The tablet's time (ms) at which `workedMs` was so. */
  at: number;
  workedMs: number;
  state: WorkState;
  /** When each open period began, on the tablet's clock (ms). */
  opened: OpenSince<number>;
}

/** What the screen shows at a moment: 作業時間, and この状態 while a setup or an interruption holds the job. */
export interface JobTimes {
  workedMs: number;
  heldMs: number | null;
}

/** The states whose この状態 the screen shows: how long the setup or interruption has lasted. */
const heldStates: ReadonlySet<WorkState> = new Set([WorkState.SettingUp, WorkState.SetupInterrupted, WorkState.WorkInterrupted]);

const nothingOpen: OpenSince<number> = { nowork: null, workBreak: null, setupBreak: null, setup: null };

/**
 * The clock of a record as read, which came at `receivedAt` on the tablet's clock. The record's
 * `now` is placed at the earlier of the two: a fresh answer at its arrival, as the board does (the
 * tablet's clock may run behind the server's); the tablet's copy of an older answer, read offline,
 * at the moment it was answered, so that the time since is counted.
 */
export function clockOfRecord(record: LoadedWorkRecord, receivedAt: number): JobClock {
  const serverNow = Date.parse(record.now);
  const shift = Math.min(receivedAt, serverNow) - serverNow;
  const onTablet = (moment: string | undefined) => (moment === undefined ? null : Date.parse(moment) + shift);
  const session = sessionFromRecord(record);
  return {
    at: serverNow + shift,
    workedMs: record.worked_seconds * 1000,
    // A record read has been started.
    state: session.state as WorkState,
    opened: {
      nowork: session.noworkTimeId === null ? null : onTablet(record.nowork_time?.started_on),
      workBreak: onTablet(record.break_time?.broken_on),
      setupBreak: onTablet(record.setup_break_time?.broken_on),
      setup: onTablet(record.setup_time?.started_on),
    },
  };
}

/** 作業時間 at `moment`: what it was at the clock's reading, plus (or, before it, less) the time since while it runs. */
function workedAt(clock: JobClock, moment: number): number {
  return Math.max(0, clock.workedMs + (workedTimeRuns(clock.state) ? moment - clock.at : 0));
}

/**
 * The clock after a press moved the session from `before` to `after` at `moment`: 開始 starts it at 0,
 * a period opened begins then, one closed is forgotten. Without a clock (no 開始 yet) there is none.
 */
export function clockAfter(clock: JobClock | null, before: WorkSession, after: WorkSession, moment: number): JobClock | null {
  if (after.state === 'notStarted') return null;
  if (before.recordId === null) return { at: moment, workedMs: 0, state: after.state, opened: nothingOpen };
  if (clock === null) return null;
  const opened = (was: unknown, is: unknown, since: number | null) => (is === null ? null : was === null ? moment : since);
  return {
    at: moment,
    workedMs: workedAt(clock, moment),
    state: after.state,
    opened: {
      nowork: opened(before.noworkTimeId, after.noworkTimeId, clock.opened.nowork),
      workBreak: opened(before.breakTimeId, after.breakTimeId, clock.opened.workBreak),
      setupBreak: opened(before.setupBreakTimeId, after.setupBreakTimeId, clock.opened.setupBreak),
      setup: opened(before.setupTimeId, after.setupTimeId, clock.opened.setup),
    },
  };
}

/**
 * The clock after a press on this screen, answered or kept in the outbox: from now, or from the clock's
 * last moment if the tablet's clock was set back since, so that no figure shown goes back.
 */
export function clockOnPress(clock: JobClock | null, before: WorkSession, after: WorkSession, now: number): JobClock | null {
  return clockAfter(clock, before, after, Math.max(now, clock?.at ?? now));
}

/**
 * The clock of a record read with presses of the job still in the outbox: each applied at the time it
 * was pressed, in order (never before the one pressed earlier). A press before the reading was not in
 * it, so the reading is taken back to that press.
 */
export function clockAfterPresses(
  clock: JobClock | null,
  before: WorkSession,
  presses: ReadonlyArray<{ pressedAt: string; after: WorkSession }>,
): JobClock | null {
  let current = clock;
  let session = before;
  let last = -Infinity;
  for (const press of presses) {
    last = Math.max(last, Date.parse(press.pressedAt));
    current = clockAfter(current, session, press.after, last);
    session = press.after;
  }
  return current;
}

let latestRead = 0;

/**
 * The tablet's clock, never earlier than it read before: a clock set back holds the times shown, and
 * the moments presses count from, where they were until it catches up, rather than counting down.
 */
export function steadyNow(): number {
  latestRead = Math.max(latestRead, Date.now());
  return latestRead;
}

/**
 * The times shown at `now` on the tablet's clock. A clock set back on the tablet holds the figures
 * where they were rather than counting down.
 */
export function jobTimesAt(clock: JobClock, now: number): JobTimes {
  const moment = Math.max(now, clock.at);
  const since = heldSince(clock.opened);
  return {
    workedMs: workedAt(clock, moment),
    heldMs: heldStates.has(clock.state) && since !== null ? Math.max(0, moment - since) : null,
  };
}
