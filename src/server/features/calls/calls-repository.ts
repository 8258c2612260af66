import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UniqueIndex } from '../../db/unique-violation.ts';

type Db = Kysely<Database>;

/** One open call per record, kept by the database (migration 202611240100_board). */
export const oneOpenCall: UniqueIndex = { name: 'calls_one_open', columns: 'calls.product_cost_id' };

export async function reasonIsActive(db: Db, reasonId: number): Promise<boolean> {
  const row = await db
    .selectFrom('call_reasons')
    .select('id')
    .where('id', '=', reasonId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordExists(db: Db, recordId: number): Promise<boolean> {
  const row = await db
    .selectFrom('product_costs')
    .select('id')
    .where('id', '=', recordId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasOpenCall(db: Db, recordId: number): Promise<boolean> {
  const row = await db
    .selectFrom('calls')
    .select('id')
    .where('product_cost_id', '=', recordId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCall(
  db: Db,
  values: { product_cost_id: number; call_reason_id: number; called_at: string; called_by: number },
) {
  const row = await db
    .insertInto('calls')
    .values({ ...values, answered_at: null, answered_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findCall(db: Db, callId: number) {
  return db.selectFrom('calls').select(['id', 'product_cost_id', 'called_at', 'answered_at']).where('id', '=', callId).executeTakeFirst();
}

/** Answers the call unless someone else did first; true when this request answered it. */
export async function answerCall(db: Db, callId: number, at: string, by: number): Promise<boolean> {
  const result = await db
    .updateTable('calls')
    .set({ answered_at: at, answered_by: by })
    .where('id', '=', callId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishedOn(db: Db, recordId: number): Promise<string | null> {
  const row = await db.selectFrom('product_costs').select('finished_on').where('id', '=', recordId).executeTakeFirstOrThrow();
  return row.finished_on;
}
