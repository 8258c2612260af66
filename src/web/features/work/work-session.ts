import type { WorkActionResult, WorkRecord } from '../../../domain/product-cost.ts';
import { BUSY_STATE_NAME, WorkState, workStateNames, type ScreenState, type WorkAction } from '../../../domain/work-state.ts';

/**
 * Where the work screen stands: its record (none before 開始), the record's state, and the open
 * periods whose ids the next action names. Changed only by an answer of the server.
 */
export interface WorkSession {
  recordId: number | null;
  state: WorkState | 'notStarted';
  setupTimeId: number | null;
  setupBreakTimeId: number | null;
  breakTimeId: number | null;
  noworkTimeId: number | null;
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
  const next = { ...session, state: result.state };
  switch (action) {
    case 'start':
      return { ...newSession, recordId: result.product_cost!.id, state: result.state };
    case 'setupStart':
      return { ...next, setupTimeId: result.setup_time_id ?? null };
    case 'setupFinish':
      return { ...next, setupTimeId: null };
    case 'setupBreak':
      return { ...next, setupBreakTimeId: result.setup_break_time_id ?? null };
    case 'setupRestart':
      return { ...next, setupBreakTimeId: null };
    case 'break':
      return { ...next, breakTimeId: result.break_time_id ?? null };
    case 'restart':
      return { ...next, breakTimeId: null };
    case 'noworkStart':
      return { ...next, noworkTimeId: result.nowork_time_id ?? null };
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

/** The path of an action (docs/API.md#work-actions-any-signed-in-worker): on the record, or on the open period it closes or interrupts. */
export function actionPath(action: WorkAction, session: WorkSession): string {
  const path = (segment: string, id: number | null) => `/api/productcost/${segment}/${id}`;
  switch (action) {
    case 'start':
      return '/api/productcost/start';
    case 'setupStart':
      return path('setup/start', session.recordId);
    case 'setupFinish':
      return path('setup/finish', session.setupTimeId);
    case 'setupBreak':
      return path('setup/break', session.setupTimeId);
    case 'setupRestart':
      return path('setup/restart', session.setupBreakTimeId);
    case 'break':
      return path('break', session.recordId);
    case 'restart':
      return path('restart', session.breakTimeId);
    case 'noworkStart':
      return path('nowork/start', session.recordId);
    case 'noworkFinish':
      return path('nowork/finish', session.noworkTimeId);
    case 'finish':
      return path('finish', session.recordId);
  }
}

export function screenStateName(state: ScreenState): string {
  if (state === 'busy') return BUSY_STATE_NAME;
  if (state === 'notStarted') return NOT_STARTED_STATE_NAME;
  return workStateNames[state];
}
