import { sql, type Kysely } from 'kysely';
import { nameKey } from '../../../domain/name-key.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

export type NamedMasterTable = 'machines' | 'companies' | 'interruptions' | 'paper_sizes' | 'processings' | 'call_reasons';

export interface NamedMasterRow {
  id: number;
  name: string;
  phonetic_name?: string;
  category?: 'planned' | 'unplanned';
  display_order: number;
}

const columns = (table: NamedMasterTable) =>
  table === 'companies'
    ? (['id', 'name', 'phonetic_name', 'display_order'] as const)
    : table === 'interruptions'
      ? (['id', 'name', 'category', 'display_order'] as const)
      : (['id', 'name', 'display_order'] as const);

/** The active items in display order. */
export function listActive(db: Kysely<Database>, table: NamedMasterTable): Promise<NamedMasterRow[]> {
  return db
    .selectFrom(table as 'machines')
    .select(columns(table) as unknown as ['id', 'name', 'display_order'])
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** An item read alone: with its version, which the list leaves out. */
export type VersionedRow = NamedMasterRow & { version: number };

function activeItem(db: Kysely<Database>, table: NamedMasterTable, id: number) {
  return db
    .selectFrom(table as 'machines')
    .select([...(columns(table) as unknown as ['id', 'name', 'display_order']), 'version'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
}

export function findActive(db: Kysely<Database>, table: NamedMasterTable, id: number): Promise<VersionedRow | undefined> {
  return activeItem(db, table, id).executeTakeFirst();
}

/**
 * findActive inside a save's transaction. On PostgreSQL the row stays locked until the transaction
 * ends, so that two saves of one item run one after the other and the second sees the version the
 * first left, whatever number of server processes; SQLite's single writer gives the same. The lock
 * is the one the save's own UPDATE takes (no key update), taken earlier: unlike `for update`, it lets
 * a work action that names the item (a foreign key's share lock) go on meanwhile.
 */
export function lockActive(db: Kysely<Database>, engine: Engine, table: NamedMasterTable, id: number): Promise<VersionedRow | undefined> {
  const query = activeItem(db, table, id);
  return (engine === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** The class of the advisory locks that make a master's name check and its save one step on PostgreSQL. */
const NAME_LOCK_CLASS = 7_143_002;

/**
 * Another active item whose name is the same under nameKey (full-width and half-width, letter case
 * and spaces aside). Compared here rather than in SQL, where neither engine folds as nameKey does and
 * SQLite's lower() folds ASCII only: a master holds tens or hundreds of items, read by id and name
 * once per save. No index can hold names folded this way, so on PostgreSQL the check first takes a
 * lock on the master's names until the transaction ends: two saves of one name at once (two
 * administrators, a double click) check one after the other, and the second reads the first's
 * committed item. SQLite's single writer gives the same.
 */
export async function nameTaken(
  db: Kysely<Database>,
  engine: Engine,
  table: NamedMasterTable,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${NAME_LOCK_CLASS}, hashtext(${table}))`.execute(db);
  let query = db
    .selectFrom(table as 'machines')
    .select(['id', 'name'])
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const key = nameKey(name);
  return (await query.execute()).some((row) => nameKey(row.name) === key);
}

export async function nextDisplayOrder(db: Kysely<Database>, table: NamedMasterTable): Promise<number> {
  const row = await db
    .selectFrom(table as 'machines')
    .select((eb) => eb.fn.max('display_order').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insert(
  db: Kysely<Database>,
  table: NamedMasterTable,
  values: { name: string; phonetic_name?: string; category?: 'planned' | 'unplanned'; display_order: number; at: string; by: number },
): Promise<number> {
  const { at, by, phonetic_name, category, ...rest } = values;
  const row = await db
    .insertInto(table as 'companies')
    .values({
      ...rest,
      ...(table === 'companies' ? { phonetic_name: phonetic_name ?? '' } : {}),
      ...(table === 'interruptions' ? { category: category ?? 'unplanned' } : {}),
      created_at: at,
      updated_at: at,
      created_by: by,
      updated_by: by,
      deleted_at: null,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function update(
  db: Kysely<Database>,
  table: NamedMasterTable,
  id: number,
  values: { name: string; phonetic_name?: string; category?: 'planned' | 'unplanned'; at: string; by: number },
): Promise<void> {
  await db
    .updateTable(table as 'companies')
    .set({
      name: values.name,
      ...(table === 'companies' ? { phonetic_name: values.phonetic_name ?? '' } : {}),
      ...(table === 'interruptions' ? { category: values.category ?? 'unplanned' } : {}),
      version: sql<number>`version + 1`,
      updated_at: values.at,
      updated_by: values.by,
    })
    .where('id', '=', id)
    .execute();
}

export async function softDelete(db: Kysely<Database>, table: NamedMasterTable, id: number, at: string, by: number): Promise<void> {
  await db
    .updateTable(table as 'machines')
    .set({ deleted_at: at, updated_at: at, updated_by: by })
    .where('id', '=', id)
    .execute();
}
