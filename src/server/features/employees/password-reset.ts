import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newPasswordSchema } from '../../../domain/employees.ts';
import { fullName } from '../../../domain/user.ts';
import { userIdKey } from '../../../domain/user-id.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { findSignInEmployee } from '../../auth/login-repository.ts';
import { forgetUserFailures } from '../../auth/login-throttle.ts';
import { hashPassword } from '../../auth/password.ts';
import type { SessionService } from '../../auth/session-service.ts';
import { nowIso } from '../../db/bootstrap.ts';
import type { Database } from '../../db/schema.ts';
import { AUDIT_ENTITY } from './employees-service.ts';
import * as repository from './employees-repository.ts';

export interface PasswordReset {
  /** Whose password it was: 姓 名. */
  name: string;
  /** Present when the password was generated, to be shown once to the person at the server. */
  generatedPassword?: string;
}

/**
 * Sets a new password for the employee who signs in with this user ID, from the server's own machine
 * (`npm run reset-password`, docs/OPERATIONS.md): a workshop whose only administrator has lost theirs
 * has no screen left that could do it. As a change on 従業員の編集 does, it ends every session of the
 * employee and moves the version on; it also forgets the failed sign-ins that may have locked the
 * user ID, and the audit log keeps it with no actor. Answers undefined when no active employee signs in
 * with that user ID.
 */
export async function resetPassword(
  db: Kysely<Database>,
  sessions: SessionService,
  userId: string,
  password?: string,
): Promise<PasswordReset | undefined> {
  const chosen = password === undefined ? undefined : newPasswordSchema.safeParse(password);
  if (chosen && !chosen.success) throw new Error(chosen.error.issues[0]!.message);
  const generatedPassword = password === undefined ? randomBytes(12).toString('base64url') : undefined;
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const userKey = userIdKey(userId);
  return db.transaction().execute(async (trx) => {
    const employee = await findSignInEmployee(trx, userKey);
    if (!employee) return undefined;
    const at = nowIso();
    await repository.update(trx, employee.id, { password_hash: passwordHash, updated_at: at, updated_by: null });
    await sessions.endAllOf(employee.id, undefined, trx);
    await forgetUserFailures(trx, userKey);
    await writeAudit(trx, {
      entity: AUDIT_ENTITY,
      entityId: employee.id,
      action: 'update',
      actorId: null,
      at,
      after: { password_changed: true },
    });
    return { name: fullName(employee), generatedPassword };
  });
}
