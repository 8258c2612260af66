import { messages } from '../../../domain/messages.ts';

/** The checks before a press or of a scan, with zod: fetched after the screen is shown (work-checks.ts). */
export const loadChecks = () => import('./work-checks.ts');
type WorkChecks = Awaited<ReturnType<typeof loadChecks>>;

/** The first reason not to go on, or the network's message when the checks cannot be fetched. */
export async function problemOf(check: (checks: WorkChecks) => string | null): Promise<string | null> {
  try {
    return check(await loadChecks());
  } catch {
    return messages.http.network;
  }
}
