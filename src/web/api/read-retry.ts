import type { UseQueryResult } from '@tanstack/react-query';
import { isWorthResending, retryDelay } from './press-retry.ts';

/**
 * A floor tablet's reads (a station's, the work screen's) wait out a lost connection: nobody may be at
 * the tablet to press 再読み込み, and gloved hands should not have to, so a read that got no answer
 * (network down, the server away, a proxy's 502–504) is asked again, with the presses' growing pause,
 * until it is answered; once the browser has reported the network gone the query pauses and goes on
 * as it reports it back. A refusal is shown at once.
 */
export const waitOutLostConnection = {
  retry: (_failures: number, error: unknown) => isWorthResending(error),
  // TanStack counts the failures before this one from 0; the presses' pauses count resends from 1.
  retryDelay: (failures: number) => retryDelay(failures + 1),
};

/** Whether such a read is still without its first answer because the connection is gone. */
export function isWaitingForConnection(query: Pick<UseQueryResult, 'isPending' | 'fetchStatus' | 'failureCount'>): boolean {
  return query.isPending && (query.fetchStatus === 'paused' || query.failureCount > 0);
}
