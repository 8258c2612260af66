import { sql, type Expression, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { Rate, StopCategory, StopTime } from '../../domain/analytics.ts';
import type { Database } from '../db/schema.ts';
import { rebuildRollup } from './analytic-rollup-repository.ts';
import { rateTables, type RateOwner } from './rates-repository.ts';

/** The queries behind the figures a finished record keeps for analysis (analytic-figures.ts, record-totals.ts). */
type Db = Kysely<Database>;

/** One rate of a machine or an employee, with the id of its owner. */
export type OwnedRate = Rate & { owner_id: number };

/**
 * Every reason's category, and the rates of the given machines and employees, in one statement:
 * finishing a job reads them in its transaction, and on PostgreSQL each statement is a round trip.
 * Each row says what it is in `kind`: 'category', or the kind of owner of a rate.
 */
export async function findCostingRows(db: Db, of: { machineIds: number[]; employeeIds: number[] }) {
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
  const ratesOfOwners = (kind: RateOwner, ids: number[]) => {
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
  if (of.machineIds.length > 0) query = query.unionAll(ratesOfOwners('machine', of.machineIds));
  if (of.employeeIds.length > 0) query = query.unionAll(ratesOfOwners('employee', of.employeeIds));
  const rows = await query.execute();
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

/** A record's stop times by reason, in place of those it kept; `keptNone` when it is known to keep none yet. */
export async function replaceStops(db: Db, recordId: number, stops: readonly StopTime[], { keptNone = false } = {}): Promise<void> {
  if (!keptNone) await db.deleteFrom('product_cost_stops').where('product_cost_id', '=', recordId).execute();
  if (stops.length > 0) {
    await db
      .insertInto('product_cost_stops')
      .values(stops.map((stop) => ({ product_cost_id: recordId, ...stop })))
      .execute();
  }
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
