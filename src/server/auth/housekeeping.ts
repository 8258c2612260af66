import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sweepEvents } from '../events/event-repository.ts';
import { IdempotencyService } from '../idempotency/idempotency-service.ts';
import { sweepRequestCounts } from './anonymous-rate-limit.ts';
import { sweepLoginThrottles } from './login-throttle.ts';
import type { SessionService } from './session-service.ts';
import { deleteExpiredStationCodes } from './station-repository.ts';
import { deleteExpiredPressCredentials } from './press-credential-repository.ts';

/** How often the server deletes what has expired; rows then live at most this long past their end. */
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Deletes sessions idle past their limit, counters whose window is over and idempotency keys past
 * their 24 hours, published events past their hour, station codes and press credentials past their end, so that no table grows with the traffic it has seen, only with the traffic of the last window.
 */
export async function sweepExpired(db: Kysely<Database>, sessions: SessionService, now: Date = new Date()) {
  return {
    sessions: await sessions.removeIdle(now),
    loginThrottles: await sweepLoginThrottles(db, now),
    requestCounts: await sweepRequestCounts(db, now),
    idempotencyKeys: await new IdempotencyService(db, () => now).removeExpired(),
    boardEvents: await sweepEvents(db, now),
    stationCodes: await deleteExpiredStationCodes(db, now.toISOString()),
    pressCredentials: await deleteExpiredPressCredentials(db, now.toISOString()),
  };
}
