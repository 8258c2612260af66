import { ApiError } from './api-error.ts';

/** How long one attempt of a press may take before it is given up and sent again with the same key. */
export const ATTEMPT_TIMEOUT_MS = 8_000;
/** The pause before the first resend; each next pause doubles, up to the longest. */
export const FIRST_RETRY_DELAY_MS = 1_000;
export const LONGEST_RETRY_DELAY_MS = 15_000;
/**
 * How long a press keeps being resent before its failure is shown. The same key makes every resend
 * safe: the server answers a repeat with the first answer and records nothing twice.
 */
export const RETRY_PERIOD_MS = 60_000;

/** The pause before resend number `retry` (1 for the first resend): 1 s, 2 s, 4 s, 8 s, then 15 s each. */
export function retryDelay(retry: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** (retry - 1), LONGEST_RETRY_DELAY_MS);
}

/**
 * Whether a failed attempt brought no answer the tablet could read: none at all (network down, timed
 * out, or an answer cut short on its way, client.ts) or a proxy's 502, 503 or 504. A refusal (4xx) or
 * the server's own 500 is an answer, shown as it is.
 */
export function isWorthResending(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

/** Where a press stands while its call is out: its first attempt, or resending after one failed. */
export type PressConnection = 'sending' | 'resending';

export const pressConnectionTexts: Record<PressConnection, string> = {
  sending: '通信中…',
  resending: '接続できません。再送しています…',
};

export interface ResendOptions {
  /** Told when the press turns from its first attempt to resending. */
  onConnection: (connection: PressConnection) => void;
  /**
   * Whether to stop resending at once after a failed attempt (the browser knows it is offline, so no
   * resend can reach the server): the last failure is thrown as when the period is over.
   */
  giveUp?: () => boolean;
  /** Milliseconds since an arbitrary start (the wall clock in the screen, a fake one in tests). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends one press by `attempt` (each attempt with its own time-out signal, and always the press's
 * one Idempotency-Key), resending after a failure that is worth it with a growing pause for up to
 * RETRY_PERIOD_MS, or until `giveUp` says so. The press's one answer is returned, or its last failure thrown.
 */
export async function sendWithResends<T>(attempt: (signal: AbortSignal) => Promise<T>, options: ResendOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? pause;
  const started = now();
  options.onConnection('sending');
  for (let retry = 1; ; retry++) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      return await attempt(timeout.signal);
    } catch (error) {
      const delay = retryDelay(retry);
      if (!isWorthResending(error) || options.giveUp?.() || now() + delay - started > RETRY_PERIOD_MS) throw error;
      options.onConnection('resending');
      await sleep(delay);
      // What gives up may have come about during the pause.
      if (options.giveUp?.()) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
