import { ApiError, api } from '../api/client.ts';
import { newPressKey } from '../api/press-key.ts';
import { ATTEMPT_TIMEOUT_MS } from '../api/press-retry.ts';
import { oneRoundAtATime } from './one-round-at-a-time.ts';
import { isRefusal, outboxRetryDelay, pathOf, recordedIdOf, type OutboxPress } from './outbox-press.ts';
import { outboxTexts } from './outbox-texts.ts';
import { addPress, markRefused, releasePress, removePress, removeRecorded, storedPresses, type StoredPress } from './outbox-store.ts';

/**
 * The outbox (docs/PRODUCT.md#offline-presses): presses the tablet could not send wait here, and are
 * sent strictly in the order pressed when the connection returns: at once on the browser's online
 * event, and otherwise again and again with a growing pause, also after a reload.
 */
export interface OutboxSnapshot {
  /** Presses still to send, in order. */
  unsent: StoredPress[];
  /** Presses the server refused, kept until someone has read them. */
  refused: StoredPress[];
}

type Recorded = (press: OutboxPress, answer: unknown, recordedId: number | null) => void;
type Refused = (press: OutboxPress) => void;

let snapshot: OutboxSnapshot | null = null;
const listeners = new Set<() => void>();
const recordedListeners = new Set<Recorded>();
const refusedListeners = new Set<Refused>();
/** Who is signed in now: a press without a credential is sent only while its worker is. */
let signedInWorker: () => number | null = () => null;

async function reread(): Promise<void> {
  const presses = await storedPresses();
  snapshot = { unsent: presses.filter((press) => !press.refused), refused: presses.filter((press) => press.refused) };
  for (const listener of listeners) listener();
}

export const outboxStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Null until the outbox has been read once after the page loaded. */
  snapshot: () => snapshot,
};

/** Told when a press of the outbox is recorded, with the server's answer. */
export function onPressRecorded(listener: Recorded): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

export function onPressRefused(listener: Refused): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export async function queuePress(press: OutboxPress): Promise<void> {
  await addPress(press);
  await reread();
  void sendOutbox();
}

/** This page, as the presses its work screen is still resending name it (OutboxPress.heldBy). */
const thisPage = newPressKey();

/**
 * Keeps a press that the work screen goes on resending itself: the outbox sends it only once this
 * page is gone (a reload, a closed tab) or the screen hands it over (`handOverHeld`). Answers its place.
 */
export async function holdPress(press: OutboxPress): Promise<number> {
  const seq = await addPress({ ...press, heldBy: thisPage });
  await reread();
  return seq;
}

/** The screen's resends were answered (recorded, or refused and shown there): the press is no longer kept. */
export async function forgetHeld(seq: number): Promise<void> {
  await removePress(seq);
  await reread();
  void sendOutbox();
}

/** The screen's resends gave up: the outbox sends the press from now on, in its place. */
export async function handOverHeld(seq: number): Promise<void> {
  await releasePress(seq);
  await reread();
  void sendOutbox();
}

/** A press the server never took and never will (its session ended): kept as refused, with why, to be shown rather than lost. */
export async function keepRefused(press: OutboxPress, message: string): Promise<void> {
  await addPress({ ...press, refused: { message, at: new Date().toISOString() } });
  await reread();
}

export async function dismissRefused(press: StoredPress): Promise<void> {
  await removePress(press.seq);
  await reread();
}

let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Sends what waits. While a round runs, a call asks for one more after it: a round sends the presses
 * queued during it too, but one that found no network ends without trying, and the online event
 * that came meanwhile must still start the round that sends.
 */
export const sendOutbox = oneRoundAtATime(sendInOrder);

async function sendInOrder(): Promise<void> {
  clearTimeout(timer);
  // Without a network nothing is tried: the online event starts the next round.
  if (!navigator.onLine) return reread();
  for (;;) {
    const next = (await storedPresses()).find((press) => !press.refused);
    if (!next) {
      failures = 0;
      return reread();
    }
    // Its screen is still resending it; the presses after it wait their turn (forgetHeld, handOverHeld).
    if (next.heldBy === thisPage) return reread();
    const outcome = await send(next);
    if (outcome === 'wait') {
      failures += 1;
      timer = setTimeout(() => void sendOutbox(), outboxRetryDelay(failures));
      return reread();
    }
    failures = 0;
  }
}

/** One attempt at the first press: recorded, refused (kept), or to try again later. */
async function send(press: StoredPress): Promise<'done' | 'wait'> {
  const path = pathOf(press);
  // In order, an unsent target means the press that would have opened it was refused.
  if (path === null) return refuse(press, outboxTexts.afterRefused);
  if (press.credential === null && signedInWorker() !== press.workerId) return 'wait';
  try {
    const answer = await attempt(press, path, press.body).catch((error: unknown) => {
      // The key is known with the body of the attempt made at once: that attempt was recorded.
      if (error instanceof ApiError && error.status === 422 && press.firstBody) return attempt(press, path, press.firstBody);
      throw error;
    });
    const recordedId = recordedIdOf(answer);
    await removeRecorded(press, recordedId);
    for (const listener of recordedListeners) listener(press, answer, recordedId);
    return 'done';
  } catch (error) {
    if (error instanceof ApiError && isRefusal(error.status)) return refuse(press, error.errorMessage);
    return 'wait';
  }
}

async function refuse(press: StoredPress, message: string): Promise<'done'> {
  await markRefused(press, message, new Date().toISOString());
  for (const listener of refusedListeners) listener(press);
  return 'done';
}

function attempt(press: StoredPress, path: string, body: Record<string, unknown>): Promise<unknown> {
  return api<unknown>('POST', path, body, {
    idempotencyKey: press.key,
    pressCredential: press.credential ?? undefined,
    signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
  });
}

/** Reads the outbox as the app starts and sends it whenever the connection comes back. */
export function startOutbox(currentWorker: () => number | null): void {
  signedInWorker = currentWorker;
  window.addEventListener('online', () => {
    failures = 0;
    void sendOutbox();
  });
  void reread().then(sendOutbox);
}
