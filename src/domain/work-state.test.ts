import { describe, expect, it } from 'vitest';
import {
  applyAction,
  deriveState,
  isAllowed,
  nextState,
  noOpenPeriods,
  WorkState,
  workActions,
  type OpenPeriods,
  type ScreenState,
  type WorkAction,
} from './work-state.ts';

/**
 * The table of docs/PRODUCT.md#allowed-actions written out by hand, button by button, so that the machine is checked
 * against the specification and not against itself. The toggles are two actions each.
 */
type Button = '開始' | '段取り' | '中断' | '再開' | '終業/始業' | '終了';
const buttonOf: Record<WorkAction, Button> = {
  start: '開始',
  setupStart: '段取り',
  setupFinish: '段取り',
  setupBreak: '中断',
  break: '中断',
  setupRestart: '再開',
  restart: '再開',
  noworkStart: '終業/始業',
  noworkFinish: '終業/始業',
  finish: '終了',
};
const enabledButtons: Record<string, Button[]> = {
  notStarted: ['開始'],
  busy: [],
  [WorkState.Working]: ['段取り', '中断', '終業/始業', '終了'],
  [WorkState.SettingUp]: ['段取り', '中断', '終業/始業'],
  [WorkState.SetupInterrupted]: ['再開', '終業/始業'],
  [WorkState.WorkInterrupted]: ['再開', '終業/始業'],
  [WorkState.EndOfDay]: ['終業/始業'],
  [WorkState.Finished]: [],
};
/** Which of a toggle's two actions the button means in each state. */
const meaning: Record<string, Partial<Record<Button, WorkAction>>> = {
  notStarted: { 開始: 'start' },
  [WorkState.Working]: { 段取り: 'setupStart', 中断: 'break', '終業/始業': 'noworkStart', 終了: 'finish' },
  [WorkState.SettingUp]: { 段取り: 'setupFinish', 中断: 'setupBreak', '終業/始業': 'noworkStart' },
  [WorkState.SetupInterrupted]: { 再開: 'setupRestart', '終業/始業': 'noworkStart' },
  [WorkState.WorkInterrupted]: { 再開: 'restart', '終業/始業': 'noworkStart' },
  [WorkState.EndOfDay]: { '終業/始業': 'noworkFinish' },
};

const states: ScreenState[] = ['notStarted', 'busy', 1, 2, 3, 4, 5, 0];

describe('the allowed actions (docs/PRODUCT.md#allowed-actions): every state × every action', () => {
  for (const state of states) {
    for (const action of workActions) {
      const expected = meaning[String(state)]?.[buttonOf[action]] === action;
      it(`${String(state)} × ${action} → ${expected ? 'allowed' : 'refused'}`, () => {
        expect(isAllowed(state, action)).toBe(expected);
        if (expected) expect(enabledButtons[String(state)]).toContain(buttonOf[action]);
      });
    }
  }

  it('enables exactly the buttons of the table in each state', () => {
    for (const state of states) {
      const enabled = new Set(workActions.filter((action) => isAllowed(state, action)).map((action) => buttonOf[action]));
      expect([...enabled].sort()).toEqual([...enabledButtons[String(state)]!].sort());
    }
  });
});

describe('transitions', () => {
  const open = (overrides: Partial<OpenPeriods>): OpenPeriods => ({ ...noOpenPeriods, ...overrides });

  it('start succeeds into working', () => {
    expect(nextState('notStarted', 'start', noOpenPeriods)).toBe(WorkState.Working);
  });
  it('setup start leads to setting up, setup finish back to working', () => {
    expect(nextState(WorkState.Working, 'setupStart', noOpenPeriods)).toBe(WorkState.SettingUp);
    expect(nextState(WorkState.SettingUp, 'setupFinish', open({ setup: true }))).toBe(WorkState.Working);
  });
  it('interrupting while setting up is a setup interruption; otherwise a work interruption', () => {
    expect(nextState(WorkState.SettingUp, 'setupBreak', open({ setup: true }))).toBe(WorkState.SetupInterrupted);
    expect(nextState(WorkState.Working, 'break', noOpenPeriods)).toBe(WorkState.WorkInterrupted);
  });
  it('restart returns to setting up or working', () => {
    expect(nextState(WorkState.SetupInterrupted, 'setupRestart', open({ setup: true, setupBreak: true }))).toBe(WorkState.SettingUp);
    expect(nextState(WorkState.WorkInterrupted, 'restart', open({ workBreak: true }))).toBe(WorkState.Working);
  });
  it('end of day leads to 終業 from every working state', () => {
    for (const [state, periods] of [
      [WorkState.Working, noOpenPeriods],
      [WorkState.SettingUp, open({ setup: true })],
      [WorkState.SetupInterrupted, open({ setup: true, setupBreak: true })],
      [WorkState.WorkInterrupted, open({ workBreak: true })],
    ] as const) {
      expect(nextState(state, 'noworkStart', periods)).toBe(WorkState.EndOfDay);
    }
  });
  it('start of day restores setup interrupted, then work interrupted, then setting up, then working', () => {
    expect(nextState(WorkState.EndOfDay, 'noworkFinish', open({ nowork: true, setup: true, setupBreak: true }))).toBe(
      WorkState.SetupInterrupted,
    );
    expect(nextState(WorkState.EndOfDay, 'noworkFinish', open({ nowork: true, workBreak: true }))).toBe(WorkState.WorkInterrupted);
    expect(nextState(WorkState.EndOfDay, 'noworkFinish', open({ nowork: true, setup: true }))).toBe(WorkState.SettingUp);
    expect(nextState(WorkState.EndOfDay, 'noworkFinish', open({ nowork: true }))).toBe(WorkState.Working);
  });
  it('finish ends the record', () => {
    expect(nextState(WorkState.Working, 'finish', noOpenPeriods)).toBe(WorkState.Finished);
  });
  it('refuses what the state does not allow', () => {
    expect(nextState(WorkState.Finished, 'start', noOpenPeriods)).toBeUndefined();
    expect(nextState(WorkState.SettingUp, 'finish', open({ setup: true }))).toBeUndefined();
    expect(nextState('busy', 'restart', noOpenPeriods)).toBeUndefined();
  });
});

describe('deriveState', () => {
  it('puts finished before everything and end of day before any open period', () => {
    expect(deriveState({ finished: true, setup: true, setupBreak: true, workBreak: true, nowork: true })).toBe(WorkState.Finished);
    expect(deriveState({ finished: false, setup: true, setupBreak: true, workBreak: false, nowork: true })).toBe(WorkState.EndOfDay);
  });
  it('agrees with applyAction for every allowed action from every reachable state', () => {
    const reachable: OpenPeriods[] = [noOpenPeriods];
    for (let index = 0; index < reachable.length; index++) {
      const periods = reachable[index]!;
      const state = deriveState(periods);
      for (const action of workActions.filter((a) => isAllowed(state, a))) {
        const after = applyAction(periods, action);
        expect(nextState(state, action, periods)).toBe(deriveState(after));
        if (!reachable.some((seen) => JSON.stringify(seen) === JSON.stringify(after))) reachable.push(after);
      }
    }
    expect(reachable.length).toBeGreaterThanOrEqual(8);
  });
});
