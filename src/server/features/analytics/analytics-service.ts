import type { Kysely } from 'kysely';
import {
  noItemName,
  type AnalyticsFilter,
  type AnalyticsSummary,
  type BreakdownBy,
  type BreakdownRow,
  type JobCost,
  type JobRow,
  type JobsFilter,
  type JobSortKey,
  type LossRow,
  type MissingRates,
} from '../../../domain/analytics-api.ts';
import {
  addTotals,
  analyticFigures,
  emptyTotals,
  monthOf,
  totalsOfRecord,
  weekName,
  weekOf,
  type AnalyticTotals,
  type RecordFigures,
  type StopTime,
} from '../../../domain/analytics.ts';
import { workMessages } from '../../../domain/product-cost.ts';
import { rateOn } from '../../../domain/rates.ts';
import { roundToOneDecimal } from '../../../domain/product-cost-metrics.ts';
import { nextDate, startOfWorkDate, workDate } from '../../../domain/time.ts';
import { fullName } from '../../../domain/user.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { analyticValues, appliedRates, loadCostingMasters, type CostingMasters } from '../../records/analytic-figures.ts';
import { findPeriodsOf, findPeriodsOfRecordWorkedBy, findRecordWorkers } from '../../records/record-repository.ts';
import { indexPeriods, workersName } from '../../records/record-totals.ts';
import { readAtCondition, type DownloadCondition } from '../../downloads/download-table.ts';
import { filterLines } from './analytics-downloads.ts';
import * as repository from './analytics-repository.ts';

type Names = Awaited<ReturnType<typeof repository.findNames>>;
/** A record as findJobs gives it, with its kept time for the reason 作業別原価 is narrowed to; findJob's has none. */
type JobRecordRow = repository.AnalyticRecordRow & { reason_seconds?: number | string | null };
type PeriodIndex = ReturnType<typeof indexPeriods>;

/** A record as analysis sees it: its row, and its figures as kept (finished) or as of now (in progress). */
interface AnalysedRecord {
  row: repository.AnalyticRecordRow;
  work_date: string;
  figures: RecordFigures;
  stops: StopTime[];
  employeeIds: number[];
  /** As a finished record keeps it in workers_name, which a record in progress has not yet. */
  workersName: string;
}

const number = (value: number | string | null | undefined) => Number(value ?? 0);

/** The sums of a group of finished records as the domain adds them up. */
function totalsOfSums(row: repository.SumRow): AnalyticTotals {
  const totals = { ...emptyTotals };
  for (const key of Object.keys(emptyTotals) as Array<keyof AnalyticTotals>) totals[key] = number(row[key]);
  totals.defective = totals.wound + totals.size + totals.miss + totals.other;
  totals.finished_jobs = totals.jobs;
  return totals;
}

/** A finished record's kept figures. */
function keptFigures(row: repository.AnalyticRecordRow): RecordFigures {
  return {
    finished: true,
    seconds: {
      worked: number(row.worked_seconds),
      setup: number(row.setup_seconds),
      planned_stop: number(row.planned_stop_seconds),
      unplanned_stop: number(row.unplanned_stop_seconds),
    },
    worker_count: number(row.worker_count),
    counts: row,
    standard_speed: row.standard_speed,
    machine_cost: number(row.machine_cost),
    labour_cost: number(row.labour_cost),
    rate_missing: row.machine_rate_missing === 1 || row.labour_rate_missing === 1,
  };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? roundToOneDecimal((part / whole) * 100) : 0);

/** 分析 (docs/PRODUCT.md#analytics): summary, loss Pareto, breakdowns and the job rows. */
export class AnalyticsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async summary(filter: AnalyticsFilter): Promise<AnalyticsSummary> {
    const [[finished], live] = await Promise.all([repository.sumFinished(this.db, filter, 'none'), this.inProgress(filter)]);
    const totals = live.reduce((sum, record) => addTotals(sum, totalsOfRecord(record.figures)), totalsOfSums(finished!));
    const figures = analyticFigures(totals);
    return {
      jobs: totals.jobs,
      finished_jobs: totals.finished_jobs,
      worked_seconds: totals.worked_seconds,
      man_seconds: totals.man_seconds,
      setup_seconds: totals.setup_seconds,
      planned_stop_seconds: totals.planned_stop_seconds,
      unplanned_stop_seconds: totals.unplanned_stop_seconds,
      run_seconds: figures.run_seconds,
      good: totals.good,
      defective: totals.defective,
      defective_rate: figures.defective_rate,
      working_rate: figures.working_rate,
      availability: figures.availability,
      performance: figures.performance,
      quality: figures.quality,
      oee: figures.oee,
      machine_cost: totals.machine_cost,
      labour_cost: totals.labour_cost,
      cost: figures.cost,
      cost_per_good: figures.cost_per_good,
      rate_missing: totals.rate_missing,
    };
  }

  /**
   * Whose rate the range's jobs were costed without, to be named beside the count of such jobs: the
   * machines and workers of finished jobs kept as costed without one, and of jobs in progress, whose
   * rate is not there on the job's work date now. A rate added since the finished job was costed
   * takes its owner off the list.
   */
  async missingRates(filter: AnalyticsFilter): Promise<MissingRates> {
    const [finished, live, names] = await Promise.all([
      repository.findMissingRateUses(this.db, filter),
      this.inProgress(filter),
      repository.findNames(this.db),
    ]);
    const uses: repository.RateUse[] = [
      ...finished,
      ...live.flatMap(({ row, work_date, employeeIds }) => [
        ...(row.machine_id === null ? [] : [{ kind: 'machine' as const, owner_id: row.machine_id, work_date }]),
        ...employeeIds.map((owner_id) => ({ kind: 'employee' as const, owner_id, work_date })),
      ]),
    ];
    const ownersOf = (kind: repository.RateUse['kind'], uses: repository.RateUse[]) => [
      ...new Set(uses.filter((use) => use.kind === kind).map((use) => use.owner_id)),
    ];
    const masters = await loadCostingMasters(this.db, { machineIds: ownersOf('machine', uses), employeeIds: ownersOf('employee', uses) });
    const ratesOf = { machine: masters.machineRates, employee: masters.employeeRates };
    const unrated = uses.filter((use) => rateOn(ratesOf[use.kind].get(use.owner_id) ?? [], use.work_date) === null);
    const named = (kind: repository.RateUse['kind']) => {
      const nameOf = nameFinder(kind, names, filter);
      return ownersOf(kind, unrated)
        .map((id) => ({ id, name: nameOf(String(id)) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'ja') || a.id - b.id);
    };
    return { machines: named('machine'), employees: named('employee') };
  }

  /** The Pareto of stop time: every reason with time, largest first, with its share and the running share. */
  async losses(filter: AnalyticsFilter): Promise<LossRow[]> {
    const [finished, live, names] = await Promise.all([
      repository.sumStops(this.db, filter),
      this.inProgress(filter),
      repository.findNames(this.db),
    ]);
    const byReason = new Map<number, { seconds: number; count: number }>();
    const add = (id: number, seconds: number, count: number) => {
      const sum = byReason.get(id) ?? { seconds: 0, count: 0 };
      byReason.set(id, { seconds: sum.seconds + seconds, count: sum.count + count });
    };
    for (const row of finished) add(row.interruption_id, number(row.seconds), number(row.count));
    for (const record of live) for (const stop of record.stops) add(stop.interruption_id, stop.seconds, stop.count);
    const reasons = new Map(names.interruptions.map((reason) => [reason.id, reason] as const));
    const total = [...byReason.values()].reduce((sum, stop) => sum + stop.seconds, 0);
    let running = 0;
    return [...byReason]
      .sort(([idA, a], [idB, b]) => b.seconds - a.seconds || idA - idB)
      .map(([interruption_id, stop]) => {
        running += stop.seconds;
        const reason = reasons.get(interruption_id);
        return {
          interruption_id,
          name: reason?.name ?? '',
          category: reason?.category ?? 'unplanned',
          seconds: stop.seconds,
          count: stop.count,
          share: percentOf(stop.seconds, total),
          cumulative_share: percentOf(running, total),
        };
      });
  }

  async breakdown(filter: AnalyticsFilter, by: BreakdownBy): Promise<BreakdownRow[]> {
    const grouping = groupingOf(by);
    const [finished, live, names] = await Promise.all([
      repository.sumFinished(this.db, filter, grouping),
      this.inProgress(filter),
      repository.findNames(this.db),
    ]);
    const groups = new Map<string | null, AnalyticTotals>();
    const add = (rawKey: number | string | null, totals: AnalyticTotals) => {
      const key = rawKey === null ? null : periodKey(by, String(rawKey));
      const group = groups.get(key);
      groups.set(key, group ? addTotals(group, totals) : totals);
    };
    for (const row of finished) add(row.key, totalsOfSums(row));
    for (const record of live) {
      const totals = totalsOfRecord(record.figures);
      if (by === 'employee') {
        // A worker's own hours: the record's time once, not times the number of its workers.
        for (const id of record.employeeIds) add(id, { ...totals, man_seconds: totals.worked_seconds });
      } else
        add(
          grouping === 'work_date' ? record.work_date : (record.row[grouping as keyof repository.AnalyticRecordRow] as number | null),
          totals,
        );
    }
    const nameOf = nameFinder(by, names, filter);
    return [...groups]
      .map(([key, totals]) => {
        const figures = analyticFigures(totals);
        return {
          key,
          name: nameOf(key),
          jobs: totals.jobs,
          worked_seconds: totals.worked_seconds,
          man_seconds: totals.man_seconds,
          good: totals.good,
          defective: totals.defective,
          defective_rate: figures.defective_rate,
          wound: totals.wound,
          size: totals.size,
          miss: totals.miss,
          other: totals.other,
          availability: figures.availability,
          performance: figures.performance,
          quality: figures.quality,
          oee: figures.oee,
          cost: figures.cost,
        };
      })
      .sort(byKey(by));
  }

  async jobs(query: JobsFilter & { page: number; per_page: number; sort: string }): Promise<{ rows: JobRow[]; total: number }> {
    const range = this.startedRange(query);
    const [{ rows }, total] = await Promise.all([
      this.jobRows(query, query.sort, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
      repository.countJobs(this.db, query, range),
    ]);
    return { rows, total };
  }

  /** Every job row of the filters in the table's order, a batch at a time, each from where the last ended, for the downloads. */
  async *jobBatches(query: JobsFilter & { sort: string }, batchSize = 1000): AsyncGenerator<JobRow[]> {
    let position: repository.JobPosition = { offset: 0 };
    // The names are read once for the whole download, not once a batch.
    const names = await repository.findNames(this.db);
    for (;;) {
      const { rows, last } = await this.jobRows(query, query.sort, { limit: batchSize, ...position }, names);
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize || !last) return;
      position = { after: last };
    }
  }

  private async jobRows(filter: JobsFilter, order: string, page: { limit: number } & repository.JobPosition, knownNames?: Names) {
    const descending = order.startsWith('-');
    const sort = order.replace(/^-/, '') as JobSortKey;
    const [found, names] = await Promise.all([
      repository.findJobs(this.db, filter, this.startedRange(filter), { sort, descending, ...page }),
      knownNames ?? repository.findNames(this.db),
    ]);
    const rows = await this.rowsOf(found, names, filter.interruption_id);
    const lastRow = found.at(-1);
    return { rows, last: lastRow && { sortKey: lastRow.sort_key, id: lastRow.id } };
  }

  /**
   * The job rows of records: a finished one's from the figures it keeps, one in progress's up to now;
   * with its time for the stop reason 作業別原価 is narrowed to, if any.
   */
  private async rowsOf(found: JobRecordRow[], names: Names, reason?: number): Promise<JobRow[]> {
    return rowsOfAnalysed(found, await this.analyse(found.filter((row) => row.finished_on === null)), names, reason);
  }

  /**
   * One job's row as jobs() gives it, with the rates its cost was worked out from on its work date
   * and whose were missing: what the record editor shows to explain the cost.
   */
  async job(id: number): Promise<JobCost> {
    const [found, names, workers] = await Promise.all([
      repository.findJob(this.db, id),
      repository.findNames(this.db),
      findRecordWorkers(this.db, id),
    ]);
    if (!found) throw new HttpError(404, workMessages.recordNotFound);
    // The masters are read once, for the rates shown and, while in progress, for the figures up to now.
    const [masters, periods] = await Promise.all([
      loadCostingMasters(this.db, { machineIds: [found.machine_id], employeeIds: workers.map((worker) => worker.employee_id) }),
      found.finished_on === null ? findPeriodsOfRecordWorkedBy(this.db, id, workers) : undefined,
    ]);
    const analysed = periods ? this.analysedWith([found], indexPeriods(periods), masters) : [];
    const row = rowsOfAnalysed([found], analysed, names)[0]!;
    // The rates its cost is worked out at, as the figures it keeps were.
    const { machineRate, workerRates } = appliedRates({ machine_id: found.machine_id, workers, work_date: row.work_date }, masters);
    const applied = workerRates.filter((rate) => rate !== null);
    return {
      ...row,
      machine_rate: machineRate ?? null,
      labour_rate: applied.length === 0 ? null : applied.reduce((sum, rate) => sum + rate, 0),
      missing_rates: {
        machines: found.machine_id !== null && machineRate === null ? [{ id: found.machine_id, name: row.machine_name }] : [],
        employees: workers
          .filter((_, index) => workerRates[index] === null)
          .map((worker) => ({ id: worker.employee_id, name: fullName(worker) })),
      },
    };
  }

  /** What a workbook of 分析 is of, for its sheet 条件: the range, the filters by name, and the time of reading. */
  async downloadConditions(filter: JobsFilter): Promise<DownloadCondition[]> {
    return [...filterLines(filter, await repository.findNames(this.db)), readAtCondition(this.clock(), this.timeZone)];
  }

  private startedRange(filter: AnalyticsFilter): Required<{ from: string; to: string }> {
    return { from: startOfWorkDate(filter.from, this.timeZone), to: startOfWorkDate(nextDate(filter.to), this.timeZone) };
  }

  private async inProgress(filter: AnalyticsFilter): Promise<AnalysedRecord[]> {
    return this.analyse(await repository.findInProgress(this.db, filter, this.startedRange(filter)));
  }

  /** Records in progress with their figures up to now, by the same definitions a finished record keeps. */
  private async analyse(rows: repository.AnalyticRecordRow[]): Promise<AnalysedRecord[]> {
    if (rows.length === 0) return [];
    const index = indexPeriods(await findPeriodsOf(this.db, { ids: rows.map((row) => row.id) }));
    const masters = await loadCostingMasters(this.db, {
      machineIds: rows.map((row) => row.machine_id),
      employeeIds: rows.flatMap((row) => index.workersOf(row.id).map((worker) => worker.employee_id)),
    });
    return this.analysedWith(rows, index, masters);
  }

  /** analyse() on the periods and masters of the records, read already. */
  private analysedWith(rows: repository.AnalyticRecordRow[], index: PeriodIndex, masters: CostingMasters): AnalysedRecord[] {
    const now = this.clock();
    return rows.map((row) => {
      const workers = index.workersOf(row.id);
      const work_date = workDate(row.started_on, this.timeZone);
      const values = analyticValues({ times: index.timesOf(row), machine_id: row.machine_id, workers, work_date }, masters, now);
      return {
        row,
        work_date,
        stops: values.stops,
        employeeIds: workers.map((worker) => worker.employee_id),
        workersName: workersName(workers),
        figures: {
          finished: false,
          seconds: values.seconds,
          worker_count: workers.length,
          counts: row,
          standard_speed: row.standard_speed,
          machine_cost: values.cost.machine_cost,
          labour_cost: values.cost.labour_cost,
          rate_missing: values.cost.machine_rate_missing || values.cost.labour_rate_missing,
        },
      };
    });
  }
}

function groupingOf(by: BreakdownBy): repository.Grouping {
  if (by === 'employee') return 'employee';
  if (by === 'day' || by === 'week' || by === 'month') return 'work_date';
  return `${by}_id`;
}

/** Days are grouped by the database; weeks (from Monday) and months from the days. */
function periodKey(by: BreakdownBy, key: string): string {
  if (by === 'week') return weekOf(key);
  if (by === 'month') return monthOf(key);
  return key;
}

function nameFinder(by: BreakdownBy, names: Names, range: AnalyticsFilter): (key: string | null) => string {
  const employees = new Map(names.employees.map((employee) => [employee.id, fullName(employee)] as const));
  const tables: Partial<Record<BreakdownBy, Map<number, string>>> = {
    machine: names.machines,
    company: names.companies,
    processing: names.processings,
    processing_detail: names.processingDetails,
    paper_size: names.paperSizes,
    employee: employees,
  };
  const table = tables[by];
  return (key) => {
    if (key === null) return noItemName;
    if (table) return table.get(Number(key)) ?? noItemName;
    if (by === 'month') return `${key.slice(0, 4)}年${Number(key.slice(5, 7))}月`;
    if (by === 'week') return weekName(key, range);
    return key.replaceAll('-', '/');
  };
}

/** Periods in time order; masters by their figures, the most worked first. */
function byKey(by: BreakdownBy) {
  if (by === 'day' || by === 'week' || by === 'month')
    return (a: BreakdownRow, b: BreakdownRow) => String(a.key).localeCompare(String(b.key));
  return (a: BreakdownRow, b: BreakdownRow) =>
    Number(a.key === null) - Number(b.key === null) || b.worked_seconds - a.worked_seconds || Number(a.key) - Number(b.key);
}

/**
 * The job rows of records, given those in progress analysed: a finished one's from the figures it keeps;
 * with its time for the stop reason 作業別原価 is narrowed to, if any.
 */
function rowsOfAnalysed(found: JobRecordRow[], analysed: AnalysedRecord[], names: Names, reason?: number): JobRow[] {
  const live = new Map(analysed.map((record) => [record.row.id, record]));
  return found.map((row) => {
    const record = live.get(row.id);
    if (record) {
      const reasonSeconds = reason === undefined ? null : (record.stops.find((stop) => stop.interruption_id === reason)?.seconds ?? 0);
      return jobRow(row, record.work_date, record.workersName, record.figures, names, reasonSeconds);
    }
    const reasonSeconds = row.reason_seconds === undefined || row.reason_seconds === null ? null : number(row.reason_seconds);
    return jobRow(row, row.work_date!, row.workers_name ?? '', keptFigures(row), names, reasonSeconds);
  });
}

function jobRow(
  row: repository.AnalyticRecordRow,
  work_date: string,
  workers_name: string,
  figures: RecordFigures,
  names: Names,
  reason_seconds: number | null,
): JobRow {
  const totals = totalsOfRecord(figures);
  const ratios = analyticFigures(totals);
  const nameIn = (map: Map<number, string>, id: number | null) => (id === null ? '' : (map.get(id) ?? ''));
  return {
    id: row.id,
    slip_no: row.slip_no,
    work_date,
    finished: figures.finished,
    workers_name,
    machine_name: nameIn(names.machines, row.machine_id),
    company_name: nameIn(names.companies, row.company_id),
    processing_name: nameIn(names.processings, row.processing_id),
    processing_detail_name: nameIn(names.processingDetails, row.processing_detail_id),
    paper_size_name: nameIn(names.paperSizes, row.paper_size_id),
    worked_seconds: totals.worked_seconds,
    man_seconds: totals.man_seconds,
    setup_seconds: totals.setup_seconds,
    standard_setup_seconds: row.standard_setup_minutes === null ? null : row.standard_setup_minutes * 60,
    planned_stop_seconds: totals.planned_stop_seconds,
    unplanned_stop_seconds: totals.unplanned_stop_seconds,
    run_seconds: ratios.run_seconds,
    good: totals.good,
    defective: totals.defective,
    availability: ratios.availability,
    performance: ratios.performance,
    quality: ratios.quality,
    oee: ratios.oee,
    machine_cost: totals.machine_cost,
    labour_cost: totals.labour_cost,
    cost: ratios.cost,
    cost_per_good: ratios.cost_per_good,
    rate_missing: figures.rate_missing,
    reason_seconds,
  };
}
