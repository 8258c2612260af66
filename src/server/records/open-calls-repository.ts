import { sql, type Kysely } from 'kysely';
import type { OpenCall } from '../../domain/calls.ts';
import type { Database } from '../db/schema.ts';

/** The open calls for help of records (docs/PRODUCT.md#calls-for-help): read by the board and the work screen, closed when a job finishes. */

type Db = Kysely<Database>;

/** The open call of each of these records, with its reason; its time as stored (UTC), for the caller to give the workshop's offset. */
export async function findOpenCalls(db: Db, recordIds: number[]): Promise<Map<number, OpenCall>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('calls as c')
    .innerJoin('call_reasons as r', 'r.id', 'c.call_reason_id')
    .select(['c.id', 'c.product_cost_id', 'r.name as reason', 'c.called_at'])
    .where('c.product_cost_id', 'in', recordIds)
    .where('c.answered_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.product_cost_id, { id: row.id, reason: row.reason, called_at: row.called_at }]));
}

/**
 * A job that finishes ends its open call: the board, which shows jobs in progress, no longer offers
 * its 対応済み, and a call left open would wait for ever. It ends at the finish, or at the call itself
 * when a correction puts the finish before it, and nobody is named as its answerer. PostgreSQL's
 * finish in one statement does the same in its own part (one-statement-repository.ts).
 */
export async function endOpenCall(db: Db, recordId: number, finishedAt: string): Promise<void> {
  await db
    .updateTable('calls')
    .set({ answered_at: sql<string>`case when called_at > ${finishedAt} then called_at else ${finishedAt} end` })
    .where('product_cost_id', '=', recordId)
    .where('answered_at', 'is', null)
    .execute();
}
