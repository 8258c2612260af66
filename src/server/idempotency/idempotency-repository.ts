import type { Kysely, Selectable } from 'kysely';
import type { Database, IdempotencyKeyTable } from '../db/schema.ts';

type Db = Kysely<Database>;

export type KeptAnswer = Selectable<IdempotencyKeyTable>;

export function findAnswer(db: Db, employeeId: number, key: string): Promise<KeptAnswer | undefined> {
  return db.selectFrom('idempotency_keys').selectAll().where('employee_id', '=', employeeId).where('key', '=', key).executeTakeFirst();
}

/**
 * Keeps the answer unless the key already holds one, and says whether it did. Within a transaction
 * on PostgreSQL it waits for another transaction holding the same key, so of two requests with one
 * key only one can keep its answer.
 */
export async function keepAnswer(db: Db, answer: KeptAnswer): Promise<boolean> {
  const kept = await db
    .insertInto('idempotency_keys')
    .values(answer)
    .onConflict((conflict) => conflict.columns(['employee_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return kept !== undefined;
}

export async function deleteAnswer(db: Db, employeeId: number, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('employee_id', '=', employeeId).where('key', '=', key).execute();
}

export async function deleteAnswersBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
