import { sql, type Compilable, type InferResult, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Engine } from '../../db/connection.ts';
import { columnsOf, preparedQuery, standIns, type ValueOf } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { findPeriodRows, type LockedRecord, type PeriodRow } from '../../records/record-repository.ts';
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
  return openPeriodsOf(await findPeriodRows(db, recordId, 'open'));
}

/** The open periods among a record's period rows (findPeriodRows, open or all). */
export function openPeriodsOf(rows: readonly PeriodRow[]): OpenPeriodRows {
  const of = (kind: string) => rows.find((row) => row.kind === kind && row.closed_on === null);
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

type LockTarget = 'record' | PeriodTable;
type LockShape = `${Engine} ${LockTarget} ${'reason' | 'no-reason'}`;

/** The record, its open periods and the reason's check, read as one row (see lockForAction). */
function recordWithOpenPeriods(db: Db, value: ValueOf<{ id: number; reasonId: number }>, target: LockTarget, withReason: boolean) {
  const query = db
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
      (withReason
        ? sql<number>`exists ${db.selectFrom('interruptions').select('id').where('id', '=', value('reasonId')).where('deleted_at', 'is', null)}`
        : sql<number>`0`
      ).as('reason_active'),
    ])
    .where('pc.deleted_at', 'is', null);
  return target === 'record'
    ? query.where('pc.id', '=', value('id'))
    : query.where('pc.id', '=', (eb) =>
        eb
          .selectFrom(target as 'setup_times')
          .select('product_cost_id')
          .where('id', '=', value('id')),
      );
}

type LockRow = InferResult<ReturnType<typeof recordWithOpenPeriods>>[number] & { seen_version?: number; next_period_id?: number };

const lockedRecord = preparedQuery((db, value: ValueOf<{ id: number; reasonId: number }>, shape: LockShape): Compilable<LockRow> => {
  const [engine, target, reason] = shape.split(' ') as [Engine, LockTarget, string];
  const query = recordWithOpenPeriods(db, value, target, reason === 'reason');
  if (engine === 'sqlite') return query;
  // The version as the statement's snapshot saw it, beside the locked row's own, which is the
  // latest: when another action committed while this one waited for the lock, they differ, and
  // the periods joined from the snapshot are read again (every action moves the version on).
  return query
    .select((eb) => eb.selectFrom('product_costs as seen').select('seen.version').whereRef('seen.id', '=', 'pc.id').as('seen_version'))
    .forUpdate('pc');
});

/**
 * On PostgreSQL, what an action decides on, read without a lock (see actionWritten), and the id its
 * new period will have when it opens one: drawn now, so that the answer, and the answer kept for its
 * key, are known before the one statement that writes them. A refused or retried action leaves a gap
 * in the ids, as a rolled-back insert does.
 */
const recordAsRead = preparedQuery(
  (db, value: ValueOf<{ id: number; reasonId: number }>, shape: `${LockTarget} ${'reason' | 'no-reason'} ${PeriodTable | 'none'}`) => {
    const [target, reason, opens] = shape.split(' ') as [LockTarget, string, PeriodTable | 'none'];
    const query = recordWithOpenPeriods(db, value, target, reason === 'reason');
    return opens === 'none'
      ? query
      : query.select(sql<number>`nextval(pg_get_serial_sequence(${sql.lit(opens)}, 'id'))::integer`.as('next_period_id'));
  },
);

/** An action's record, its open periods, whether its reason is active and the id of the period it may open. */
export interface ActionFacts {
  record: LockedRecord;
  open: OpenPeriodRows;
  reasonActive: boolean;
  /** Drawn on PostgreSQL's unlocked read for the table named (readForAction). */
  nextPeriodId?: number;
}

/**
 * Everything an action in a transaction decides on, in one statement: the live record (locked on
 * PostgreSQL, so that actions on one record run one after the other whatever number of server
 * processes; SQLite's single writer gives the same), its open periods — at most one of each kind,
 * which the database guarantees, so the joins give one row — and, when the action names an
 * interruption reason, whether that reason is active. Undefined for an unknown or deleted record or
 * period. Every work action on SQLite sends it (PostgreSQL only after losing three races, see
 * readForAction), so it is prepared once per shape (db/prepared-query.ts).
 */
export async function lockForAction(db: Db, engine: Engine, target: ActionTarget, reasonId?: number): Promise<ActionFacts | undefined> {
  const [row] = await lockedRecord(
    db,
    { id: 'recordId' in target ? target.recordId : target.periodId, reasonId: reasonId ?? 0 },
    `${engine} ${'recordId' in target ? 'record' : target.table} ${reasonId === undefined ? 'no-reason' : 'reason'}`,
  );
  if (!row) return undefined;
  return row.seen_version !== undefined && Number(row.seen_version) !== row.version
    ? { ...factsOf(row), open: await findOpenPeriods(db, row.id) }
    : factsOf(row);
}

/**
 * On PostgreSQL, the facts of lockForAction read as of one moment and without a lock; `opens` names
 * the table whose next id to draw. Its version is what actionWritten holds the write to.
 */
export async function readForAction(
  db: Db,
  target: ActionTarget,
  reasonId: number | undefined,
  opens: PeriodTable | undefined,
): Promise<ActionFacts | undefined> {
  const [row] = await recordAsRead(
    db,
    { id: 'recordId' in target ? target.recordId : target.periodId, reasonId: reasonId ?? 0 },
    `${'recordId' in target ? 'record' : target.table} ${reasonId === undefined ? 'no-reason' : 'reason'} ${opens ?? 'none'}`,
  );
  return row && factsOf(row);
}

function factsOf(row: LockRow): ActionFacts {
  const record = { id: row.id, finished_on: row.finished_on, started_on: row.started_on, version: row.version, machine_id: row.machine_id };
  // SQLite answers 1 or 0, PostgreSQL true or false.
  const reasonActive = Boolean(row.reason_active);
  return {
    record,
    ...(row.next_period_id === undefined ? {} : { nextPeriodId: row.next_period_id }),
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

interface StartReferences {
  employees: number[];
  paper_size_id: number;
  processing_id: number;
  processing_detail_id: number;
  machine_id: number | null;
  company_id: number | null;
}

/** How many employees a start names, whether it names a machine and a company, and whether the record's id is drawn. */
type StartShape = `${number} ${'machine' | 'no-machine'} ${'company' | 'no-company'} ${'draw-id' | 'no-id'}`;

const startReferences = preparedQuery((db, value: ValueOf<StartReferences>, shape: StartShape) => {
  const [employeeCount, machine, company, drawId] = shape.split(' ');
  const active = (table: 'paper_sizes' | 'machines' | 'companies', id: number | undefined) =>
    id === undefined
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
    .where('processing_details.id', '=', value('processing_detail_id'))
    .where('processing_details.processing_id', '=', value('processing_id'))
    .where('processing_details.deleted_at', 'is', null)
    .where('processings.deleted_at', 'is', null);
  return db
    .selectFrom('employees')
    .select([
      'id',
      'last_name',
      'first_name',
      active('paper_sizes', value('paper_size_id')).as('paper_size_active'),
      sql<number>`exists ${detail}`.as('detail_active'),
      active('machines', machine === 'machine' ? value('machine_id')! : undefined).as('machine_active'),
      active('companies', company === 'company' ? value('company_id')! : undefined).as('company_active'),
      // Evaluated once for the statement, not per employee.
      (drawId === 'draw-id'
        ? sql<number | null>`(select nextval(pg_get_serial_sequence('product_costs', 'id'))::integer)`
        : sql<number | null>`null`
      ).as('next_record_id'),
    ])
    .where('id', 'in', value.items('employees', Number(employeeCount)))
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .orderBy('id');
});

/**
 * What a new record may name, in one statement: the active employees among the ids, in display
 * order, each row also telling whether the paper size, the processing detail (of that processing,
 * both active), the machine and the company — those given — are active. No row when no employee is.
 * With `drawId` (PostgreSQL's start in one statement, startWritten) each row also carries the id the
 * new record will have.
 */
export function findStartReferences(db: Db, input: StartReferences, { drawId = false } = {}) {
  const shape: StartShape = `${input.employees.length} ${input.machine_id === null ? 'no-machine' : 'machine'} ${input.company_id === null ? 'no-company' : 'company'} ${drawId ? 'draw-id' : 'no-id'}`;
  return startReferences(db, input, shape);
}

export type NewRecord = Omit<Insertable<Database['product_costs']>, 'id' | 'deleted_at'>;

const newRecord = preparedQuery((db, value: ValueOf<Record<string, unknown>>, columns: string) =>
  db
    .insertInto('product_costs')
    .values({ ...(standIns(columns, value) as NewRecord), deleted_at: null })
    .returning('id'),
);

export async function insertRecord(db: Db, values: NewRecord): Promise<number> {
  const [row] = await newRecord(db, values, columnsOf(values));
  return row!.id;
}

const newWorkers = preparedQuery((db, value: ValueOf<{ recordId: number; employeeIds: number[] }>, count: string) =>
  db
    .insertInto('product_cost_workers')
    .values(
      value.items('employeeIds', Number(count)).map((employeeId) => ({ product_cost_id: value('recordId'), employee_id: employeeId })),
    ),
);

export async function insertWorkers(db: Db, recordId: number, employeeIds: number[]): Promise<void> {
  await newWorkers(db, { recordId, employeeIds }, String(employeeIds.length));
}

const touchedRecord = preparedQuery((db, value: ValueOf<Record<string, unknown>>, columns: string) =>
  db
    .updateTable('product_costs')
    .set(standIns(columns, value) as Updateable<Database['product_costs']>)
    .where('id', '=', value('id') as number),
);

/** Every action changes the record: its version moves on, so an edit made meanwhile is refused. */
export const movedOn = (changes: RecordChanges, at: string, by: number, version: number) => ({
  ...changes,
  updated_at: at,
  updated_by: by,
  version: version + 1,
});

export type RecordChanges = Updateable<Database['product_costs']>;

export async function touchRecord(db: Db, recordId: number, values: ReturnType<typeof movedOn>): Promise<void> {
  await touchedRecord(db, { ...values, id: recordId }, columnsOf(values));
}

/** The periods a record opens and closes: a start time and its end, or a break and its restart. */
export const opening: Record<PeriodTable, { opened: 'started_on' | 'broken_on'; closed: 'finished_on' | 'restarted_on' }> = {
  setup_times: { opened: 'started_on', closed: 'finished_on' },
  nowork_times: { opened: 'started_on', closed: 'finished_on' },
  break_times: { opened: 'broken_on', closed: 'restarted_on' },
  setup_break_times: { opened: 'broken_on', closed: 'restarted_on' },
};

const openedPeriod = preparedQuery((db, value: ValueOf<Record<string, unknown>>, shape: `${PeriodTable} ${string}`) => {
  const [table, columns] = shape.split(' ') as [PeriodTable, string];
  const { opened, closed } = opening[table];
  return db
    .insertInto(table as 'setup_break_times')
    .values({
      ...(standIns(columns, value) as Insertable<Database['setup_break_times']>),
      [opened]: value('at'),
      [closed]: null,
      opened_by: value('by') as number,
      closed_by: null,
    })
    .returning('id');
});

async function openPeriod(db: Db, table: PeriodTable, values: Record<string, unknown>, at: string, by: number): Promise<number> {
  const [row] = await openedPeriod(db, { ...values, at, by }, `${table} ${columnsOf(values)}`);
  return row!.id;
}

const closedPeriod = preparedQuery((db, value: ValueOf<{ id: number; at: string; by: number }>, table: PeriodTable) =>
  db
    .updateTable(table as 'setup_times')
    .set({ [opening[table].closed as 'finished_on']: value('at'), closed_by: value('by') })
    .where('id', '=', value('id')),
);

/**
 * What an action writes beside the record: a period it opens (its record and, for a break, its
 * reason and the setup it breaks) or the open period it closes.
 */
export type PeriodWrite = { open: PeriodTable; values: Record<string, unknown> } | { close: PeriodTable; id: number };

/** In the action's transaction: the period written; the id of one opened. */
export async function writePeriod(db: Db, write: PeriodWrite, at: string, by: number): Promise<number | undefined> {
  if ('open' in write) return openPeriod(db, write.open, write.values, at, by);
  await closedPeriod(db, { id: write.id, at, by }, write.close);
  return undefined;
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
