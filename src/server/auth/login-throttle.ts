import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { countWithin, deleteCounter, deleteCountersBefore, findCounter, uncount } from './throttle-repository.ts';

/**
 * Sign-in attempts are counted in the database, so that several server processes share the
 * count and a restart keeps it. OWASP's device-cookie scheme decides what an attempt counts
 * against: from a browser holding the user's device cookie, against that cookie only; from any
 * other client, against the user for all such clients together and against the client's address.
 * Failures from elsewhere therefore never lock out the user at their own device, and a shared
 * address (a proxy, a NAT) locks out only clients that have never signed in there.
 */
export const throttleRules = {
  perUser: { limit: 5, windowMs: 15 * 60 * 1000 },
  perDevice: { limit: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 },
} as const;

type Rule = (typeof throttleRules)[keyof typeof throttleRules];

export interface Attempt {
  /** userIdKey of the user ID typed. */
  userKey: string;
  address: string;
  /** The nonce of the browser's device cookie for this user, when it holds a valid one. */
  deviceNonce: string | undefined;
}

export type Admission = { admitted: true } | { admitted: false; until: string };

/** User IDs are kept only as hashes: a password typed into the user ID field is not stored. */
const userCounter = (attempt: Attempt) => `user:${createHash('sha256').update(attempt.userKey).digest('hex')}`;
const addressCounter = (attempt: Attempt) => `ip:${attempt.address}`;
const deviceCounter = (nonce: string) => `device:${nonce}`;

function countersOf(attempt: Attempt): Array<{ key: string; rule: Rule }> {
  if (attempt.deviceNonce !== undefined) return [{ key: deviceCounter(attempt.deviceNonce), rule: throttleRules.perDevice }];
  return [
    { key: addressCounter(attempt), rule: throttleRules.perAddress },
    { key: userCounter(attempt), rule: throttleRules.perUser },
  ];
}

/**
 * Counts the attempt as a failure before the password is checked, so that parallel guesses cannot
 * all be checked before the first failure is seen; a success takes the count back. An attempt
 * refused by any counter is counted by none, writes nothing and is never checked; the answer says
 * until when the refusing counter's window lasts.
 */
export async function admit(db: Kysely<Database>, attempt: Attempt, now: Date): Promise<Admission> {
  const counted: string[] = [];
  for (const { key, rule } of countersOf(attempt)) {
    if (await countWithin(db, 'login_throttles', key, rule, now)) {
      counted.push(key);
      continue;
    }
    for (const done of counted) await uncount(db, done);
    const blocking = await findCounter(db, 'login_throttles', key);
    const windowStart = blocking ? Date.parse(blocking.window_started_at) : now.getTime();
    return { admitted: false, until: new Date(windowStart + rule.windowMs).toISOString() };
  }
  return { admitted: true };
}

/**
 * A success forgets the failures it was counted against: the device cookie's, or the user's from
 * other clients; the address only gets back the attempt it spent. A success at the user's own
 * device leaves the count from other clients alone, or a guesser would get new tries from it.
 */
export async function forgetAfterSuccess(db: Kysely<Database>, attempt: Attempt): Promise<void> {
  if (attempt.deviceNonce !== undefined) return deleteCounter(db, deviceCounter(attempt.deviceNonce));
  await uncount(db, addressCounter(attempt));
  await deleteCounter(db, userCounter(attempt));
}

/**
 * Forgets the failures counted against a user from clients without their device cookie: once a
 * password is set anew, the guesses at the old one no longer stand between its owner and the new one.
 */
export function forgetUserFailures(db: Kysely<Database>, userKey: string): Promise<void> {
  return deleteCounter(db, userCounter({ userKey, address: '', deviceNonce: undefined }));
}

/** Deletes the counters whose window is over: they hold nothing a later attempt reads. */
export function sweepLoginThrottles(db: Kysely<Database>, now: Date): Promise<number> {
  const longest = Math.max(...Object.values(throttleRules).map((rule) => rule.windowMs));
  return deleteCountersBefore(db, 'login_throttles', new Date(now.getTime() - longest).toISOString());
}
