import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../domain/messages.ts';
import { OTHER_INTERRUPTION_ID } from '../../../domain/named-masters.ts';
import { workMessages } from '../../../domain/product-cost-fields.ts';
import type { WorkActionResult, WorkRecord } from '../../../domain/product-cost.ts';
import type { SelectorItem } from '../../../domain/responses.ts';
import { workActionLabels, type ScreenState, type WorkAction } from '../../../domain/work-state.ts';
import { api, ApiError, failureMessage } from '../../api/client.ts';
import { newPressKey } from '../../api/press-key.ts';
import { isWorthResending, sendWithResends, type PressConnection } from '../../api/press-retry.ts';
import { endSession, isStationSession } from '../../api/station-session.ts';
import { useCurrentUser } from '../../api/user.ts';
import { forgetHeld, handOverHeld, holdPress, keepRefused, onPressRecorded, onPressRefused, queuePress } from '../../outbox/outbox.ts';
import type { OutboxPress } from '../../outbox/outbox-press.ts';
import { outboxTexts } from '../../outbox/outbox-texts.ts';
import { pressCredentialOf } from '../../outbox/press-credential.ts';
import { useOutbox } from '../../outbox/use-outbox.ts';
import { pathTo } from '../../route-paths.ts';
import { fetchScreenAhead, fetchWhenIdle } from '../../lazy-screen.ts';
import { stationScreenCode, workListScreenCode } from '../../screen-code.ts';
import { productCostKeys } from '../../api/query-keys.ts';
import { alertDialog, confirmDialog } from '../../components/dialogs.tsx';
import { useStepBack } from '../../components/use-step-back.ts';
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
import { askReason } from './ask-reason.ts';
import { clockOfRecord, clockOnPress, steadyNow, type JobClock } from './job-clock.ts';
import { loadChecks, problemOf } from './load-work-checks.ts';
import { fetchWorkRecord } from './work-queries.ts';
import {
  actionPath,
  actionPathTemplate,
  actionTarget,
  buttonActions,
  sessionAfter,
  sessionFromRecord,
  sessionQueued,
  sessionWithId,
  type WorkSession,
} from './work-session.ts';

interface WorkInputs {
  fields: JobFields;
  counts: CountValues;
  interruption: InterruptionChoice;
  setInterruption: (choice: InterruptionChoice) => void;
  /** The 中断内容 offered, for 中断 pressed before one was chosen to ask which. */
  interruptions: readonly SelectorItem[];
  /**
   * 要確認 as the record was read (false while presses of the job wait in the outbox, which the server
   * has not counted yet): 終了 says first that the time since the last action will count as work.
   */
  stale: boolean;
  onStarted: (record: WorkRecord) => void;
  /** A 開始 kept from an earlier visit of this history entry (Forward, reload), if any. */
  keptStart: StartPress | null;
  /** Called before a 開始 is sent, to keep it with the history entry. */
  onStartPressed: (press: StartPress) => void;
  /** After a refusal: the record as the server holds it. */
  onReloaded: (record: WorkRecord) => void;
  /** The job's times as the screen opens (none before 開始), worked out once. */
  clock: () => JobClock | null;
}

/** The longest gap between the two taps of a double tap with a glove on. */
export const DOUBLE_TAP_MS = 600;

/**
 * Hands a held press over, or forgets it; the outbox's store failing must not hide the press's own
 * answer (the row then waits for the next page, which sends it once more under its key).
 */
const settleHeld = (settle: Promise<void>) => settle.catch((error: unknown) => console.error(error));

/** How a press ended: answered by the server, or kept in the outbox to be sent later. */

type Performed = { answer: WorkActionResult } | { queued: true };

/**
 * The buttons of the work screen. One press runs at a time, from the press through its
 * confirmation and call to its closing message, and every button is disabled while a call is in
 * flight (停止中): a double press can never record twice. Each press sends an Idempotency-Key of its
 * own. An answer that comes after the worker has left the screen (Back during a slow call) is
 * recorded on the server but opens nothing: no message, no navigation. A press made offline, or
 * behind presses of this job still unsent, goes to the outbox and changes the screen at once
 * (docs/PRODUCT.md#offline-presses).
 */
export function useWorkActions(initial: WorkSession, inputs: WorkInputs) {
  const navigate = useNavigate();
  const stepBack = useStepBack('product_cost');
  const queryClient = useQueryClient();
  const [session, setSession] = useState(initial);
  const [clock, setClock] = useState(inputs.clock);
  // 要確認 as the record was read: a press of this job, answered or kept to be sent, ends it (the server
  // counts from that press), and the read that follows a refusal says it again.
  const [stale, setStale] = useState(inputs.stale);
  /**
   * The session after a press of this job: the screen shows it, its times go on from it, and the job is
   * no longer stale. `at` is when the server records it: a press answered, when it arrived (the answer's
   * moment, within the call's time); one the outbox sends, when it was pressed (its pressed_at).
   */
  const pressed = (next: WorkSession, at: number) => {
    setSession(next);
    setClock((current) => clockOnPress(current, session, next, at));
    setStale(false);
  };
  const [busy, setBusy] = useState(false);
  const [settling, setSettling] = useState(false);
  const [connection, setConnection] = useState<PressConnection | null>(null);
  const running = useRef(false);
  const shown = useRef(true);
  const worker = useCurrentUser().data;
  const outbox = useOutbox();
  // A press that finds the checks still missing fetches them itself.
  useEffect(() => fetchWhenIdle(loadChecks), []);
  // 終了 and 終業 leave for the tiles on a station and for the list otherwise, perhaps pressed without
  // a network: that screen's code (with Mantine's whole sheet) must be in the page by then. Fetched
  // once a job is in hand (its slip entered, or resumed), not with the screen's first load.
  const jobInHand = inputs.fields.slip_no !== '';
  useEffect(() => {
    if (jobInHand) fetchWhenIdle(() => fetchScreenAhead(isStationSession() ? stationScreenCode : workListScreenCode));
  }, [jobInHand]);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const actions = buttonActions(session);

  /**
   * Runs a press alone; the buttons stay disabled until DOUBLE_TAP_MS after the tap even when the
   * server answered sooner, so that a double tap's second tap never lands on the button the first
   * one changed (段取り becomes 段取り中..., which would end the setup it had just begun).
   */
  const exclusive = (task: () => Promise<unknown>) => async () => {
    if (running.current) return;
    running.current = true;
    const tappedAt = Date.now();
    try {
      await task();
    } finally {
      const rest = DOUBLE_TAP_MS - (Date.now() - tappedAt);
      if (rest <= 0) running.current = false;
      else {
        setSettling(true);
        setTimeout(() => {
          running.current = false;
          setSettling(false);
        }, rest);
      }
    }
  };

  /**
   * Back to where the worker came from, unless they have gone elsewhere meanwhile; on a station, the
   * job done, the worker is signed out and the tiles wait for the next one.
   */
  const leave = async () => {
    if (!shown.current) return;
    if (!isStationSession()) return stepBack();
    await endSession(queryClient);
    navigate(pathTo('station'), { replace: true });
  };

  const reload = async (recordId: number) => {
    try {
      const record = await fetchWorkRecord(recordId);
      setSession(sessionFromRecord(record));
      setClock(clockOfRecord(record, Date.now()));
      setStale(record.stale);
      inputs.onReloaded(record);
    } catch (error) {
      console.error(error);
    }
  };

  // A press of this job recorded from the outbox: the id it got replaces its key; a 開始 moves the
  // address to the record's. A refused one sends the screen back to the record as the server holds it.
  const recorded = useEffectEvent((press: OutboxPress, answer: unknown, recordedId: number | null) => {
    if (recordedId === null) return;
    const started = press.job === press.key && session.recordId === press.key;
    setSession((shownSession) => sessionWithId(shownSession, press.key, recordedId));
    const record = (answer as WorkActionResult).product_cost;
    if (started && record) inputs.onStarted(record);
  });
  const refused = useEffectEvent((press: OutboxPress) => {
    if (typeof press.job === 'number' && press.job === session.recordId) void reload(press.job);
  });
  useEffect(() => {
    const stopRecorded = onPressRecorded(recorded);
    const stopRefused = onPressRefused(refused);
    return () => {
      stopRecorded();
      stopRefused();
    };
  }, []);

  /** Whether this job has presses in the outbox, which a new press must follow. */
  const hasUnsent = (shownSession: WorkSession) =>
    typeof shownSession.recordId === 'string' || Boolean(outbox?.unsent.some((press) => press.job === shownSession.recordId));

  /** The press as the outbox keeps it, and the state it leads to; null when the state does not allow it. */
  const outboxPress = async (action: WorkAction, body: object, key: string, pressedAt: string, sentAtOnce: boolean) => {
    const after = sessionQueued(session, action, key);
    if (!after || !worker) return null;
    const press: OutboxPress = {
      key,
      workerId: worker.employee_id,
      credential: isStationSession() ? await pressCredentialOf(worker.employee_id) : null,
      job: session.recordId ?? key,
      slipNo: inputs.fields.slip_no,
      label: workActionLabels[action],
      path: actionPathTemplate(action),
      target: actionTarget(action, session),
      body: { ...body, pressed_at: pressedAt },
      firstBody: sentAtOnce ? { ...body } : null,
      pressedAt,
      after: { ...after },
      refused: null,
    };
    return { press, after };
  };

  /** Keeps a press in the outbox and shows its state at once; false when the state does not allow it. */
  const queue = async (action: WorkAction, body: object, key: string, pressedAt: string, sentAtOnce: boolean): Promise<boolean> => {
    const queued = await outboxPress(action, body, key, pressedAt, sentAtOnce);
    if (!queued) return false;
    await queuePress(queued.press);
    if (shown.current) pressed(queued.after, Date.parse(pressedAt));
    return true;
  };

  /**
   * Sends one action, resending it with the same key while no answer comes (docs/PRODUCT.md#work-screen);
   * the state changes only with the server's answer, or when the press goes to the outbox (offline,
   * or resent in vain). A refusal or failure shows the server's message, the previous state stays,
   * and behind the message the record's true state is read again (another tablet may have moved it on).
   */
  const perform = async (action: WorkAction, body: object = {}, key = newPressKey()): Promise<Performed | undefined> => {
    const pressedAt = new Date().toISOString();
    // Asked now: a session that ends on the server meanwhile sends the screen to the tiles, which forgets it.
    const onStation = isStationSession();
    if (!navigator.onLine || hasUnsent(session)) return (await queue(action, body, key, pressedAt, false)) ? { queued: true } : undefined;
    setBusy(true);
    // From its first resend on, the press is kept in the outbox too, so that a reload, ログアウト or a
    // closed tab while it is resent never loses it; the outbox leaves it to this screen meanwhile.
    let held: Promise<{ seq: number; after: WorkSession } | null> | undefined;
    const hold = async () => {
      try {
        const kept = await outboxPress(action, body, key, pressedAt, true);
        return kept && { seq: await holdPress(kept.press), after: kept.after };
      } catch (error) {
        // A browser that keeps nothing (its storage full or turned off): the press is still resent here.
        console.error(error);
        return null;
      }
    };
    try {
      const result = await sendWithResends(
        (signal) => api<WorkActionResult>('POST', actionPath(action, session), body, { idempotencyKey: key, signal }),
        {
          onConnection: (connection) => {
            setConnection(connection);
            if (connection === 'resending') held ??= hold();
          },
          // Offline no resend can arrive; once the screen is gone (ログアウト, another worker signed in) a
          // resend would go out with whoever's session the tab has then: the outbox sends it as the presser.
          giveUp: () => !navigator.onLine || !shown.current,
        },
      );
      const kept = await held;
      if (kept) await settleHeld(forgetHeld(kept.seq));
      if (!shown.current) return undefined;
      pressed(sessionAfter(session, action, result), steadyNow());
      // Every view of records is marked stale; this screen's own read needs nothing more, the answer
      // moved it on. The lists, not on screen now, are read again in the background, so that going
      // back to one shows the job as it now stands once that read is in, not as it was.
      void queryClient.invalidateQueries({ queryKey: productCostKeys.all, refetchType: 'none' });
      void queryClient.refetchQueries({ queryKey: productCostKeys.lists, type: 'inactive' });
      // The record is read once more, unused here, so that the tablet's copy of it (the service
      // worker's, for a reload without network) holds this press: from the copy read before it, a
      // reload offline would show the state before the press, and the worker's next press be refused.
      const recordId = result.product_cost?.id ?? session.recordId;
      // A read that fails leaves the older copy, as before.
      if (typeof recordId === 'number') void fetchWorkRecord(recordId).catch(() => undefined);
      return { answer: result };
    } catch (error) {
      const kept = await held;
      // Never answered, or answered when the screen was gone and could not show it (a refusal, the 401
      // of a session ended by ログアウト): kept with its key (handed over if it was held), so that the
      // outbox sends it as the worker who pressed it, and shows a refusal on the station's tiles.
      if (isWorthResending(error) || (kept && !shown.current)) {
        if (kept) {
          await settleHeld(handOverHeld(kept.seq));
          if (shown.current) pressed(kept.after, Date.parse(pressedAt));
          return { queued: true };
        }
        if (await queue(action, body, key, pressedAt, true)) return { queued: true };
      }
      // A station worker's session ended on the server (a new PIN, the worker deleted): the screen goes back to
      // the tiles, where the press, never recorded, is shown among the refused ones with why, not lost unsaid.
      if (onStation && error instanceof ApiError && error.status === 401) {
        if (kept) await settleHeld(forgetHeld(kept.seq));
        const unrecorded = await outboxPress(action, body, key, pressedAt, true);
        if (unrecorded) await keepRefused(unrecorded.press, outboxTexts.sessionEnded);
        return undefined;
      }
      if (kept) await settleHeld(forgetHeld(kept.seq));
      // A refusal is the person's to read, in the dialog; only what no answer explains is a fault for the console.
      if (!(error instanceof ApiError)) console.error(error);
      if (!shown.current) return undefined;
      const message = failureMessage(error);
      await Promise.all([alertDialog(message), typeof session.recordId === 'number' ? reload(session.recordId) : undefined]);
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
    const performed = await perform('start', startPayload(inputs.fields, inputs.counts), press.key);
    if (performed && 'answer' in performed && performed.answer.product_cost) inputs.onStarted(performed.answer.product_cost);
  };

  // Pressed before its reason, 中断 asks which with a button for each; the one tapped interrupts, but
  // その他, chosen, waits for its text.
  const interrupt = async () => {
    let choice = inputs.interruption;
    const problem = await problemOf((checks) => checks.interruptionProblem(choice));
    if (problem && choice.interruption_id === null) {
      const reasonId = await askReason(problem, inputs.interruptions);
      if (reasonId === null) return;
      inputs.setInterruption((choice = { interruption_id: reasonId, interruption_other: '' }));
      if (reasonId === String(OTHER_INTERRUPTION_ID)) return;
    } else if (problem) return alertDialog(problem);
    await perform(actions.interrupt, interruptionPayload(choice));
  };

  const restart = async () => {
    if (await perform(actions.restart)) inputs.setInterruption(noInterruption);
  };

  /** 終業 saves the counts so far and leaves; 始業 returns to the state the server answers. */
  const nowork = async () => {
    if (actions.nowork === 'noworkFinish') {
      if (!(await confirmDialog(workMessages.confirmStartOfDay))) return;
      const performed = await perform('noworkFinish');
      if (performed) await alertDialog('queued' in performed ? outboxTexts.kept : workMessages.startOfDayDone);
      return;
    }
    if (!(await confirmDialog(workMessages.confirmNowork))) return;
    const periods = {
      setup_time_id: session.setupTimeId,
      break_time_id: session.breakTimeId,
      setup_break_time_id: session.setupBreakTimeId,
    };
    const performed = await perform('noworkStart', { ...countPayload(inputs.counts), ...periods });
    if (!performed) return;
    await alertDialog('queued' in performed ? outboxTexts.kept : workMessages.noworkDone);
    await leave();
  };

  // process2 (備考) is left out: this screen has no field for it, so the note an office edit wrote stays.
  const finish = async () => {
    const question = stale ? workMessages.confirmStaleFinish : workMessages.confirmFinish;
    const warning = inputs.counts.superior === '' ? workMessages.finishWithoutGoodCount : undefined;
    if (!(await confirmDialog(question, { warning }))) return;
    const performed = await perform('finish', countPayload(inputs.counts));
    if (!performed) return;
    await alertDialog('queued' in performed ? outboxTexts.kept : messages.saved.registered);
    await leave();
  };

  const screenState: ScreenState = busy ? 'busy' : session.state;
  return {
    session,
    /** 作業時間 and この状態 as they stand, ticked on by the screen; null before 開始. */
    clock,
    screenState,
    stale,
    busy,
    /** The buttons wait out a double tap's second tap after a press answered at once. */
    settling,
    connection,
    /** Whether the job has presses in the outbox: the server holds it as it was before them. */
    unsent: hasUnsent(session),
    actions,
    start: exclusive(start),
    toggleSetup: exclusive(() => perform(actions.setup)),
    interrupt: exclusive(interrupt),
    restart: exclusive(restart),
    nowork: exclusive(nowork),
    finish: exclusive(finish),
  };
}
