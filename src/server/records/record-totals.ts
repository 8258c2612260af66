import type { Kysely } from 'kysely';
import { recordDurations, type Durations, type RecordTimes } from '../../domain/product-cost-metrics.ts';
import { workDate } from '../../domain/time.ts';
import { fullName } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { analyticValues, loadCostingMasters } from './analytic-figures.ts';
import { findRecordsWithoutFigures, replaceStops, updateKept } from './analytic-repository.ts';
import { addToRollup } from './analytic-rollup-repository.ts';
import { findPeriodsOfRecord, type PeriodsOf } from './record-repository.ts';

const WORKER_SEPARATOR = '、';

/** 作業者 as the list shows it: the workers' names, family name first, in display order. */
export function workersName(workers: ReadonlyArray<{ last_name: string; first_name: string | null }>): string {
  return workers.map(fullName).join(WORKER_SEPARATOR);
}

export interface StoredTotals {
  worked_seconds: number;
  breaked_seconds: number;
  setup_seconds: number;
}

/** The durations a finished record keeps, by the same domain function the list uses otherwise. */
export function totalsOf(times: RecordTimes, now: Date): StoredTotals {
  return storedTotals(recordDurations(times, now));
}

/** The kept totals of a record's durations: whole seconds, parts dropped. */
export function storedTotals(durations: Durations): StoredTotals {
  return {
    worked_seconds: Math.floor(durations.worked / 1000),
    breaked_seconds: Math.floor(durations.interruption / 1000),
    setup_seconds: Math.floor(durations.setup / 1000),
  };
}

/** Items by a key of theirs, each group in the items' order. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The periods and workers of many records, found by record. */
export function indexPeriods(periods: PeriodsOf) {
  const workers = groupBy(periods.workers, (w) => w.product_cost_id);
  const breaks = groupBy(periods.breaks, (b) => b.product_cost_id);
  const setups = groupBy(periods.setups, (s) => s.product_cost_id);
  const setupBreaks = groupBy(periods.setupBreaks, (b) => b.setup_time_id);
  const noworks = groupBy(periods.noworks, (n) => n.product_cost_id);
  return {
    workersOf: (recordId: number) => workers.get(recordId) ?? [],
    timesOf: (record: { id: number; started_on: string; finished_on: string | null }) => ({
      started_on: record.started_on,
      finished_on: record.finished_on,
      break_times: breaks.get(record.id) ?? [],
      setup_times: (setups.get(record.id) ?? []).map((setup) => ({ ...setup, setup_break_times: setupBreaks.get(setup.id) ?? [] })),
      nowork_times: noworks.get(record.id) ?? [],
    }),
  };
}

/** What a record in progress keeps: nothing but its workers' names until it is finished. */
const notKept = {
  worked_seconds: null,
  breaked_seconds: null,
  setup_seconds: null,
  work_date: null,
  planned_stop_seconds: null,
  unplanned_stop_seconds: null,
  worker_count: null,
  machine_cost: null,
  labour_cost: null,
  machine_rate_missing: null,
  labour_rate_missing: null,
} as const;

/**
 * What a finished record keeps, worked out from its periods, workers and the masters as they stand:
 * its columns (totals, stop times, costs, work date, workers' names) and its stop times by reason
 * (product_cost_stops). Read, not written: finishing writes them with the rest of the action.
 */
export async function finishedFigures(
  db: Kysely<Database>,
  record: { id: number; started_on: string; finished_on: string; machine_id: number | null },
  timeZone: string,
) {
  const index = indexPeriods(await findPeriodsOfRecord(db, record.id));
  const workers = index.workersOf(record.id);
  const { machine_id } = record;
  const masters = await loadCostingMasters(db, { machineIds: [machine_id], employeeIds: workers.map((worker) => worker.employee_id) });
  const date = workDate(record.started_on, timeZone);
  const values = analyticValues(
    { times: index.timesOf(record), machine_id, workers, work_date: date },
    masters,
    new Date(record.finished_on),
  );
  return {
    kept: { ...storedTotals(values.durations), ...values.kept, work_date: date, workers_name: workersName(workers) },
    stops: values.stops,
  };
}

/**
 * What a record keeps of its list and analysis values, worked out from its periods and workers as
 * they stand: the totals, stop times and costs once it is finished (NULL while in progress), and
 * its workers' names. Its stop times by reason are written beside it (product_cost_stops), replacing
 * those it kept; a record in progress keeps none.
 */
export async function keptValues(
  db: Kysely<Database>,
  record: { id: number; started_on: string; finished_on: string | null; machine_id: number | null },
  timeZone: string,
) {
  if (record.finished_on === null) {
    const index = indexPeriods(await findPeriodsOfRecord(db, record.id));
    await replaceStops(db, record.id, []);
    return { ...notKept, workers_name: workersName(index.workersOf(record.id)) };
  }
  const { kept, stops } = await finishedFigures(db, { ...record, finished_on: record.finished_on }, timeZone);
  await replaceStops(db, record.id, stops);
  return kept;
}

/**
 * The finished records that keep no analysis figures yet (finished before analysis existed) get them,
 * a batch at a time; at a start with none left this is one query.
 */
export async function keepMissingAnalyticFigures(db: Kysely<Database>, timeZone: string, batchSize = 500): Promise<void> {
  for (;;) {
    const records = await findRecordsWithoutFigures(db, batchSize);
    for (const record of records) {
      await db.transaction().execute(async (trx) => {
        await updateKept(trx, record.id, await keptValues(trx, record, timeZone));
        await addToRollup(trx, record.id);
      });
    }
    if (records.length < batchSize) return;
  }
}
