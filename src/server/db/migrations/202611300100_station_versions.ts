import { type Kysely } from 'kysely';

/**
 * version on stations, as on the masters a form saves whole (202611280100_master_versions): the list
 * answers it, a save of the name or machine moves it on, a save that changes nothing answers it as it
 * stands, so that 端末の編集 announces 変更はありません。 as every master form does, and a save over a
 * station saved since the list was read is refused. Existing rows start at 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stations')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').dropColumn('version').execute();
}
