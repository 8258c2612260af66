import { sql, type Kysely } from 'kysely';
import { fullName, type CurrentUser } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { countAttempt, forgetAttempts, returnAttempt, throttleRules } from './login-throttle.ts';
import { verifyAgainstDecoy, verifyPassword } from './password.ts';

export type LoginOutcome = { kind: 'signed-in'; user: CurrentUser } | { kind: 'wrong-credentials' } | { kind: 'throttled' };

export async function attemptLogin(
  db: Kysely<Database>,
  credentials: { userName: string; password: string; ip: string },
  now: Date = new Date(),
): Promise<LoginOutcome> {
  const userKey = `user:${credentials.userName.trim().toLowerCase()}`;
  const addressKey = `ip:${credentials.ip}`;
  const userAttempts = await countAttempt(db, userKey, throttleRules.perUser, now);
  const addressAttempts = await countAttempt(db, addressKey, throttleRules.perAddress, now);
  if (userAttempts > throttleRules.perUser.limit || addressAttempts > throttleRules.perAddress.limit) {
    return { kind: 'throttled' };
  }

  const employee = await db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'user_name', 'is_admin', 'password_hash'])
    .where(sql`lower(user_name)`, '=', credentials.userName.trim().toLowerCase())
    .where('use_login', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const valid = employee?.password_hash
    ? await verifyPassword(employee.password_hash, credentials.password)
    : await verifyAgainstDecoy(credentials.password);
  if (!employee || !valid) return { kind: 'wrong-credentials' };

  await forgetAttempts(db, userKey);
  await returnAttempt(db, addressKey);
  return {
    kind: 'signed-in',
    user: {
      id: employee.id,
      employee_id: employee.id,
      name: fullName(employee),
      user_name: employee.user_name ?? '',
      is_admin: employee.is_admin === 1,
    },
  };
}
