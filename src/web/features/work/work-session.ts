import type { WorkActionResult, WorkRecord } from '../../../domain/product-cost.ts';
import {
  BUSY_STATE_NAME,
  nextState,
  WorkState,
  workStateNames,
  type OpenPeriods,
  type ScreenState,
  type WorkAction,
} from '../../../domain/work-state.ts';
import type { Ref } from '../../outbox/outbox-press.ts';

/**
 * Where the work screen stands: its record (none before 開始), the record's state, and the open
 * periods whose ids the next action names. Changed by an answer of the server, or by a press that
 * went to the outbox, whose record or period is then named by that press's key until it is sent.
 */
export interface WorkSession {
  recordId: Ref | null;
  state: WorkState | 'notStarted';
  setupTimeId: Ref | null;
  setupBreakTimeId: Ref | null;
  breakTimeId: Ref | null;
  noworkTimeId: Ref | null;
}

export const NOT_STARTED_STATE_NAME = '未開始';

export const newSession: WorkSession = {
  recordId: null,
  state: 'notStarted',
  setupTimeId: null,
  setupBreakTimeId: null,
  breakTimeId: null,
  noworkTimeId: null,
};

/** docs/PRODUCT.md#work-states: the record's state, but 終業 whenever its end-of-day period is still open. */
export function sessionFromRecord(record: WorkRecord): WorkSession {
  const nowork = record.nowork_time && !record.nowork_time.finished_on ? record.nowork_time : null;
  return {
    recordId: record.id,
    state: nowork ? WorkState.EndOfDay : record.state,
    setupTimeId: record.setup_time?.id ?? null,
    setupBreakTimeId: record.setup_break_time?.id ?? null,
    breakTimeId: record.break_time?.id ?? null,
    noworkTimeId: nowork?.id ?? null,
  };
}

/** The session after the server accepted an action: its state, and the period it opened or closed. */
export function sessionAfter(session: WorkSession, action: WorkAction, result: WorkActionResult): WorkSession {
  const opened =
    result.product_cost?.id ?? result.setup_time_id ?? result.setup_break_time_id ?? result.break_time_id ?? result.nowork_time_id ?? null;
  return sessionWith(session, action, result.state, opened);
}

/**
 * The session after a press that went to the outbox: the state the domain's state machine gives
 * (the same rules the server keeps), the press's key standing for what it opens; undefined when the
 * state does not allow the action.
 */
export function sessionQueued(session: WorkSession, action: WorkAction, key: string): WorkSession | undefined {
  const state = nextState(session.state, action, openPeriodsOf(session));
  return state === undefined ? undefined : sessionWith(session, action, state, key);
}

/** The periods the session holds open, as the state machine sees them. */
function openPeriodsOf(session: WorkSession): OpenPeriods {
  return {
    finished: session.state === WorkState.Finished,
    setup: session.setupTimeId !== null,
    setupBreak: session.setupBreakTimeId !== null,
    workBreak: session.breakTimeId !== null,
    nowork: session.noworkTimeId !== null,
  };
}

function sessionWith(session: WorkSession, action: WorkAction, state: WorkState, opened: Ref | null): WorkSession {
  const next = { ...session, state };
  switch (action) {
    case 'start':
      return { ...newSession, recordId: opened, state };
    case 'setupStart':
      return { ...next, setupTimeId: opened };
    case 'setupFinish':
      return { ...next, setupTimeId: null };
    case 'setupBreak':
      return { ...next, setupBreakTimeId: opened };
    case 'setupRestart':
      return { ...next, setupBreakTimeId: null };
    case 'break':
      return { ...next, breakTimeId: opened };
    case 'restart':
      return { ...next, breakTimeId: null };
    case 'noworkStart':
      return { ...next, noworkTimeId: opened };
    case 'noworkFinish':
      return { ...next, noworkTimeId: null };
    case 'finish':
      return next;
  }
}

/**
 * Which action each two-way button means now: 段取り starts or (as 段取り中...) ends the setup,
 * 中断 and 再開 act on the setup while one is open, 終業 becomes 始業 at end of day.
 */
export function buttonActions(session: WorkSession) {
  const setupOpen = session.setupTimeId !== null;
  return {
    setup: setupOpen ? 'setupFinish' : 'setupStart',
    interrupt: setupOpen ? 'setupBreak' : 'break',
    restart: session.setupBreakTimeId !== null ? 'setupRestart' : 'restart',
    nowork: session.state === WorkState.EndOfDay ? 'noworkFinish' : 'noworkStart',
  } satisfies Record<string, WorkAction>;
}

/** The path of an action (docs/API.md#work-actions-any-signed-in-worker), `{id}` standing for its target. */
export function actionPathTemplate(action: WorkAction): string {
  const segments: Record<WorkAction, string> = {
    start: 'start',
    setupStart: 'setup/start/{id}',
    setupFinish: 'setup/finish/{id}',
    setupBreak: 'setup/break/{id}',
    setupRestart: 'setup/restart/{id}',
    break: 'break/{id}',
    restart: 'restart/{id}',
    noworkStart: 'nowork/start/{id}',
    noworkFinish: 'nowork/finish/{id}',
    finish: 'finish/{id}',
  };
  return `/api/productcost/${segments[action]}`;
}

/** What an action acts on: nothing (開始), the record, or the open period it closes or interrupts. */
export function actionTarget(action: WorkAction, session: WorkSession): Ref | null {
  switch (action) {
    case 'start':
      return null;
    case 'setupFinish':
    case 'setupBreak':
      return session.setupTimeId;
    case 'setupRestart':
      return session.setupBreakTimeId;
    case 'restart':
      return session.breakTimeId;
    case 'noworkFinish':
      return session.noworkTimeId;
    case 'setupStart':
    case 'break':
    case 'noworkStart':
    case 'finish':
      return session.recordId;
  }
}

/** The path of an action whose target the server knows. */
export function actionPath(action: WorkAction, session: WorkSession): string {
  return actionPathTemplate(action).replace('{id}', String(actionTarget(action, session)));
}

/** The session once the press `key` was recorded as `id`: wherever the key stood, the id. */
export function sessionWithId(session: WorkSession, key: string, id: number): WorkSession {
  const swap = (ref: Ref | null) => (ref === key ? id : ref);
  return {
    ...session,
    recordId: swap(session.recordId),
    setupTimeId: swap(session.setupTimeId),
    setupBreakTimeId: swap(session.setupBreakTimeId),
    breakTimeId: swap(session.breakTimeId),
    noworkTimeId: swap(session.noworkTimeId),
  };
}

export function screenStateName(state: ScreenState): string {
  if (state === 'busy') return BUSY_STATE_NAME;
  if (state === 'notStarted') return NOT_STARTED_STATE_NAME;
  return workStateNames[state];
}
