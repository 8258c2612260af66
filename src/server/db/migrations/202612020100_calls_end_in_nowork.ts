import { sql, type Kysely } from 'kysely';

/**
 * A call for help may no longer be made on a job in 終業, and 終業 ends a call still open
 * (docs/PRODUCT.md#calls-for-help); a call made in 終業 before this version stayed open through the
 * night, on the board and in 呼出待ち時間. Such calls still open end here as 終業 ends one: at the start
 * of the job's open 終業, or at the call when it was made after that, with nobody as answerer. A call
 * made in a 終業 that a 始業 has closed since is left as it is: someone may have come to it in the
 * morning, and no stored time says when the wait ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const nowork = sql`(select max(n.started_on) from nowork_times n where n.product_cost_id = calls.product_cost_id and n.finished_on is null)`;
  await sql`update calls set answered_at = case when called_at > ${nowork} then called_at else ${nowork} end, ended_with = 'noworkStart'
    where answered_at is null and ${nowork} is not null`.execute(db);
}

/** Going down leaves the calls ended: a 終業 after this version ends them the same way, and the two cannot be told apart. */
export async function down(): Promise<void> {}
