import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { findPeriodRows, type LockedRecord } from '../../records/record-repository.ts';
import { staleAfterHoursColumn } from '../../settings/settings-repository.ts';

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
  const rows = await findPeriodRows(db, recordId, 'open');
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

/** The record an action is on: named by its id, or by the id of one of its periods. */
export type ActionTarget = { recordId: number } | { table: PeriodTable; periodId: number };

/**
 * Everything an action decides on, in one statement: the live record (locked on PostgreSQL, so
 * that actions on one record run one after the other whatever number of server processes; SQLite's
 * single writer gives the same), its open periods — at most one of each kind, which the database
 * guarantees, so the joins give one row — and, when the action names an interruption reason,
 * whether that reason is active. Undefined for an unknown or deleted record or period.
 */
export async function lockForAction(
  db: Db,
  engine: Engine,
  target: ActionTarget,
  reasonId?: number,
): Promise<{ record: LockedRecord; open: OpenPeriodRows; reasonActive: boolean } | undefined> {
  let query = db
    .selectFrom('product_costs as pc')
    .leftJoin('setup_times as s', (join) => join.onRef('s.product_cost_id', '=', 'pc.id').on('s.finished_on', 'is', null))
    .leftJoin('setup_break_times as sb', (join) => join.onRef('sb.product_cost_id', '=', 'pc.id').on('sb.restarted_on', 'is', null))
    .leftJoin('break_times as b', (join) => join.onRef('b.product_cost_id', '=', 'pc.id').on('b.restarted_on', 'is', null))
    .leftJoin('nowork_times as n', (join) => join.onRef('n.product_cost_id', '=', 'pc.id').on('n.finished_on', 'is', null))
    .select([
      'pc.id',
      'pc.finished_on',
      'pc.started_on',
      'pc.version',
      'pc.machine_id',
      's.id as setup_id',
      's.started_on as setup_started_on',
      'sb.id as setup_break_id',
      'sb.broken_on as setup_break_broken_on',
      'sb.setup_time_id as setup_break_setup_time_id',
      'sb.interruption_id as setup_break_interruption_id',
      'sb.interruption_other as setup_break_interruption_other',
      'b.id as break_id',
      'b.broken_on as break_broken_on',
      'b.interruption_id as break_interruption_id',
      'b.interruption_other as break_interruption_other',
      'n.id as nowork_id',
      'n.started_on as nowork_started_on',
      (reasonId === undefined
        ? sql<number>`0`
        : sql<number>`exists ${db.selectFrom('interruptions').select('id').where('id', '=', reasonId).where('deleted_at', 'is', null)}`
      ).as('reason_active'),
    ])
    .where('pc.deleted_at', 'is', null);
  query =
    'recordId' in target
      ? query.where('pc.id', '=', target.recordId)
      : query.where('pc.id', '=', (eb) =>
          eb
            .selectFrom(target.table as 'setup_times')
            .select('product_cost_id')
            .where('id', '=', target.periodId),
        );
  if (engine === 'postgres') {
    // The version as the statement's snapshot saw it, beside the locked row's own, which is the
    // latest: when another action committed while this one waited for the lock, they differ, and
    // the periods joined from the snapshot are read again (every action moves the version on).
    query = query
      .select((eb) => eb.selectFrom('product_costs as seen').select('seen.version').whereRef('seen.id', '=', 'pc.id').as('seen_version'))
      .forUpdate('pc');
  }
  const row = (await query.executeTakeFirst()) as
    (Awaited<ReturnType<typeof query.executeTakeFirst>> & { seen_version?: number }) | undefined;
  if (!row) return undefined;
  const record = { id: row.id, finished_on: row.finished_on, started_on: row.started_on, version: row.version, machine_id: row.machine_id };
  // SQLite answers 1 or 0, PostgreSQL true or false.
  const reasonActive = Boolean(row.reason_active);
  if (row.seen_version !== undefined && Number(row.seen_version) !== row.version) {
    return { record, open: await findOpenPeriods(db, row.id), reasonActive };
  }
  return {
    record,
    open: {
      setup: row.setup_id === null ? undefined : { id: row.setup_id, started_on: row.setup_started_on! },
      setupBreak:
        row.setup_break_id === null
          ? undefined
          : {
              id: row.setup_break_id,
              broken_on: row.setup_break_broken_on!,
              setup_time_id: row.setup_break_setup_time_id!,
              interruption_id: row.setup_break_interruption_id!,
              interruption_other: row.setup_break_interruption_other,
            },
      workBreak:
        row.break_id === null
          ? undefined
          : {
              id: row.break_id,
              broken_on: row.break_broken_on!,
              interruption_id: row.break_interruption_id!,
              interruption_other: row.break_interruption_other,
            },
      nowork: row.nowork_id === null ? undefined : { id: row.nowork_id, started_on: row.nowork_started_on! },
    },
    reasonActive,
  };
}

/**
 * What a new record may name, in one statement: the active employees among the ids, in display
 * order, each row also telling whether the paper size, the processing detail (of that processing,
 * both active), the machine and the company — those given — are active. No row when no employee is.
 */
export function findStartReferences(
  db: Db,
  input: {
    employees: number[];
    paper_size_id: number;
    processing_id: number;
    processing_detail_id: number;
    machine_id: number | null;
    company_id: number | null;
  },
) {
  const active = (table: 'paper_sizes' | 'machines' | 'companies', id: number | null) =>
    id === null
      ? sql<number>`1`
      : sql<number>`exists ${db
          .selectFrom(table as 'machines')
          .select('id')
          .where('id', '=', id)
          .where('deleted_at', 'is', null)}`;
  const detail = db
    .selectFrom('processing_details')
    .innerJoin('processings', 'processings.id', 'processing_details.processing_id')
    .select('processing_details.id')
    .where('processing_details.id', '=', input.processing_detail_id)
    .where('processing_details.processing_id', '=', input.processing_id)
    .where('processing_details.deleted_at', 'is', null)
    .where('processings.deleted_at', 'is', null);
  return db
    .selectFrom('employees')
    .select([
      'id',
      'last_name',
      'first_name',
      active('paper_sizes', input.paper_size_id).as('paper_size_active'),
      sql<number>`exists ${detail}`.as('detail_active'),
      active('machines', input.machine_id).as('machine_active'),
      active('companies', input.company_id).as('company_active'),
    ])
    .where('id', 'in', input.employees)
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
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
  const record = await db
    .selectFrom('product_costs')
    .selectAll()
    .select(staleAfterHoursColumn())
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
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
