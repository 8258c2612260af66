import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { StopTime } from '../../../domain/analytics.ts';
import type { CallEndingAction } from '../../../domain/calls.ts';
import type { BoardEvent } from '../../../domain/board-events.ts';
import { columnsOf, preparedQuery, type ValueOf } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { boardEventParts } from '../../events/event-repository.ts';
import type { KeptAnswer } from '../../idempotency/idempotency-repository.ts';
import { finishedRecordSums } from '../../records/analytic-rollup-repository.ts';
import { opening, type NewRecord, type PeriodTable, type PeriodWrite } from './work-repository.ts';

/**
 * PostgreSQL's work actions, each written in one autocommitted statement of `with` parts
 * (docs/DECISIONS.md, Performance): one round trip where a transaction took five or more. SQLite has
 * no data-modifying `with`, and writes them in a transaction (work-repository.ts).
 */
type Db = Kysely<Database>;
type Value = ValueOf<Record<string, unknown>>;

/** A part of the statement: a data-modifying `with` query by its name, returning a row for each row it writes. */
type Part = [name: string, body: RawBuilder<unknown>];

/**
 * The statement of `parts`, then its board event numbered and NOTIFYed once per row of `record` (the
 * part that wrote the record). The event's advisory lock, held to the commit, must be taken after
 * every other write, as a transaction's event is its last statement: a transaction holding a row
 * this statement writes (a sum of 分析, a key) and waiting for the lock would otherwise deadlock
 * with it. PostgreSQL runs a part that the statement's last select does not read only after that
 * select, so the event is numbered from a row that counts what every part wrote, which reads each
 * part to its end before the lock is taken.
 */
function statementOf(parts: Part[], record: string, event: Value) {
  const written = sql.join(
    parts.map(([name]) => sql`(select count(*) from ${sql.table(name)})`),
    sql` + `,
  );
  const { numbered, notify } = boardEventParts(
    { type: event('event.type'), product_cost_id: event('event.product_cost_id'), state: event('event.state'), at: event('event.at') },
    // A filter the planner cannot drop, unlike a column no one reads.
    sql`${sql.table(record)} where ${written} >= 0`,
  );
  const withs = [...parts.map(([name, body]) => sql`${sql.table(name)} as (${body})`), sql`numbered as (${numbered})`];
  return sql<{ notified: unknown }>`with ${sql.join(withs)} ${notify}`;
}

/** The values of a statement, each under its part's name: `record.slip_no`. */
const named = (prefix: string, values: object) =>
  Object.fromEntries(Object.entries(values).map(([column, value]) => [`${prefix}.${column}`, value]));

/** `(a, b) select $a, $b`, the values' stand-ins under `prefix`: the columns and source row of an insert. */
function insertedColumns(columns: string[], prefix: string, value: Value) {
  return {
    names: sql.join(columns.map((column) => sql.ref(column))),
    values: sql.join(columns.map((column) => sql`${value(`${prefix}.${column}`)}`)),
  };
}

/** The answer kept for the key and the audit row, each inserted once per row of `source`, when it has columns. */
function keptAndAudited(value: Value, columns: { kept: string; audited: string }, source: string): Part[] {
  const tables = { kept: 'idempotency_keys', audited: 'audit_logs' } as const;
  return (['kept', 'audited'] as const)
    .filter((name) => columns[name] !== '')
    .map((name) => {
      const { names, values } = insertedColumns(columns[name].split(','), name, value);
      return [name, sql`insert into ${sql.table(tables[name])} (${names}) select ${values} from ${sql.table(source)} returning 1`];
    });
}

/** The rows shared by both statements besides their own: the kept answer, the audit and the event. */
interface Told {
  kept?: KeptAnswer;
  audit?: Insertable<Database['audit_logs']>;
  event: BoardEvent;
}

const toldValues = (write: Told) => ({
  ...named('kept', write.kept ?? {}),
  ...named('audited', write.audit ?? {}),
  // As PostgreSQL answers a timestamp to readers, so that a board sees one form (boardEventParts).
  ...named('event', { ...write.event, at: new Date(write.event.at).toISOString() }),
});

const toldShape = (write: Told): `${string}|${string}` =>
  `${write.kept ? columnsOf(write.kept) : ''}|${write.audit ? columnsOf(write.audit) : ''}`;

/** A new record as PostgreSQL writes it in one statement (writeStart). */
export interface StartWrite extends Told {
  record: NewRecord & { id: number };
  employeeIds: number[];
}

const startWritten = preparedQuery((_db, value: Value, shape: string) => {
  const [recordColumns, keptColumns, auditColumns] = shape.split('|') as [string, string, string];
  const record = insertedColumns(recordColumns.split(','), 'record', value);
  const parts: Part[] = [
    ['started', sql`insert into product_costs (${record.names}, deleted_at) select ${record.values}, null returning id`],
    [
      'workers',
      sql`insert into product_cost_workers (product_cost_id, employee_id)
        select started.id, employee_id from started cross join unnest(${value('employee_ids')}::integer[]) as employee_id
        returning 1`,
    ],
    ...keptAndAudited(value, { kept: keptColumns, audited: auditColumns }, 'started'),
  ];
  return statementOf(parts, 'started', value);
});

/**
 * A start in one statement: the record with the id its references' read drew
 * (findStartReferences), its workers, the answer kept for its key, the audit of a press sent later
 * and its board event. A key kept meanwhile by another request fails it whole (see KeepAnswer).
 */
export async function writeStart(db: Db, write: StartWrite): Promise<void> {
  const values = { employee_ids: write.employeeIds, ...named('record', write.record), ...toldValues(write) };
  await startWritten(db, values, `${columnsOf(write.record)}|${toldShape(write)}`);
}

/** An action on an existing record as PostgreSQL writes it in one statement (writeAction). */
export interface ActionWrite extends Told {
  recordId: number;
  /** The version the action was decided on. */
  seenVersion: number;
  /** The record's columns that change, its version, updated_at and updated_by among them. */
  changes: Record<string, unknown>;
  period?: PeriodWrite;
  /** The id drawn for the period it opens (readForAction). */
  openedId?: number;
  /** Finishing: the record's stop times by reason, written with it, and both added to 分析's sums. */
  finished?: { stops: readonly StopTime[] };
  /** 終了 and 終業: the action that ends the record's open call (docs/PRODUCT.md#calls-for-help). */
  endsOpenCall?: CallEndingAction;
  at: string;
  by: number;
}

/** The period an action opens or closes, from `touched`. */
function periodPart(value: Value, period: string): Part[] {
  const [kind, table, periodColumns] = period.split(' ') as ['open' | 'close' | 'none', PeriodTable, string];
  if (kind === 'none') return [];
  const { opened, closed } = opening[table];
  if (kind === 'close') {
    return [
      [
        'closed',
        sql`update ${sql.table(table)} set ${sql.ref(closed)} = ${value('at')}, closed_by = ${value('by')}
          where id = ${value('period_id')} and exists (select 1 from touched) returning id`,
      ],
    ];
  }
  const { names, values } = insertedColumns(periodColumns.split(','), 'period', value);
  return [
    [
      'opened',
      sql`insert into ${sql.table(table)} (id, ${names}, ${sql.ref(opened)}, ${sql.ref(closed)}, opened_by, closed_by)
        select ${value('period_id')}, ${values}, ${value('at')}, null, ${value('by')}, null from touched returning id`,
    ],
  ];
}

/** A finished record's stops inserted from `touched`, and the record and its stops added to 分析's sums. */
function finishedParts(value: Value): Part[] {
  const sums = finishedRecordSums(sql`touched pc`, sql`stopped s`);
  return [
    [
      'stopped',
      sql`insert into product_cost_stops (product_cost_id, interruption_id, seconds, count)
        select touched.id, stop.interruption_id, stop.seconds, stop.count
        from touched cross join unnest(${value('stop_reasons')}::integer[], ${value('stop_seconds')}::integer[], ${value('stop_counts')}::integer[])
          as stop (interruption_id, seconds, count)
        returning product_cost_id, interruption_id, seconds, count`,
    ],
    ['summed_days', sql`${sums.days} returning 1`],
    ['summed_stops', sql`${sums.stops} returning 1`],
  ];
}

/**
 * The record's open call ended by 終了 or 終業, at the action, as endOpenCall ends it in a transaction; a
 * call committed while this statement waited for the record's lock is not in its snapshot, and is
 * ended after it (work-service.ts).
 */
function endedCallPart(value: Value): Part {
  return [
    'ended_call',
    sql`update calls set answered_at = greatest(calls.called_at, ${value('at')}::timestamptz), ended_with = ${value('ended_with')}
      from touched where calls.product_cost_id = touched.id and calls.answered_at is null returning calls.id`,
  ];
}

const actionWritten = preparedQuery((_db, value: Value, shape: string) => {
  const [period, recordColumns, finished, endsCall, keptColumns, auditColumns] = shape.split('|') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const set = sql.join(recordColumns.split(',').map((column) => sql`${sql.ref(column)} = ${value(`record.${column}`)}`));
  const parts: Part[] = [
    [
      'touched',
      sql`update product_costs set ${set}
        where id = ${value('id')} and version = ${value('seen_version')} and deleted_at is null
        returning ${finished === 'finished' ? sql`*` : sql`id`}`,
    ],
    ...periodPart(value, period),
    ...(finished === 'finished' ? finishedParts(value) : []),
    ...(endsCall === 'ends call' ? [endedCallPart(value)] : []),
    ...keptAndAudited(value, { kept: keptColumns, audited: auditColumns }, 'touched'),
  ];
  return statementOf(parts, 'touched', value);
});

/**
 * Everything an action writes in one statement, held to the version the action was decided on: the
 * record moved on, its period (or, finishing, its stop times and 分析's sums), its open call ended
 * (終了, 終業), the answer kept for its key, the audit of a press sent later and its board event. Every part writes only from the row
 * the record's update returns, so when another action moved the version first (the update waits
 * for that action's commit, then finds the version changed) nothing is written, and the answer is
 * false: the action is read and decided again. A key kept meanwhile by another request fails the
 * whole statement (a plain insert, see KeepAnswer).
 */
export async function writeAction(db: Db, write: ActionWrite): Promise<boolean> {
  const { period } = write;
  const periodShape =
    period === undefined ? 'none' : 'open' in period ? `open ${period.open} ${columnsOf(period.values)}` : `close ${period.close}`;
  const values = {
    id: write.recordId,
    seen_version: write.seenVersion,
    at: write.at,
    by: write.by,
    period_id: period && ('open' in period ? write.openedId : period.id),
    stop_reasons: write.finished?.stops.map((stop) => stop.interruption_id),
    stop_seconds: write.finished?.stops.map((stop) => stop.seconds),
    stop_counts: write.finished?.stops.map((stop) => stop.count),
    ended_with: write.endsOpenCall,
    ...named('record', write.changes),
    ...named('period', period && 'open' in period ? period.values : {}),
    ...toldValues(write),
  };
  const endsCall = write.endsOpenCall ? 'ends call' : '';
  const shape = `${periodShape}|${columnsOf(write.changes)}|${write.finished ? 'finished' : ''}|${endsCall}|${toldShape(write)}`;
  return (await actionWritten(db, values, shape)).length > 0;
}
