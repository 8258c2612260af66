import type { Kysely } from 'kysely';

/**
 * What the list and the CSV show of a finished record, kept on the record itself when it is
 * finished or corrected, so that a year's export reads one row per record instead of every period.
 * NULL means "not kept" (a record in progress, or one finished before this migration), and the
 * values are then worked out from the periods as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['worked_seconds', 'breaked_seconds', 'setup_seconds']) {
    await db.schema.alterTable('product_costs').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('product_costs').addColumn('workers_name', 'varchar(2000)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['workers_name', 'setup_seconds', 'breaked_seconds', 'worked_seconds']) {
    await db.schema.alterTable('product_costs').dropColumn(column).execute();
  }
}
