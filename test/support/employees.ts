import { userIdColumns } from '../../src/domain/user-id.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createTestApp, type TestApp, type TestClient } from './test-app.ts';

export interface EmployeeFixture {
  last_name?: string;
  first_name?: string;
  /** With a user id (and a password) the employee signs in; without one, they only appear as a worker. */
  user_name?: string;
  password?: string;
  is_admin?: boolean;
}

/** Argon2 is slow on purpose; a file that adds many people with one password hashes it once. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * An employee (山田 太郎 unless named), written straight into the table so that a test needs no
 * employee API; answers the id.
 */
export async function createEmployee(t: Pick<TestApp, 'database'>, fixture: EmployeeFixture = {}): Promise<number> {
  const at = new Date().toISOString();
  const signsIn = fixture.user_name !== undefined;
  const { id } = await t.database.db
    .insertInto('employees')
    .values({
      last_name: fixture.last_name ?? '山田',
      first_name: fixture.first_name ?? '太郎',
      last_phonetic_name: '',
      first_phonetic_name: '',
      email: '',
      ...userIdColumns(fixture.user_name ?? null),
      password_hash: signsIn ? await hashOnce(fixture.password ?? '') : null,
      is_admin: fixture.is_admin ? 1 : 0,
      is_responsible: 0,
      use_login: signsIn ? 1 : 0,
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
  await createEmployee(t, { user_name: 'worker', password: 'worker-pass' });
  return { t, admin, adminId, worker: await t.signIn('worker', 'worker-pass') };
}
