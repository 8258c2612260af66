import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../domain/messages.ts';
import { workMessages } from '../../../domain/product-cost-fields.ts';
import type { WorkActionResult, WorkRecord } from '../../../domain/product-cost.ts';
import type { ScreenState, WorkAction } from '../../../domain/work-state.ts';
import { ApiError, api } from '../../api/client.ts';
import { newPressKey } from '../../api/press-key.ts';
import { sendWithResends, type PressConnection } from '../../api/press-retry.ts';
import { endSession, isStationSession } from '../../api/station-session.ts';
import { pathTo } from '../../route-paths.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import { alertDialog, confirmDialog } from '../../components/dialogs.tsx';
import {
  countPayload,
  interruptionPayload,
  noInterruption,
  startKey,
  startPayload,
  type CountValues,
  type InterruptionChoice,
  type JobFields,
  type StartPress,
} from './work-form.ts';
import { fetchWorkRecord } from './work-queries.ts';
import { actionPath, buttonActions, sessionAfter, sessionFromRecord, type WorkSession } from './work-session.ts';

/** The checks before a press, with zod: fetched after the screen is shown (work-checks.ts). */
const loadChecks = () => import('./work-checks.ts');
type WorkChecks = Awaited<ReturnType<typeof loadChecks>>;

/** The first reason not to send a press, or the network's message when the checks cannot be fetched. */
async function problemOf(check: (checks: WorkChecks) => string | null): Promise<string | null> {
  try {
    return check(await loadChecks());
  } catch {
    return messages.http.network;
  }
}

interface WorkInputs {
  fields: JobFields;
  counts: CountValues;
  interruption: InterruptionChoice;
  setInterruption: (choice: InterruptionChoice) => void;
  onStarted: (record: WorkRecord) => void;
  /** A 開始 kept from an earlier visit of this history entry (Forward, reload), if any. */
  keptStart: StartPress | null;
  /** Called before a 開始 is sent, to keep it with the history entry. */
  onStartPressed: (press: StartPress) => void;
  /** After a refusal: the record as the server holds it. */
  onReloaded: (record: WorkRecord) => void;
}

/**
 * The buttons of the work screen. One press runs at a time, from the press through its
 * confirmation and call to its closing message, and every button is disabled while a call is in
 * flight (停止中): a double press can never record twice. Each press sends an Idempotency-Key of its
 * own. An answer that comes after the worker has left the screen (Back during a slow call) is
 * recorded on the server but opens nothing: no message, no navigation.
 */
export function useWorkActions(initial: WorkSession, inputs: WorkInputs) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [connection, setConnection] = useState<PressConnection | null>(null);
  const running = useRef(false);
  const shown = useRef(true);
  // Fetched while the worker fills in the form; a press that finds them missing fetches them again.
  useEffect(() => {
    loadChecks().catch(() => undefined);
  }, []);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const actions = buttonActions(session);

  const exclusive = (task: () => Promise<unknown>) => async () => {
    if (running.current) return;
    running.current = true;
    try {
      await task();
    } finally {
      running.current = false;
    }
  };

  /**
   * Back to where the worker came from, unless they have gone elsewhere meanwhile; on a station, the
   * job done, the worker is signed out and the tiles wait for the next one.
   */
  const leave = async () => {
    if (!shown.current) return;
    if (!isStationSession()) return navigate(-1);
    await endSession(queryClient);
    navigate(pathTo('station'), { replace: true });
  };

  const reload = async (recordId: number) => {
    try {
      const record = await fetchWorkRecord(recordId);
      setSession(sessionFromRecord(record));
      inputs.onReloaded(record);
    } catch (error) {
      console.error(error);
    }
  };

  /**
   * Sends one action, resending it with the same key while no answer comes (docs/PRODUCT.md#work-screen);
   * the state changes only with the server's answer. A refusal or failure shows
   * the server's message, the previous state stays, and behind the message the record's true state
   * is read again (another tablet may have moved it on).
   */
  const perform = async (action: WorkAction, body?: unknown, key = newPressKey()): Promise<WorkActionResult | undefined> => {
    setBusy(true);
    try {
      const result = await sendWithResends(
        (signal) => api<WorkActionResult>('POST', actionPath(action, session), body, { idempotencyKey: key, signal }),
        { onConnection: setConnection },
      );
      if (!shown.current) return undefined;
      setSession(sessionAfter(session, action, result));
      // Marked stale without a refetch now: the list shows the change once the worker goes back to it.
      void queryClient.invalidateQueries({ queryKey: productCostKeys.all, refetchType: 'none' });
      return result;
    } catch (error) {
      // A refusal is the person's to read, in the dialog; only what no answer explains is a fault for the console.
      if (!(error instanceof ApiError)) console.error(error);
      if (!shown.current) return undefined;
      const message = error instanceof ApiError ? error.errorMessage : messages.http.serverError;
      await Promise.all([alertDialog(message), session.recordId === null ? undefined : reload(session.recordId)]);
      return undefined;
    } finally {
      setBusy(false);
      setConnection(null);
    }
  };

  const start = async () => {
    const problem = await problemOf((checks) => checks.startProblem(inputs.fields, inputs.counts));
    if (problem) return alertDialog(problem);
    const press = {
      key: startKey(inputs.keptStart, inputs.fields, inputs.counts, newPressKey),
      fields: inputs.fields,
      counts: inputs.counts,
    };
    inputs.onStartPressed(press);
    const result = await perform('start', startPayload(inputs.fields, inputs.counts), press.key);
    if (result?.product_cost) inputs.onStarted(result.product_cost);
  };

  const interrupt = async () => {
    const problem = await problemOf((checks) => checks.interruptionProblem(inputs.interruption));
    if (problem) return alertDialog(problem);
    await perform(actions.interrupt, interruptionPayload(inputs.interruption));
  };

  const restart = async () => {
    if (await perform(actions.restart)) inputs.setInterruption(noInterruption);
  };

  /** 終業 saves the counts so far and leaves; 始業 returns to the state the server answers. */
  const nowork = async () => {
    if (actions.nowork === 'noworkFinish') {
      if (!(await confirmDialog(workMessages.confirmStartOfDay))) return;
      if (await perform('noworkFinish')) await alertDialog(workMessages.startOfDayDone);
      return;
    }
    if (!(await confirmDialog(workMessages.confirmNowork))) return;
    const periods = {
      setup_time_id: session.setupTimeId,
      break_time_id: session.breakTimeId,
      setup_break_time_id: session.setupBreakTimeId,
    };
    if (!(await perform('noworkStart', { ...countPayload(inputs.counts), ...periods }))) return;
    await alertDialog(workMessages.noworkDone);
    await leave();
  };

  // process2 (備考) is left out: this screen has no field for it, so the note an office edit wrote stays.
  const finish = async () => {
    if (!(await confirmDialog(workMessages.confirmFinish))) return;
    if (!(await perform('finish', countPayload(inputs.counts)))) return;
    await alertDialog(messages.saved.registered);
    await leave();
  };

  const screenState: ScreenState = busy ? 'busy' : session.state;
  return {
    session,
    screenState,
    busy,
    connection,
    actions,
    start: exclusive(start),
    toggleSetup: exclusive(() => perform(actions.setup)),
    interrupt: exclusive(interrupt),
    restart: exclusive(restart),
    nowork: exclusive(nowork),
    finish: exclusive(finish),
  };
}
