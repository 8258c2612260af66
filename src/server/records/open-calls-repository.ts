import { sql, type Kysely } from 'kysely';
import type { CallEndingAction, OpenCall } from '../../domain/calls.ts';
import { preparedQuery, type ValueOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';

/** The open calls for help of records (docs/PRODUCT.md#calls-for-help): read by the board and the work screen, closed when a job finishes or stops for the night. */

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
 * What must still hold for endOpenCall to end a call: the record finished, or the 終業 period of this
 * id open. No call is taken on a job in either state, so while it holds every open call was made before.
 */
export type CallEndingStands = { finished: true } | { noworkId: number };

/**
 * A job that finishes, or stops for the night (終業), ends its open call: after a finish the board, which
 * shows jobs in progress, no longer offers its 対応済み; after 終業 nobody is at the machine to answer it
 * before the next shift; and a call left open would wait all that while. It ends at the action, or at
 * the call itself when the action's time (a correction's finish or 終業, a press sent later) is before it;
 * nobody is named as its answerer, and the action is kept in ended_with. `whileStands`, when given,
 * ends it only while the action's state holds, so that a call made after a 始業 that came meanwhile
 * stays open (see WorkService.actInOneStatement). PostgreSQL's action in one statement does the same
 * in its own part (one-statement-repository.ts).
 */
export async function endOpenCall(
  db: Db,
  recordId: number,
  end: { at: string; endedWith: CallEndingAction; whileStands?: CallEndingStands },
): Promise<void> {
  const { whileStands } = end;
  const values = { recordId, at: end.at, endedWith: end.endedWith };
  if (whileStands === undefined) await endedCall(db, values, 'always');
  else if ('finished' in whileStands) await endedCall(db, values, 'while finished');
  else await endedCall(db, { ...values, noworkId: whileStands.noworkId }, 'while in nowork');
}

/** Built and compiled once for each shape (prepared-query.ts): every 終了 and 終業 pressed sends it, and a correction that ends the job. */
const endedCall = preparedQuery(
  (
    db,
    value: ValueOf<{ recordId: number; at: string; endedWith: CallEndingAction; noworkId?: number }>,
    shape: 'always' | 'while finished' | 'while in nowork',
  ) => {
    const at = value('at');
    const query = db
      .updateTable('calls')
      .set({ answered_at: sql<string>`case when called_at > ${at} then called_at else ${at} end`, ended_with: value('endedWith') })
      .where('product_cost_id', '=', value('recordId'))
      .where('answered_at', 'is', null);
    if (shape === 'always') return query;
    return query.where(({ exists, selectFrom }) =>
      exists(
        shape === 'while finished'
          ? selectFrom('product_costs').select('id').where('id', '=', value('recordId')).where('finished_on', 'is not', null)
          : selectFrom('nowork_times').select('id').where('id', '=', value('noworkId')!).where('finished_on', 'is', null),
      ),
    );
  },
);
