import { sql, type Kysely } from 'kysely';
import { userIdKey } from '../../../domain/user-id.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database, Employee, EmployeeUpdate, NewEmployee } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** The partial unique index on the user ID's key: one active employee per user ID, however typed. */
const USER_KEY_INDEX = { name: 'employees_user_key_unique', columns: 'employees.user_key' };

/** The active employees, in display order, with what a name is made of. */
export function listActive(db: Kysely<Database>): Promise<Pick<Employee, 'id' | 'last_name' | 'first_name'>[]> {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name'])
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The active employees shown as workers, in display order, with their names and readings. */
export function listWorkers(
  db: Kysely<Database>,
): Promise<Pick<Employee, 'id' | 'last_name' | 'first_name' | 'last_phonetic_name' | 'first_phonetic_name'>[]> {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'last_phonetic_name', 'first_phonetic_name'])
    .where('deleted_at', 'is', null)
    .where('show_as_worker', '=', 1)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export function findActive(db: Kysely<Database>, id: number): Promise<Employee | undefined> {
  return db.selectFrom('employees').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/**
 * The employee's version now, its row locked until the transaction ends on PostgreSQL (no key
 * update: the lock the save's own UPDATE takes, which leaves sign-ins and work actions that name
 * the employee free to go on); undefined once deleted. SQLite's single writer needs no lock.
 */
export async function lockedVersion(db: Kysely<Database>, engine: Engine, id: number): Promise<number | undefined> {
  let query = db.selectFrom('employees').select('version').where('id', '=', id).where('deleted_at', 'is', null);
  if (engine === 'postgres') query = query.forNoKeyUpdate();
  return (await query.executeTakeFirst())?.version;
}

/** Another active employee signs in with this user ID: their keys are the same, as the index sees it. */
export async function userNameTaken(db: Kysely<Database>, userName: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('employees').select('id').where('user_key', '=', userIdKey(userName)).where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function isUserNameConflict(error: unknown): boolean {
  return isUniqueViolation(error, USER_KEY_INDEX);
}

/**
 * The ids of the active administrators who can sign in. On PostgreSQL their rows stay locked until
 * the transaction ends, so that two administrators removing each other at the same moment cannot
 * both succeed; SQLite runs one write transaction at a time and needs no lock.
 */
export async function signInAdministratorIds(db: Kysely<Database>, engine: Engine): Promise<number[]> {
  let query = db
    .selectFrom('employees')
    .select('id')
    .where('is_admin', '=', 1)
    .where('use_login', '=', 1)
    .where('password_hash', 'is not', null)
    .where('deleted_at', 'is', null)
    .orderBy('id');
  if (engine === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function nextDisplayOrder(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('employees')
    .select((eb) => eb.fn.max('display_order').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insert(db: Kysely<Database>, values: NewEmployee): Promise<number> {
  const row = await db.insertInto('employees').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Every save moves the version on. */
export async function update(db: Kysely<Database>, id: number, values: Omit<EmployeeUpdate, 'version'>): Promise<void> {
  await db
    .updateTable('employees')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * Hides the employee from lists and selectors; the row stays so that work records keep their
 * workers. The partial index ignores deleted rows, which frees the user ID; the password hash goes,
 * since no one may sign in with it again.
 */
export async function softDelete(db: Kysely<Database>, id: number, at: string, by: number): Promise<void> {
  await db
    .updateTable('employees')
    .set({ deleted_at: at, password_hash: null, pin_hash: null, updated_at: at, updated_by: by })
    .where('id', '=', id)
    .execute();
}
