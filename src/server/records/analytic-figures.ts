import type { Kysely } from 'kysely';
import {
  plannedProductionSeconds,
  recordCost,
  stopSeconds,
  stopTimes,
  type AnalyticTimes,
  type StopCategory,
} from '../../domain/analytics.ts';
import { rateOn, type Rate } from '../../domain/rates.ts';
import { recordDurations } from '../../domain/product-cost-metrics.ts';
import type { Database } from '../db/schema.ts';
import * as repository from './analytic-repository.ts';

type Db = Kysely<Database>;

/** What costing a record needs of the masters: each reason's category and the rates of its machine and workers. */
export interface CostingMasters {
  categoryOf: (interruptionId: number) => StopCategory;
  machineRates: Map<number, Rate[]>;
  employeeRates: Map<number, Rate[]>;
}

function ratesByOwner(rows: repository.OwnedRate[]): Map<number, Rate[]> {
  const rates = new Map<number, Rate[]>();
  for (const row of rows)
    rates.set(row.owner_id, [...(rates.get(row.owner_id) ?? []), { valid_from: row.valid_from, yen_per_hour: row.yen_per_hour }]);
  return rates;
}

/** The masters' rows that costing reads, as the repository answers them: plain data, which can cross to another thread. */
export type CostingRows = Awaited<ReturnType<typeof repository.findCostingRows>>;

export function costingMastersOf(rows: CostingRows): CostingMasters {
  const category = new Map(rows.categories.map((row) => [row.id, row.category] as const));
  return {
    categoryOf: (id) => category.get(id) ?? 'unplanned',
    machineRates: ratesByOwner(rows.machineRates),
    employeeRates: ratesByOwner(rows.employeeRates),
  };
}

type CostingOwners = { machineIds: Array<number | null>; employeeIds: number[] };

export function loadCostingRows(db: Db, of: CostingOwners): Promise<CostingRows> {
  return repository.findCostingRows(db, {
    machineIds: of.machineIds.filter((id): id is number => id !== null),
    employeeIds: of.employeeIds,
  });
}

export async function loadCostingMasters(db: Db, of: CostingOwners): Promise<CostingMasters> {
  return costingMastersOf(await loadCostingRows(db, of));
}

export interface CostedRecord {
  times: AnalyticTimes;
  machine_id: number | null;
  workers: ReadonlyArray<{ employee_id: number }>;
  work_date: string;
}

/**
 * The rates a record is costed at on its work date: its machine's (undefined without a machine, null when
 * none applies) and each worker's, in the order of its workers (null for one without).
 */
export function appliedRates(record: Omit<CostedRecord, 'times'>, masters: CostingMasters) {
  return {
    machineRate: record.machine_id === null ? undefined : rateOn(masters.machineRates.get(record.machine_id) ?? [], record.work_date),
    workerRates: record.workers.map((worker) => rateOn(masters.employeeRates.get(worker.employee_id) ?? [], record.work_date)),
  };
}

/** A record's analysis figures as of `now` (its finish, or now while in progress) by the definitions of the domain. */
export function analyticValues(record: CostedRecord, masters: CostingMasters, now: Date) {
  const durations = recordDurations(record.times, now);
  const stops = stopTimes(record.times, now);
  const { planned, unplanned } = stopSeconds(stops, masters.categoryOf);
  const seconds = {
    worked: Math.floor(durations.worked / 1000),
    setup: Math.floor(durations.setup / 1000),
    planned_stop: planned,
    unplanned_stop: unplanned,
  };
  const { machineRate, workerRates } = appliedRates(record, masters);
  const cost = recordCost(plannedProductionSeconds(seconds), machineRate, workerRates);
  return {
    durations,
    seconds,
    stops,
    cost,
    kept: {
      planned_stop_seconds: planned,
      unplanned_stop_seconds: unplanned,
      worker_count: record.workers.length,
      ...costColumns(cost),
    },
  };
}

const costColumns = (cost: ReturnType<typeof recordCost>) => ({
  machine_cost: cost.machine_cost,
  labour_cost: cost.labour_cost,
  machine_rate_missing: cost.machine_rate_missing ? 1 : 0,
  labour_rate_missing: cost.labour_rate_missing ? 1 : 0,
});
