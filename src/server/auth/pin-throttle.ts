import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countWithin, deleteCounter, findCounter, restartCounterWindow } from './throttle-repository.ts';

/**
 * Wrong PINs, counted per worker in the database like sign-in attempts (login-throttle.ts): the
 * fifth wrong PIN within 15 minutes locks PIN sign-in for that worker for 15 minutes from then.
 * The password still works: it is counted apart.
 */
export const pinThrottleRule = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

const pinCounter = (employeeId: number) => `pin:${employeeId}`;

export type PinAdmission = { admitted: true } | { admitted: false; until: string };

/**
 * Counts the attempt as wrong before the PIN is checked, so that parallel guesses cannot all be
 * checked before the first is seen to be wrong; a right PIN takes it back (forgetPinFailures).
 */
export async function admitPin(db: Kysely<Database>, employeeId: number, now: Date): Promise<PinAdmission> {
  if (await countWithin(db, 'login_throttles', pinCounter(employeeId), pinThrottleRule, now)) return { admitted: true };
  const blocking = await findCounter(db, 'login_throttles', pinCounter(employeeId));
  const windowStart = blocking ? Date.parse(blocking.window_started_at) : now.getTime();
  return { admitted: false, until: new Date(windowStart + pinThrottleRule.windowMs).toISOString() };
}

/** After a wrong PIN: the one that reached the limit starts the 15 minutes of the lock. */
export async function afterWrongPin(db: Kysely<Database>, employeeId: number, now: Date): Promise<PinAdmission> {
  const counter = await findCounter(db, 'login_throttles', pinCounter(employeeId));
  if (!counter || counter.attempts < pinThrottleRule.limit) return { admitted: true };
  await restartCounterWindow(db, pinCounter(employeeId), now.toISOString());
  return { admitted: false, until: new Date(now.getTime() + pinThrottleRule.windowMs).toISOString() };
}

/** A right PIN forgets the worker's wrong ones, this attempt's count included. */
export async function forgetPinFailures(db: Kysely<Database>, employeeId: number): Promise<void> {
  await deleteCounter(db, pinCounter(employeeId));
}
