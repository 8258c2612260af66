import type { Kysely } from 'kysely';
import type { Database, Employee } from '../db/schema.ts';

export type SignInEmployee = Pick<Employee, 'id' | 'last_name' | 'first_name' | 'user_name' | 'is_admin' | 'password_hash'>;

/** The active employee who may sign in with the user ID of this key. */
export function findSignInEmployee(db: Kysely<Database>, userKey: string): Promise<SignInEmployee | undefined> {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'user_name', 'is_admin', 'password_hash'])
    .where('user_key', '=', userKey)
    .where('use_login', '=', 1)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
