import { ApiError } from './api-error.ts';
import { isWorthResending } from './press-retry.ts';

/** What a failed attempt at a station's owed sign-out leaves (station-session.ts). */
export type OwedSignOutOutcome = 'retry' | 'settled' | 'owed';

/**
 * After a failed attempt at an owed sign-out: one that got no answer (or a proxy's gateway failure)
 * is made again; a refusal (4xx) says the cookie's session is no longer alive to end (it expired
 * meanwhile, and the server no longer knows its CSRF token), so nothing is owed any more; the
 * server's own failure leaves it owed until the page opens or the network returns again, without a
 * loop of attempts.
 */
export function owedSignOutAfter(error: unknown): OwedSignOutOutcome {
  if (isWorthResending(error)) return 'retry';
  return error instanceof ApiError && error.status < 500 ? 'settled' : 'owed';
}
