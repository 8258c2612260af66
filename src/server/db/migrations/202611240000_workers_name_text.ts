import type { Kysely } from 'kysely';
import { columnTypes } from './helpers.ts';

/**
 * The kept worker names of a record had room for 2,000 characters on PostgreSQL, while a record may
 * have up to 100 workers of names up to 101 characters each: a large crew of long names made the
 * start of a job fail there. Text has no such limit (SQLite never enforced one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await db.schema
    .alterTable('product_costs')
    .alterColumn('workers_name', (column) => column.setDataType('text'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await db.schema
    .alterTable('product_costs')
    .alterColumn('workers_name', (column) => column.setDataType('varchar(2000)'))
    .execute();
}
