import type { Kysely } from 'kysely';
import { currentUserOf, type CurrentUser } from '../../../domain/user.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../auth/password.ts';
import { admitPin, afterWrongPin, forgetPinFailures } from '../../auth/pin-throttle.ts';
import type { Database } from '../../db/schema.ts';
import { findPinEmployee } from './stations-repository.ts';

export type PinOutcome = { kind: 'signed-in'; user: CurrentUser } | { kind: 'wrong-pin' } | { kind: 'locked'; until: string };

/** Checks a worker's PIN within the PIN throttle (auth/pin-throttle.ts). */
export async function attemptPinLogin(db: Kysely<Database>, employeeId: number, pin: string, now: Date = new Date()): Promise<PinOutcome> {
  const admission = await admitPin(db, employeeId, now);
  if (!admission.admitted) return { kind: 'locked', until: admission.until };

  const employee = await findPinEmployee(db, employeeId);
  // Unknown workers cost as long as known ones, so the answer time does not tell who has a PIN.
  const valid = employee?.pin_hash ? await verifyPassword(employee.pin_hash, pin) : await verifyAgainstDecoy(pin);
  if (!employee || !valid) {
    const after = await afterWrongPin(db, employeeId, now);
    return after.admitted ? { kind: 'wrong-pin' } : { kind: 'locked', until: after.until };
  }
  await forgetPinFailures(db, employeeId);
  return {
    kind: 'signed-in',
    user: currentUserOf(employee),
  };
}
