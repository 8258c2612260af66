import { type Kysely } from 'kysely';

/** The masters whose forms save a whole item: employees, the named masters and the processings (with their details). */
const tables = ['employees', 'machines', 'companies', 'interruptions', 'paper_sizes', 'call_reasons', 'processings'] as const;

/**
 * version on every master a form saves whole, as product_costs has one: a read answers it, every save
 * moves it on, and a save that sends the version it read is refused once the item has moved on
 * (docs/API.md#masters), so that a form opened before someone else's save cannot undo that save
 * unseen (a machine's rate it never showed, a rename). Existing rows start at 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await db.schema.alterTable(table).dropColumn('version').execute();
}
