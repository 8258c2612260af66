import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { preparedQuery, type ValueOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';

/**
 * The sums 分析 reads most (docs/PERFORMANCE.md#analytics): the kept figures of the live, finished
 * records added up per work date, machine, processing and detail (analytic_days), and their stop
 * seconds per reason (analytic_day_stops). A year of a million records is a few tens of thousands of
 * these rows. They change with the records in the same transaction, by adding and taking away (an
 * upsert that adds is right however many server processes write at once): a record joins them when
 * it is finished, leaves them before an edit or a deletion and joins again after the edit. A change
 * of the masters that costs many records again builds them anew.
 */
type Db = Kysely<Database>;

/** The rollup's key of a record: ids, 0 where there is none (a key column may not be NULL). */
const keyOf = sql`pc.work_date, coalesce(pc.machine_id, 0), coalesce(pc.processing_id, 0), coalesce(pc.processing_detail_id, 0)`;
const keyColumns = sql`work_date, machine_key, processing_key, detail_key`;

/** Each summed column of analytic_days and what it adds up of a record. */
const dayFigures: ReadonlyArray<[column: string, ofRecord: RawBuilder<unknown>]> = [
  ['jobs', sql`1`],
  ['worked_seconds', sql`pc.worked_seconds`],
  ['man_seconds', sql`pc.worked_seconds * pc.worker_count`],
  ['setup_seconds', sql`pc.setup_seconds`],
  ['planned_stop_seconds', sql`pc.planned_stop_seconds`],
  ['unplanned_stop_seconds', sql`pc.unplanned_stop_seconds`],
  ['good', sql`coalesce(pc.superior, 0)`],
  ['wound', sql`coalesce(pc.wound, 0)`],
  ['size', sql`coalesce(pc.size, 0)`],
  ['miss', sql`coalesce(pc.miss, 0)`],
  ['other', sql`coalesce(pc.other, 0)`],
  ['machine_cost', sql`pc.machine_cost`],
  ['labour_cost', sql`pc.labour_cost`],
  ['rate_missing', sql`case when pc.machine_rate_missing = 1 or pc.labour_rate_missing = 1 then 1 else 0 end`],
];

/** Every record, one machine's, or one record. */
type Which = 'all' | { machineId: number } | { recordId: number };
const whichRecords = (which: Which) => {
  const one =
    which === 'all' ? sql`` : 'machineId' in which ? sql` and pc.machine_id = ${which.machineId}` : sql` and pc.id = ${which.recordId}`;
  return sql`pc.work_date is not null and pc.deleted_at is null${one}`;
};

/** The records the sums are made of, as `pc`: the table, or the rows a statement of its own returns. */
const recordsTable = sql`product_costs pc`;

/** The statement that adds the figures of the records `which` selects, times `sign`, to their days' sums. */
function daysAdded(which: RawBuilder<unknown>, sign: number, records = recordsTable) {
  const columns = sql.join(dayFigures.map(([column]) => sql.ref(column)));
  const sums = sql.join(dayFigures.map(([, ofRecord]) => sql`${sign} * sum(${ofRecord})`));
  const added = sql.join(
    dayFigures.map(([column]) => sql`${sql.ref(column)} = analytic_days.${sql.ref(column)} + excluded.${sql.ref(column)}`),
  );
  return sql`insert into analytic_days (${keyColumns}, ${columns})
    select ${keyOf}, ${sums} from ${records} where ${which} group by ${keyOf}
    on conflict (${keyColumns}) do update set ${added}`;
}

/**
 * The statement that adds the stops of the records `which` selects, times `sign`, to their days' sums
 * by reason: their seconds, their number, and the jobs stopped for the reason (a record has one row of
 * stops per reason), which 作業別原価 narrowed to a reason counts.
 */
function stopsAdded(which: RawBuilder<unknown>, sign: number, records = recordsTable, stops = sql`product_cost_stops s`) {
  return sql`insert into analytic_day_stops (${keyColumns}, interruption_id, seconds, count, jobs)
    select ${keyOf}, s.interruption_id, ${sign} * sum(s.seconds), ${sign} * sum(s.count), ${sign} * count(*)
    from ${stops} inner join ${records} on pc.id = s.product_cost_id
    where ${which} group by ${keyOf}, s.interruption_id
    on conflict (${keyColumns}, interruption_id) do update set
      seconds = analytic_day_stops.seconds + excluded.seconds, count = analytic_day_stops.count + excluded.count,
      jobs = analytic_day_stops.jobs + excluded.jobs`;
}

/**
 * One record's figures added (sign 1) or taken away (−1): every finish and every edit of a finished
 * record sends both, so they are prepared once (db/prepared-query.ts).
 */
const recordDaysAdded = preparedQuery((_db, value: ValueOf<{ recordId: number; sign: number }>) =>
  daysAdded(whichRecords({ recordId: value('recordId') }), value('sign')),
);
const recordStopsAdded = preparedQuery((_db, value: ValueOf<{ recordId: number; sign: number }>) =>
  stopsAdded(whichRecords({ recordId: value('recordId') }), value('sign')),
);

/** Adds (sign 1) or takes away (−1) one record's figures: one statement for its day, one for its stops. */
async function applyRecord(db: Db, recordId: number, sign: 1 | -1): Promise<void> {
  await recordDaysAdded(db, { recordId, sign });
  await recordStopsAdded(db, { recordId, sign });
}

/** A record as it now stands joins the sums (nothing happens while it is in progress or deleted). */
export const addToRollup = (db: Db, recordId: number) => applyRecord(db, recordId, 1);

/**
 * A record just finished joining the sums inside the one statement that finishes it on PostgreSQL:
 * the two inserts, as bodies of its `with`, reading the record from `records` (its update's
 * returning, as `pc`) and its stops from `stops` (their insert's returning, as `s`), since a part of
 * a statement does not see what another part writes.
 */
export function finishedRecordSums(records: RawBuilder<unknown>, stops: RawBuilder<unknown>) {
  const which = whichRecords('all');
  return { days: daysAdded(which, 1, records), stops: stopsAdded(which, 1, records, stops) };
}

/** A record leaves the sums, before it is changed or deleted. */
export const removeFromRollup = (db: Db, recordId: number) => applyRecord(db, recordId, -1);

/**
 * The sums worked out again from the records, of every machine or of one: after a change of the
 * masters that costs many records anew (a machine's rates touch that machine's records alone).
 */
export async function rebuildRollup(db: Db, which: 'all' | { machineId: number } = 'all'): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => rebuildRollup(trx, which));
  // On PostgreSQL another process may finish a record meanwhile. Its sums wait for the rebuild's end
  // and are then added to what the rebuild found; without the lock, a record committed between the
  // delete and the insert below would be counted twice. Reading the rollup is not held up.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`lock table analytic_days, analytic_day_stops in exclusive mode`.execute(db);
  for (const table of ['analytic_day_stops', 'analytic_days'] as const) {
    await (which === 'all' ? db.deleteFrom(table) : db.deleteFrom(table).where('machine_key', '=', which.machineId)).execute();
  }
  await daysAdded(whichRecords(which), 1).execute(db);
  await stopsAdded(whichRecords(which), 1).execute(db);
}

/**
 * At start: a database whose finished records kept their figures before the rollup existed gets its
 * sums (the rollup is never empty beside such a record otherwise).
 */
export async function ensureRollup(db: Db): Promise<void> {
  const summed = await db.selectFrom('analytic_days').select('jobs').limit(1).executeTakeFirst();
  if (summed) return;
  const kept = await db
    .selectFrom('product_costs')
    .select('id')
    .where('work_date', 'is not', null)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (kept) await rebuildRollup(db);
}
