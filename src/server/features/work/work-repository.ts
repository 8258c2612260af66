import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

export interface OpenPeriodRows {
  setup: { id: number; started_on: string } | undefined;
  setupBreak:
    { id: number; broken_on: string; setup_time_id: number; interruption_id: number; interruption_other: string | null } | undefined;
  workBreak: { id: number; broken_on: string; interruption_id: number; interruption_other: string | null } | undefined;
  nowork: { id: number; started_on: string } | undefined;
}

/**
 * The open periods of a record — at most one of each kind, which the database guarantees — in one
 * query, since every work action asks for them.
 */
export async function findOpenPeriods(db: Db, recordId: number): Promise<OpenPeriodRows> {
  const open = (table: 'setup_times' | 'nowork_times', kind: string) =>
    db
      .selectFrom(table as 'setup_times')
      .select([
        sql.lit(kind).as('kind'),
        'id',
        'started_on as opened_on',
        sql<number | null>`null`.as('setup_time_id'),
        sql<number | null>`null`.as('interruption_id'),
        sql<string | null>`null`.as('interruption_other'),
      ])
      .where('product_cost_id', '=', recordId)
      .where('finished_on', 'is', null);
  const openBreak = (table: 'break_times' | 'setup_break_times', kind: string) =>
    db
      .selectFrom(table as 'setup_break_times')
      .select([
        sql.lit(kind).as('kind'),
        'id',
        'broken_on as opened_on',
        table === 'setup_break_times' ? 'setup_time_id' : sql<number | null>`null`.as('setup_time_id'),
        'interruption_id',
        'interruption_other',
      ])
      .where('product_cost_id', '=', recordId)
      .where('restarted_on', 'is', null);
  const rows = await open('setup_times', 'setup')
    .unionAll(openBreak('setup_break_times', 'setupBreak'))
    .unionAll(openBreak('break_times', 'workBreak'))
    .unionAll(open('nowork_times', 'nowork'))
    .execute();
  const of = (kind: string) => rows.find((row) => row.kind === kind);
  const setup = of('setup');
  const setupBreak = of('setupBreak');
  const workBreak = of('workBreak');
  const nowork = of('nowork');
  return {
    setup: setup && { id: setup.id, started_on: setup.opened_on },
    setupBreak: setupBreak && {
      id: setupBreak.id,
      broken_on: setupBreak.opened_on,
      setup_time_id: Number(setupBreak.setup_time_id),
      interruption_id: Number(setupBreak.interruption_id),
      interruption_other: setupBreak.interruption_other,
    },
    workBreak: workBreak && {
      id: workBreak.id,
      broken_on: workBreak.opened_on,
      interruption_id: Number(workBreak.interruption_id),
      interruption_other: workBreak.interruption_other,
    },
    nowork: nowork && { id: nowork.id, started_on: nowork.opened_on },
  };
}

export type PeriodTable = 'setup_times' | 'setup_break_times' | 'break_times' | 'nowork_times';

/** The record a period belongs to, or undefined for an unknown period. */
export async function recordOfPeriod(db: Db, table: PeriodTable, periodId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom(table as 'setup_times')
    .select('product_cost_id')
    .where('id', '=', periodId)
    .executeTakeFirst();
  return row?.product_cost_id;
}

/** The active employees among the ids, in display order: who may work on a new record. */
export function findActiveWorkers(db: Db, ids: number[]) {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** An active detail of an active processing. */
export async function detailBelongsTo(db: Db, processingId: number, detailId: number): Promise<boolean> {
  const row = await db
    .selectFrom('processing_details')
    .innerJoin('processings', 'processings.id', 'processing_details.processing_id')
    .select('processing_details.id')
    .where('processing_details.id', '=', detailId)
    .where('processing_details.processing_id', '=', processingId)
    .where('processing_details.deleted_at', 'is', null)
    .where('processings.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRecord(db: Db, values: Omit<Insertable<Database['product_costs']>, 'id' | 'deleted_at'>): Promise<number> {
  const row = await db
    .insertInto('product_costs')
    .values({ ...values, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertWorkers(db: Db, recordId: number, employeeIds: number[]): Promise<void> {
  await db
    .insertInto('product_cost_workers')
    .values(employeeIds.map((employee_id) => ({ product_cost_id: recordId, employee_id })))
    .execute();
}

/** Every action changes the record: its version moves on, so an edit made meanwhile is refused. */
export async function touchRecord(
  db: Db,
  recordId: number,
  changes: Updateable<Database['product_costs']>,
  at: string,
  by: number,
  version: number,
): Promise<void> {
  await db
    .updateTable('product_costs')
    .set({ ...changes, updated_at: at, updated_by: by, version: version + 1 })
    .where('id', '=', recordId)
    .execute();
}

export async function openSetup(db: Db, recordId: number, at: string, by: number): Promise<number> {
  const row = await db
    .insertInto('setup_times')
    .values({ product_cost_id: recordId, started_on: at, finished_on: null, opened_by: by, closed_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function openNowork(db: Db, recordId: number, at: string, by: number): Promise<number> {
  const row = await db
    .insertInto('nowork_times')
    .values({ product_cost_id: recordId, started_on: at, finished_on: null, opened_by: by, closed_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function openWorkBreak(
  db: Db,
  recordId: number,
  reason: { interruption_id: number; interruption_other: string | null },
  at: string,
  by: number,
): Promise<number> {
  const row = await db
    .insertInto('break_times')
    .values({ product_cost_id: recordId, broken_on: at, restarted_on: null, ...reason, opened_by: by, closed_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function openSetupBreak(
  db: Db,
  recordId: number,
  setupId: number,
  reason: { interruption_id: number; interruption_other: string | null },
  at: string,
  by: number,
): Promise<number> {
  const row = await db
    .insertInto('setup_break_times')
    .values({
      product_cost_id: recordId,
      setup_time_id: setupId,
      broken_on: at,
      restarted_on: null,
      ...reason,
      opened_by: by,
      closed_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function closeSetup(db: Db, id: number, at: string, by: number): Promise<void> {
  await db.updateTable('setup_times').set({ finished_on: at, closed_by: by }).where('id', '=', id).execute();
}

export async function closeNowork(db: Db, id: number, at: string, by: number): Promise<void> {
  await db.updateTable('nowork_times').set({ finished_on: at, closed_by: by }).where('id', '=', id).execute();
}

export async function closeWorkBreak(db: Db, id: number, at: string, by: number): Promise<void> {
  await db.updateTable('break_times').set({ restarted_on: at, closed_by: by }).where('id', '=', id).execute();
}

export async function closeSetupBreak(db: Db, id: number, at: string, by: number): Promise<void> {
  await db.updateTable('setup_break_times').set({ restarted_on: at, closed_by: by }).where('id', '=', id).execute();
}

/** The record's own columns and its workers' names, for the work screen. */
export async function findRecordWithWorkers(db: Db, id: number) {
  const record = await db.selectFrom('product_costs').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!record) return undefined;
  const workers = await db
    .selectFrom('product_cost_workers')
    .innerJoin('employees', 'employees.id', 'product_cost_workers.employee_id')
    .select(['employees.id', 'employees.last_name', 'employees.first_name'])
    .where('product_cost_workers.product_cost_id', '=', id)
    .orderBy('employees.display_order')
    .orderBy('employees.id')
    .execute();
  return { record, workers };
}
