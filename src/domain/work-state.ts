/**
 * The work-state machine of a record (docs/PRODUCT.md#work-states), shared by the work screen, which
 * enables its buttons from it, and the server, which refuses any action the state does not allow.
 */
export const WorkState = {
  Finished: 0,
  Working: 1,
  SettingUp: 2,
  SetupInterrupted: 3,
  WorkInterrupted: 4,
  EndOfDay: 5,
} as const;
export type WorkState = (typeof WorkState)[keyof typeof WorkState];

/** Screen-only states: nothing recorded yet, and a call in flight (停止中). */
export type ScreenState = WorkState | 'notStarted' | 'busy';

/** The mark of a job in progress with no action for longer than 要確認までの時間 (docs/PRODUCT.md#stale-jobs). */
export const STALE_LABEL = '要確認';

export const workStateNames: Record<WorkState, string> = {
  [WorkState.Finished]: '完了',
  [WorkState.Working]: '作業中',
  [WorkState.SettingUp]: '段取り中',
  [WorkState.SetupInterrupted]: '段取り中断',
  [WorkState.WorkInterrupted]: '作業中断',
  [WorkState.EndOfDay]: '終業',
};
export const BUSY_STATE_NAME = '停止中';

export type WorkAction =
  'start' | 'setupStart' | 'setupFinish' | 'setupBreak' | 'setupRestart' | 'break' | 'restart' | 'noworkStart' | 'noworkFinish' | 'finish';

export const workActions: readonly WorkAction[] = [
  'start',
  'setupStart',
  'setupFinish',
  'setupBreak',
  'setupRestart',
  'break',
  'restart',
  'noworkStart',
  'noworkFinish',
  'finish',
];

/** The button each action is pressed with, as a worker names it. */
export const workActionLabels: Record<WorkAction, string> = {
  start: '開始',
  setupStart: '段取り開始',
  setupFinish: '段取り終了',
  setupBreak: '段取り中断',
  setupRestart: '段取り再開',
  break: '中断',
  restart: '再開',
  noworkStart: '終業',
  noworkFinish: '始業',
  finish: '終了',
};

/** Which actions each state allows (docs/PRODUCT.md#allowed-actions). */
const allowed: Record<ScreenState, readonly WorkAction[]> = {
  notStarted: ['start'],
  busy: [],
  [WorkState.Working]: ['setupStart', 'break', 'noworkStart', 'finish'],
  [WorkState.SettingUp]: ['setupFinish', 'setupBreak', 'noworkStart'],
  [WorkState.SetupInterrupted]: ['setupRestart', 'noworkStart'],
  [WorkState.WorkInterrupted]: ['restart', 'noworkStart'],
  [WorkState.EndOfDay]: ['noworkFinish'],
  [WorkState.Finished]: [],
};

export function isAllowed(state: ScreenState, action: WorkAction): boolean {
  return allowed[state].includes(action);
}

export function allowedActions(state: ScreenState): readonly WorkAction[] {
  return allowed[state];
}

/** Which periods of a record are open: what its state is derived from. */
export interface OpenPeriods {
  finished: boolean;
  setup: boolean;
  setupBreak: boolean;
  workBreak: boolean;
  nowork: boolean;
}

/**
 * The state a record's open periods mean. Across an end-of-day stop the other periods stay open,
 * and start of day returns to them in this order (docs/PRODUCT.md#state-derivation): setup interrupted, work interrupted,
 * setting up, working.
 */
export function deriveState(open: OpenPeriods): WorkState {
  if (open.finished) return WorkState.Finished;
  if (open.nowork) return WorkState.EndOfDay;
  if (open.setupBreak) return WorkState.SetupInterrupted;
  if (open.workBreak) return WorkState.WorkInterrupted;
  if (open.setup) return WorkState.SettingUp;
  return WorkState.Working;
}

/** What an allowed action changes in the open periods. */
export function applyAction(open: OpenPeriods, action: WorkAction): OpenPeriods {
  switch (action) {
    case 'start':
      return { finished: false, setup: false, setupBreak: false, workBreak: false, nowork: false };
    case 'setupStart':
      return { ...open, setup: true };
    case 'setupFinish':
      return { ...open, setup: false };
    case 'setupBreak':
      return { ...open, setupBreak: true };
    case 'setupRestart':
      return { ...open, setupBreak: false };
    case 'break':
      return { ...open, workBreak: true };
    case 'restart':
      return { ...open, workBreak: false };
    case 'noworkStart':
      return { ...open, nowork: true };
    case 'noworkFinish':
      return { ...open, nowork: false };
    case 'finish':
      return { ...open, finished: true };
  }
}

/** The state after an action, or undefined when the state does not allow it. */
export function nextState(state: ScreenState, action: WorkAction, open: OpenPeriods): WorkState | undefined {
  if (!isAllowed(state, action)) return undefined;
  return deriveState(applyAction(open, action));
}

export const noOpenPeriods: OpenPeriods = { finished: false, setup: false, setupBreak: false, workBreak: false, nowork: false };
