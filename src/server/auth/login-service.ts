import type { Kysely } from 'kysely';
import { userIdKey } from '../../domain/user-id.ts';
import { currentUserOf, type CurrentUser } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { deviceCookieAfterSignIn, deviceNonceFor } from './device-cookie.ts';
import { findSignInEmployee } from './login-repository.ts';
import { admit, forgetAfterSuccess } from './login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';

export type LoginOutcome =
  { kind: 'signed-in'; user: CurrentUser; deviceCookie: string } | { kind: 'wrong-credentials' } | { kind: 'throttled'; until: string };

export interface Credentials {
  userName: string;
  password: string;
  address: string;
  /** The browser's device cookie, as it came. */
  deviceCookie: string | undefined;
}

/** Checks the credentials within the throttles; a success answers the browser's new device cookie. */
export async function attemptLogin(
  db: Kysely<Database>,
  secret: string,
  credentials: Credentials,
  now: Date = new Date(),
): Promise<LoginOutcome> {
  const userKey = userIdKey(credentials.userName);
  const attempt = { userKey, address: credentials.address, deviceNonce: deviceNonceFor(credentials.deviceCookie, secret, userKey) };
  const admission = await admit(db, attempt, now);
  if (!admission.admitted) return { kind: 'throttled', until: admission.until };

  const employee = await findSignInEmployee(db, userKey);
  const valid = employee?.password_hash
    ? await verifyPassword(employee.password_hash, credentials.password)
    : await verifyAgainstDecoy(credentials.password);
  if (!employee || !valid) return { kind: 'wrong-credentials' };

  await forgetAfterSuccess(db, attempt);
  return {
    kind: 'signed-in',
    user: currentUserOf(employee),
    deviceCookie: deviceCookieAfterSignIn(credentials.deviceCookie, secret, userKey),
  };
}
