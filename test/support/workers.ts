import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/password.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp, type TestClient } from './test-app.ts';
import { userIdColumns } from '../../src/domain/user-id.ts';

/** An employee who signs in, written straight into the table so that a test needs no employee API. */
export async function addWorker(db: Kysely<Database>, userName: string, password: string, isAdmin = false): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('employees')
    .values({
      last_name: '山田',
      first_name: '太郎',
      last_phonetic_name: '',
      first_phonetic_name: '',
      email: '',
      ...userIdColumns(userName),
      password_hash: await hashPassword(password),
      is_admin: isAdmin ? 1 : 0,
      is_responsible: 0,
      use_login: 1,
      display_order: 0,
      created_at: at,
      updated_at: at,
      created_by: null,
      updated_by: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A fresh app with its administrator and one regular worker ("worker"), both signed in. */
export async function appWithAdminAndWorker(): Promise<{ t: TestApp; admin: TestClient; adminId: number; worker: TestClient }> {
  const t = await createTestApp();
  const admin = await t.signIn();
  const adminId = (await admin.get('/api/user/info')).json().employee_id as number;
  await addWorker(t.database.db, 'worker', 'worker-pass');
  return { t, admin, adminId, worker: await t.signIn('worker', 'worker-pass') };
}
