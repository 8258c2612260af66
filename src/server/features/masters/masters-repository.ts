import { sql, type Kysely } from 'kysely';
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

export function findActive(db: Kysely<Database>, table: NamedMasterTable, id: number): Promise<NamedMasterRow | undefined> {
  return db
    .selectFrom(table as 'machines')
    .select(columns(table) as unknown as ['id', 'name', 'display_order'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Another active item of that name, letter case aside. Both sides go through the engine's own lower():
 * SQLite's folds ASCII only, so a name folded in JavaScript ('Ａ４' → 'ａ４') would miss its exact twin.
 */
export async function nameTaken(db: Kysely<Database>, table: NamedMasterTable, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom(table as 'machines')
    .select('id')
    .where(sql`lower(name)`, '=', sql<string>`lower(${name})`)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
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
