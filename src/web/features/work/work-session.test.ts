import { describe, expect, it } from 'vitest';
import type { WorkActionResult } from '../../../domain/product-cost.ts';
import { WorkState } from '../../../domain/work-state.ts';
import {
  actionPath,
  buttonActions,
  newSession,
  screenStateName,
  sessionAfter,
  sessionFromRecord,
  type WorkSession,
} from './work-session.ts';
import { workRecord } from './work-record-fixture.ts';

const record = workRecord;
const answer = (state: WorkState, extra: Partial<WorkActionResult> = {}): WorkActionResult => ({ result: true, state, ...extra });
const working: WorkSession = { ...newSession, recordId: 7, state: WorkState.Working };

describe('the work session', () => {
  it('takes state and open periods from a loaded record, 終業 while its end-of-day period is open', () => {
    expect(sessionFromRecord(record())).toEqual(working);
    const overnight = record({
      state: WorkState.EndOfDay,
      setup_time: { id: 3, started_on: '2026-11-22T09:00:00+09:00' },
      setup_break_time: { id: 4, broken_on: '2026-11-22T09:30:00+09:00', interruption_id: 1, interruption_other: null },
      nowork_time: { id: 5, started_on: '2026-11-22T17:00:00+09:00', finished_on: null },
    });
    expect(sessionFromRecord(overnight)).toEqual({
      recordId: 7,
      state: WorkState.EndOfDay,
      setupTimeId: 3,
      setupBreakTimeId: 4,
      breakTimeId: null,
      noworkTimeId: 5,
    });
    expect(
      sessionFromRecord(
        record({
          state: WorkState.Working,
          nowork_time: { id: 5, started_on: '2026-11-22T17:00:00+09:00', finished_on: '2026-11-23T08:00:00+09:00' },
        }),
      ).state,
    ).toBe(WorkState.Working);
  });

  it('follows the server’s answers through a day with setup, interruptions and end of day', () => {
    let session = sessionAfter(newSession, 'start', answer(WorkState.Working, { product_cost: record() }));
    expect(session).toEqual(working);
    session = sessionAfter(session, 'setupStart', answer(WorkState.SettingUp, { setup_time_id: 3 }));
    expect(buttonActions(session)).toEqual({ setup: 'setupFinish', interrupt: 'setupBreak', restart: 'restart', nowork: 'noworkStart' });
    session = sessionAfter(session, 'setupBreak', answer(WorkState.SetupInterrupted, { setup_break_time_id: 4 }));
    expect(buttonActions(session).restart).toBe('setupRestart');
    session = sessionAfter(session, 'noworkStart', answer(WorkState.EndOfDay, { nowork_time_id: 5 }));
    expect(buttonActions(session).nowork).toBe('noworkFinish');
    session = sessionAfter(session, 'noworkFinish', answer(WorkState.SetupInterrupted));
    expect(session).toMatchObject({ state: WorkState.SetupInterrupted, setupTimeId: 3, setupBreakTimeId: 4, noworkTimeId: null });
    session = sessionAfter(session, 'setupRestart', answer(WorkState.SettingUp));
    session = sessionAfter(session, 'setupFinish', answer(WorkState.Working));
    expect(session).toEqual(working);
    expect(buttonActions(session)).toEqual({ setup: 'setupStart', interrupt: 'break', restart: 'restart', nowork: 'noworkStart' });
    session = sessionAfter(session, 'break', answer(WorkState.WorkInterrupted, { break_time_id: 6 }));
    expect(session.breakTimeId).toBe(6);
    session = sessionAfter(session, 'restart', answer(WorkState.Working));
    expect(sessionAfter(session, 'finish', answer(WorkState.Finished))).toEqual({ ...working, state: WorkState.Finished });
  });

  it('names the record, or the open period, in each action’s path (docs/API.md#work-actions-any-signed-in-worker)', () => {
    const open: WorkSession = {
      recordId: 7,
      state: WorkState.EndOfDay,
      setupTimeId: 3,
      setupBreakTimeId: 4,
      breakTimeId: 6,
      noworkTimeId: 5,
    };
    expect(actionPath('start', newSession)).toBe('/api/productcost/start');
    expect(
      (
        ['setupStart', 'setupFinish', 'setupBreak', 'setupRestart', 'break', 'restart', 'noworkStart', 'noworkFinish', 'finish'] as const
      ).map((action) => actionPath(action, open)),
    ).toEqual([
      '/api/productcost/setup/start/7',
      '/api/productcost/setup/finish/3',
      '/api/productcost/setup/break/3',
      '/api/productcost/setup/restart/4',
      '/api/productcost/break/7',
      '/api/productcost/restart/6',
      '/api/productcost/nowork/start/7',
      '/api/productcost/nowork/finish/5',
      '/api/productcost/finish/7',
    ]);
  });

  it('names every screen state', () => {
    expect([newSession.state, 'busy' as const, WorkState.Working, WorkState.SettingUp, WorkState.EndOfDay].map(screenStateName)).toEqual([
      '未開始',
      '停止中',
      '作業中',
      '段取り中',
      '終業',
    ]);
  });
});
