import { sql, type Kysely } from 'kysely';

/**
 * A call for help still open when its job finished stayed open for ever: the board, which shows jobs
 * in progress, no longer offered its 対応済み, and its waiting time grew with every read. A finish now
 * ends it (open-calls-repository.ts); the calls left open by earlier finishes end here the same way,
 * at the finish or at the call when the finish was corrected to before it, with nobody as answerer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const finish = sql`(select pc.finished_on from product_costs pc where pc.id = calls.product_cost_id)`;
  await sql`update calls set answered_at = case when called_at > ${finish} then called_at else ${finish} end
    where answered_at is null and ${finish} is not null`.execute(db);
}

/** Going down leaves the calls ended: a finish after this version ends them the same way, and the two cannot be told apart. */
export async function down(): Promise<void> {}
