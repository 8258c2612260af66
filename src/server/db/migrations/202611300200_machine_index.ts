import { sql, type Kysely } from 'kysely';

/**
 * The work list narrowed by 加工機 (`machine_id=`) counts the machine's records and pages them newest
 * first. Without this index both read every live record of the range through the started_on index and
 * kept the machine's: over no dates, or a year, all of them. With it, the machine's records alone, in
 * started_on order (docs/PERFORMANCE.md, fourteenth sitting). Deleting a machine is a soft delete that
 * checks no references, so it gains nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('product_costs_machine')
    .on('product_costs')
    .columns(['machine_id', 'started_on'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_costs_machine').execute();
}
