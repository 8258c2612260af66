import { sql, type Kysely } from 'kysely';
import type { Engine } from '../db/connection.ts';
import { preparedQuery, type ValueOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';

/**
 * What every feature that touches a work record needs of it: the locked read an action or a
 * correction starts with, the check of the master ids it names, and its periods and workers.
 */

type Db = Kysely<Database>;

export interface LockedRecord {
  id: number;
  finished_on: string | null;
  started_on: string;
  version: number;
  /** Its machine, whose rates cost the record when it is finished. */
  machine_id: number | null;
}

/**
 * Reads a live record inside a transaction. On PostgreSQL the row is locked, so that actions on
 * one record run one after the other whatever number of server processes; SQLite's single writer
 * gives the same.
 */
export function lockRecord(trx: Db, engine: Engine, id: number): Promise<LockedRecord | undefined> {
  let query = trx
    .selectFrom('product_costs')
    .select(['id', 'finished_on', 'started_on', 'version', 'machine_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export type MasterTable = 'employees' | 'paper_sizes' | 'processings' | 'machines' | 'companies' | 'interruptions';

/**
 * Which of the given ids name rows of a master table: only active ones (what a new record may name),
 * or deleted ones too (what a corrected record may keep naming).
 */
export async function masterIdsAmong(db: Db, table: MasterTable, ids: number[], which: 'active' | 'any'): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let query = db
    .selectFrom(table as 'machines')
    .select('id')
    .where('id', 'in', ids);
  if (which === 'active') query = query.where('deleted_at', 'is', null);
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** A range of started_on in UTC: from inclusive, to exclusive. */
export interface StartedRange {
  from?: string;
  to?: string;
}

/** Which records' periods to read: a batch by id, or a whole range (too many ids to list). */
export type RecordScope = { ids: number[] } | { range: StartedRange };

function recordsIn(db: Db, range: StartedRange) {
  let query = db.selectFrom('product_costs').select('id').where('deleted_at', 'is', null);
  if (range.from) query = query.where('started_on', '>=', range.from);
  if (range.to) query = query.where('started_on', '<', range.to);
  return query;
}

/** Workers of records with their names, in display order: the query, before it says of which records. */
const workersInOrder = (db: Db) =>
  db
    .selectFrom('product_cost_workers as w')
    .innerJoin('employees as e', 'e.id', 'w.employee_id')
    .select(['w.product_cost_id', 'w.employee_id', 'e.last_name', 'e.first_name'])
    .orderBy('e.display_order')
    .orderBy('e.id');

/** The workers of records, in display order. */
function workersOf(db: Db, scoped: number[] | ReturnType<typeof recordsIn>) {
  return workersInOrder(db).where('w.product_cost_id', 'in', scoped).execute();
}

/** The workers of one record: finishing a job reads them. */
const recordWorkers = preparedQuery((db, value: ValueOf<{ recordId: number }>) =>
  workersInOrder(db).where('w.product_cost_id', '=', value('recordId')),
);

/** The workers of one record with their names, in display order. */
export function findRecordWorkers(db: Db, recordId: number) {
  return recordWorkers(db, { recordId });
}

/**
 * Everything the derived values need for a set of records, in five queries whatever their number
 * (no query per row).
 */
export async function findPeriodsOf(db: Db, scope: RecordScope) {
  if ('ids' in scope && scope.ids.length === 0) return { workers: [], breaks: [], setups: [], setupBreaks: [], noworks: [] };
  const scoped = 'ids' in scope ? scope.ids : recordsIn(db, scope.range);
  const [workers, breaks, setups, setupBreaks, noworks] = await Promise.all([
    workersOf(db, scoped),
    db
      .selectFrom('break_times')
      .select(['product_cost_id', 'broken_on', 'restarted_on', 'interruption_id'])
      .where('product_cost_id', 'in', scoped)
      .execute(),
    db
      .selectFrom('setup_times')
      .select(['id', 'product_cost_id', 'started_on', 'finished_on'])
      .where('product_cost_id', 'in', scoped)
      .execute(),
    db
      .selectFrom('setup_break_times')
      .select(['setup_time_id', 'broken_on', 'restarted_on', 'interruption_id'])
      .where('product_cost_id', 'in', scoped)
      .execute(),
    db.selectFrom('nowork_times').select(['product_cost_id', 'started_on', 'finished_on']).where('product_cost_id', 'in', scoped).execute(),
  ]);
  return { workers, breaks, setups, setupBreaks, noworks };
}

export type PeriodsOf = Awaited<ReturnType<typeof findPeriodsOf>>;

const periodRows = preparedQuery((db, value: ValueOf<{ recordId: number }>, which: 'all' | 'open') => {
  const spans = (table: 'setup_times' | 'nowork_times', kind: string) => {
    const query = db
      .selectFrom(table as 'setup_times')
      .select([
        sql.lit(kind).as('kind'),
        'id',
        'started_on as opened_on',
        'finished_on as closed_on',
        sql<number | null>`null`.as('setup_time_id'),
        sql<number | null>`null`.as('interruption_id'),
        sql<string | null>`null`.as('interruption_other'),
      ])
      .where('product_cost_id', '=', value('recordId'));
    return which === 'open' ? query.where('finished_on', 'is', null) : query;
  };
  const pauses = (table: 'break_times' | 'setup_break_times', kind: string) => {
    const query = db
      .selectFrom(table as 'setup_break_times')
      .select([
        sql.lit(kind).as('kind'),
        'id',
        'broken_on as opened_on',
        'restarted_on as closed_on',
        table === 'setup_break_times' ? 'setup_time_id' : sql<number | null>`null`.as('setup_time_id'),
        'interruption_id',
        'interruption_other',
      ])
      .where('product_cost_id', '=', value('recordId'));
    return which === 'open' ? query.where('restarted_on', 'is', null) : query;
  };
  return spans('setup_times', 'setup')
    .unionAll(pauses('setup_break_times', 'setupBreak'))
    .unionAll(pauses('break_times', 'workBreak'))
    .unionAll(spans('nowork_times', 'nowork'));
});

/**
 * A record's periods of every kind in one statement — all of them, or only the open ones (at most
 * one of each kind, which the database guarantees): each row a period with its kind, start, end
 * (null while open) and, for interruptions, its reason and, for a setup's, its setup.
 * Every work action reads it, so it is prepared once (db/prepared-query.ts).
 */
export function findPeriodRows(db: Db, recordId: number, which: 'all' | 'open') {
  return periodRows(db, { recordId }, which);
}

/**
 * findPeriodsOf for one record in two statements instead of five: its workers, and its periods —
 * what finishing or correcting a record reads for the totals it keeps.
 */
export async function findPeriodsOfRecord(db: Db, recordId: number): Promise<PeriodsOf> {
  return findPeriodsOfRecordWorkedBy(db, recordId, await findRecordWorkers(db, recordId));
}

/** A record's period as findPeriodRows reads it. */
export type PeriodRow = Awaited<ReturnType<typeof findPeriodRows>>[number];

/**
 * The periods of one record whose workers are read already, in one statement: 分析's one job reads
 * its workers for their rates whether the record is finished or not, and its periods only while in progress.
 */
export async function findPeriodsOfRecordWorkedBy(db: Db, recordId: number, workers: PeriodsOf['workers']): Promise<PeriodsOf> {
  return periodsOfRows(recordId, await findPeriodRows(db, recordId, 'all'), workers);
}

/** One record's period rows (findPeriodRows, all of them) in the shape the totals are worked out from. */
export function periodsOfRows(recordId: number, rows: readonly PeriodRow[], workers: PeriodsOf['workers']): PeriodsOf {
  const periods: PeriodsOf = { workers, breaks: [], setups: [], setupBreaks: [], noworks: [] };
  for (const row of rows) {
    const span = { product_cost_id: recordId, started_on: row.opened_on, finished_on: row.closed_on };
    const pause = {
      product_cost_id: recordId,
      broken_on: row.opened_on,
      restarted_on: row.closed_on,
      interruption_id: Number(row.interruption_id),
    };
    if (row.kind === 'setup') periods.setups.push({ id: row.id, ...span });
    else if (row.kind === 'nowork') periods.noworks.push(span);
    else if (row.kind === 'workBreak') periods.breaks.push(pause);
    else periods.setupBreaks.push({ setup_time_id: Number(row.setup_time_id), ...pause });
  }
  return periods;
}
