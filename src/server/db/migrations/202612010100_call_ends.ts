import { sql, type Kysely } from 'kysely';

/**
 * How a call nobody answered ended: with its job's finish (`finish`) or with 終業 (`noworkStart`), so
 * that 呼出履歴 can say which (docs/PRODUCT.md#calls-for-help); null while the call is open and when
 * someone answered it. Until now only a finish ended a call without an answerer, so every such call
 * ended with one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').addColumn('ended_with', 'varchar(20)').execute();
  await sql`update calls set ended_with = 'finish' where answered_at is not null and answered_by is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calls').dropColumn('ended_with').execute();
}
