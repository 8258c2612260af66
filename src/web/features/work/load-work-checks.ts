import { messages } from '../../../domain/messages.ts';

/** The checks before a press or of a scan, with zod: fetched after the screen is shown (work-checks.ts). */
export const loadChecks = () => import('./work-checks.ts');
type WorkChecks = Awaited<ReturnType<typeof loadChecks>>;

/** The longest the checks wait for an idle moment, and how long a browser without idle callbacks waits. */
const CHECKS_WAIT_MS = 1_000;

/**
 * Fetches the checks while the worker fills in the form, once the page is idle after the screen's
 * first drawing: fetched at once, their evaluation (zod) came before that drawing and held up the
 * screen's first paint on a slow tablet. Fetching them after the screen has gone costs nothing.
 */
export function loadChecksWhenIdle(): void {
  const load = () => void loadChecks().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: CHECKS_WAIT_MS });
  else setTimeout(load, CHECKS_WAIT_MS);
}

/** The first reason not to go on, or the network's message when the checks cannot be fetched. */
export async function problemOf(check: (checks: WorkChecks) => string | null): Promise<string | null> {
  try {
    return check(await loadChecks());
  } catch {
    return messages.http.network;
  }
}
