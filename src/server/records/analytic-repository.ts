import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { StopCategory, StopTime } from '../../domain/analytics.ts';
import type { Rate } from '../../domain/rates.ts';
import { MAX_WORKERS } from '../../domain/field-limits.ts';
import { preparedQuery, type ValueOf } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';
import { rebuildRollup } from './analytic-rollup-repository.ts';
import { rateTables, type RateOwner } from './rates-repository.ts';

/** The queries behind the figures a finished record keeps for analysis (analytic-figures.ts, record-totals.ts). */
type Db = Kysely<Database>;

/** One rate of a machine or an employee, with the id of its owner. */
export type OwnedRate = Rate & { owner_id: number };

/** Every reason's category, and the rates of the given machines and employees, as one query. */
function costingQuery(db: Db, machineIds: readonly number[], employeeIds: readonly number[]) {
  const noCategory = sql<StopCategory | null>`null`;
  let query = db
    .selectFrom('interruptions')
    .select([
      sql.lit<string>('category').as('kind'),
      'id as owner_id',
      sql<StopCategory | null>`category`.as('category'),
      sql<string | null>`null`.as('valid_from'),
      sql<number | null>`null`.as('yen_per_hour'),
    ]);
  const ratesOfOwners = (kind: RateOwner, ids: readonly number[]) => {
    const { table, owner } = rateTables[kind];
    return db
      .selectFrom(table as 'machine_rates')
      .select([
        sql.lit<string>(kind).as('kind'),
        sql.ref<number>(owner).as('owner_id'),
        noCategory.as('category'),
        'valid_from',
        'yen_per_hour',
      ])
      .where(sql.ref(owner), 'in', ids);
  };
  if (machineIds.length > 0) query = query.unionAll(ratesOfOwners('machine', machineIds));
  if (employeeIds.length > 0) query = query.unionAll(ratesOfOwners('employee', employeeIds));
  return query;
}

interface CostingOwners {
  machineIds: number[];
  employeeIds: number[];
}

/** How many machines and employees a job's costing names. */
type CostingShape = `${number} ${number}`;

const jobCosting = preparedQuery((db, value: ValueOf<CostingOwners>, shape: CostingShape) => {
  const [machines, employees] = shape.split(' ').map(Number);
  return costingQuery(db, value.items('machineIds', machines!), value.items('employeeIds', employees!));
});

/**
 * Every reason's category, and the rates of the given machines and employees, in one statement:
 * finishing a job reads them in its transaction, and on PostgreSQL each statement is a round trip.
 * Each row says what it is in `kind`: 'category', or the kind of owner of a rate. As few owners as
 * a job has (one machine at most, and at most MAX_WORKERS employees) run a prepared statement,
 * since every finish reads them; more owners, as an analysis may ask for, build theirs, so that
 * the statements kept stay few.
 */
export async function findCostingRows(db: Db, of: CostingOwners) {
  const ofOneJob = of.machineIds.length <= 1 && of.employeeIds.length <= MAX_WORKERS;
  const rows = ofOneJob
    ? await jobCosting(db, of, `${of.machineIds.length} ${of.employeeIds.length}`)
    : await costingQuery(db, of.machineIds, of.employeeIds).execute();
  const ratesOf = (kind: RateOwner): OwnedRate[] =>
    rows
      .filter((row) => row.kind === kind)
      .map((row) => ({ owner_id: row.owner_id, valid_from: row.valid_from!, yen_per_hour: row.yen_per_hour! }));
  return {
    categories: rows.filter((row) => row.kind === 'category').map((row) => ({ id: row.owner_id, category: row.category! })),
    machineRates: ratesOf('machine'),
    employeeRates: ratesOf('employee'),
  };
}

/** Finished records that keep no analysis figures yet. */
export function findRecordsWithoutFigures(db: Db, limit: number) {
  return db
    .selectFrom('product_costs')
    .select(['id', 'started_on', 'finished_on', 'machine_id'])
    .where('work_date', 'is', null)
    .where('finished_on', 'is not', null)
    .limit(limit)
    .execute();
}

export async function updateKept(db: Db, recordId: number, values: Updateable<Database['product_costs']>): Promise<void> {
  await db.updateTable('product_costs').set(values).where('id', '=', recordId).execute();
}

const keptStopsRemoved = preparedQuery((db, value: ValueOf<{ recordId: number }>) =>
  db.deleteFrom('product_cost_stops').where('product_cost_id', '=', value('recordId')),
);

interface KeptStops {
  recordId: number;
  interruptionIds: number[];
  seconds: number[];
  counts: number[];
}

const keptStopsAdded = preparedQuery((db, value: ValueOf<KeptStops>, count: string) => {
  const length = Number(count);
  const seconds = value.items('seconds', length);
  const counts = value.items('counts', length);
  return db.insertInto('product_cost_stops').values(
    value.items('interruptionIds', length).map((interruption_id, index) => ({
      product_cost_id: value('recordId'),
      interruption_id,
      seconds: seconds[index]!,
      count: counts[index]!,
    })),
  );
});

/**
 * A record's stop times by reason, in place of those it kept; `keptNone` when it is known to keep
 * none yet. Finishing a job writes them, so both statements are prepared.
 */
export async function replaceStops(db: Db, recordId: number, stops: readonly StopTime[], { keptNone = false } = {}): Promise<void> {
  if (!keptNone) await keptStopsRemoved(db, { recordId });
  if (stops.length === 0) return;
  const kept: KeptStops = {
    recordId,
    interruptionIds: stops.map((stop) => stop.interruption_id),
    seconds: stops.map((stop) => stop.seconds),
    counts: stops.map((stop) => stop.count),
  };
  await keptStopsAdded(db, kept, String(stops.length));
}

/** Which finished records a change of the masters touches. */
export type RecostScope = { machineId: number } | { employeeId: number } | { interruptionId: number };

function inScope(scope: RecostScope): Expression<SqlBool> {
  if ('machineId' in scope) return sql<boolean>`machine_id = ${scope.machineId}`;
  if ('employeeId' in scope)
    return sql<boolean>`id in (select product_cost_id from product_cost_workers where employee_id = ${scope.employeeId})`;
  return sql<boolean>`id in (select product_cost_id from product_cost_stops where interruption_id = ${scope.interruptionId})`;
}

const rateOnWorkDate = (table: 'machine_rates' | 'employee_rates', owner: 'machine_id' | 'employee_id', ownerId: ReturnType<typeof sql>) =>
  sql`(select r.yen_per_hour from ${sql.table(table)} r where r.${sql.ref(owner)} = ${ownerId}
    and r.valid_from <= product_costs.work_date order by r.valid_from desc limit 1)`;

const stopsOf = (category: StopCategory) =>
  sql<number>`coalesce((select sum(s.seconds) from product_cost_stops s inner join interruptions i on i.id = s.interruption_id
    where s.product_cost_id = product_costs.id and i.category = ${category}), 0)`;

/**
 * After a rate or a reason's category changed: the kept stop seconds and costs of the finished records
 * it touches, worked out again in the database by the same definitions as recordCost (PPT seconds ×
 * yen an hour ÷ 3600, half up, per record), in two statements whatever their number; then the
 * rollup is built anew from them (for a machine's rates, that machine's part of it).
 */
export async function recostRecords(db: Db, scope: RecostScope): Promise<void> {
  const finished = sql<boolean>`work_date is not null and ${inScope(scope)}`;
  if ('interruptionId' in scope) {
    await db
      .updateTable('product_costs')
      .set({ planned_stop_seconds: stopsOf('planned'), unplanned_stop_seconds: stopsOf('unplanned') })
      .where(finished)
      .execute();
  }
  const ppt = sql`cast(worked_seconds - planned_stop_seconds as bigint)`;
  const machineRate = rateOnWorkDate('machine_rates', 'machine_id', sql`product_costs.machine_id`);
  const workerRate = rateOnWorkDate('employee_rates', 'employee_id', sql`w.employee_id`);
  await db
    .updateTable('product_costs')
    .set({
      machine_cost: sql<number>`(${ppt} * coalesce(${machineRate}, 0) + 1800) / 3600`,
      machine_rate_missing: sql<number>`case when machine_id is not null and ${machineRate} is null then 1 else 0 end`,
      labour_cost: sql<number>`(${ppt} * coalesce((select sum(${workerRate}) from product_cost_workers w
        where w.product_cost_id = product_costs.id), 0) + 1800) / 3600`,
      labour_rate_missing: sql<number>`case when exists (select 1 from product_cost_workers w
        where w.product_cost_id = product_costs.id and ${workerRate} is null) then 1 else 0 end`,
    })
    .where(finished)
    .execute();
  await rebuildRollup(db, 'machineId' in scope ? { machineId: scope.machineId } : 'all');
}
