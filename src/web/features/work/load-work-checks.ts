import { messages } from '../../../domain/messages.ts';

/** The checks before a press or of a scan, with zod: fetched after the screen is shown (work-checks.ts). */
export const loadChecks = () => import('./work-checks.ts');
type WorkChecks = Awaited<ReturnType<typeof loadChecks>>;

/** The longest code fetched ahead waits for an idle moment, and how long a browser without idle callbacks waits. */
const IDLE_WAIT_MS = 1_000;

/**
 * Fetches code the screen needs later (the checks, the screen 終了 leads to) while the worker fills
 * in the form, once the page is idle after the screen's first drawing: the checks fetched at once
 * came with their evaluation (zod) before that drawing and held up the screen's first paint on a
 * slow tablet. Fetching them after the screen has gone costs nothing; one that fails is fetched
 * again where it is needed.
 */
export function fetchWhenIdle(load: () => Promise<unknown>): void {
  const fetch = () => void load().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fetch, { timeout: IDLE_WAIT_MS });
  else setTimeout(fetch, IDLE_WAIT_MS);
}

/** The first reason not to go on, or the network's message when the checks cannot be fetched. */
export async function problemOf(check: (checks: WorkChecks) => string | null): Promise<string | null> {
  try {
    return check(await loadChecks());
  } catch {
    return messages.http.network;
  }
}
