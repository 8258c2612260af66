import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AnalyticsFilter, JobSortKey, JobsFilter } from '../../../domain/analytics-api.ts';
import type { Database } from '../../db/schema.ts';
import type { StartedRange } from '../../records/record-repository.ts';
import { isWholeSlip } from '../../records/whole-slip-repository.ts';

/**
 * The queries of 分析. Finished records are summed from the figures they keep (product_costs and
 * product_cost_stops), found by work date; records in progress are few and read one by one, by the
 * range of their start (the service works out their figures up to now).
 */
type Db = Kysely<Database>;

/**
 * The records a filter keeps besides the date range and a stop reason: live ones, of the chosen
 * masters, slip and worker.
 */
function recordCondition(filter: JobsFilter): RawBuilder<unknown> {
  const parts = [sql`pc.deleted_at is null`];
  for (const column of ['machine_id', 'company_id', 'processing_id', 'processing_detail_id', 'paper_size_id'] as const) {
    const id = filter[column];
    if (id !== undefined) parts.push(sql`pc.${sql.ref(column)} = ${id}`);
  }
  if (filter.slip !== undefined) parts.push(isWholeSlip(filter.slip));
  if (filter.employee_id !== undefined) {
    parts.push(
      sql`exists (select 1 from product_cost_workers fw where fw.product_cost_id = pc.id and fw.employee_id = ${filter.employee_id})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The records a filter keeps (besides the date range): those of recordCondition, and for 作業別原価
 * narrowed to a stop reason, those stopped for it at least once, in work or in a setup.
 */
function filterCondition(filter: JobsFilter): RawBuilder<unknown> {
  const reason = filter.interruption_id;
  if (reason === undefined) return recordCondition(filter);
  // A finished record by the stops it keeps, one row per reason under its key, as the Pareto reads
  // them; one in progress, which keeps none yet, by its periods.
  return sql`${recordCondition(filter)}
    and (exists (select 1 from product_cost_stops fs where fs.product_cost_id = pc.id and fs.interruption_id = ${reason})
      or (pc.finished_on is null
        and (exists (select 1 from break_times fb where fb.product_cost_id = pc.id and fb.interruption_id = ${reason})
          or exists (select 1 from setup_break_times fsb where fsb.product_cost_id = pc.id and fsb.interruption_id = ${reason}))))`;
}

/**
 * A job's stop seconds for the reason 作業別原価 is narrowed to, as the finished job keeps them (one in
 * progress keeps none yet: 0, as its other figures); null when it is narrowed to none.
 */
function reasonSeconds(filter: JobsFilter): RawBuilder<unknown> {
  if (filter.interruption_id === undefined) return sql`null`;
  return sql`coalesce((select rs.seconds from product_cost_stops rs
    where rs.product_cost_id = pc.id and rs.interruption_id = ${filter.interruption_id}), 0)`;
}

const finishedIn = (filter: AnalyticsFilter) => sql`pc.work_date >= ${filter.from} and pc.work_date <= ${filter.to}`;
const inProgressIn = (range: Required<StartedRange>) =>
  sql`pc.finished_on is null and pc.started_on >= ${range.from} and pc.started_on < ${range.to}`;

const sheets = sql`(coalesce(pc.superior, 0) + coalesce(pc.wound, 0) + coalesce(pc.size, 0) + coalesce(pc.miss, 0) + coalesce(pc.other, 0))`;
const run = sql`(pc.worked_seconds - pc.planned_stop_seconds - pc.unplanned_stop_seconds - pc.setup_seconds)`;
const ppt = sql`(pc.worked_seconds - pc.planned_stop_seconds)`;

/** How finished records are grouped: not at all, by a column of theirs, or by each of their workers. */
export type Grouping =
  'none' | 'employee' | 'machine_id' | 'company_id' | 'processing_id' | 'processing_detail_id' | 'paper_size_id' | 'work_date';

export interface SumRow {
  key: number | string | null;
  jobs: number | string;
  [sum: string]: number | string | null;
}

/** The rollup's key columns for the filters and groupings it can answer (records/analytic-rollup-repository.ts). */
const rollupKeys = { machine_id: 'machine_key', processing_id: 'processing_key', processing_detail_id: 'detail_key' } as const;
type RollupGrouping = 'none' | 'work_date' | keyof typeof rollupKeys;

/**
 * Whether the rollup answers: a filter of machine, processing and detail at most, grouped by none of
 * the others. Then a year of a million records is a few tens of thousands of rows to add up.
 */
function answeredByRollup(filter: JobsFilter, grouping: Grouping): boolean {
  const otherFilters = [filter.company_id, filter.paper_size_id, filter.employee_id, filter.slip, filter.interruption_id].some(
    (value) => value !== undefined,
  );
  return !otherFilters && (grouping === 'none' || grouping === 'work_date' || grouping in rollupKeys);
}

/** The rollup's rows a filter keeps: in range, of the chosen machine, processing and detail. */
function rollupCondition(filter: AnalyticsFilter, table: string): RawBuilder<unknown> {
  const parts = [sql`${sql.ref(`${table}.work_date`)} >= ${filter.from} and ${sql.ref(`${table}.work_date`)} <= ${filter.to}`];
  for (const [column, key] of Object.entries(rollupKeys) as Array<[keyof typeof rollupKeys, string]>) {
    const id = filter[column];
    if (id !== undefined) parts.push(sql`${sql.ref(`${table}.${key}`)} = ${id}`);
  }
  return sql.join(parts, sql` and `);
}

/** Sums of the kept figures of the finished records in range, per group. */
export async function sumFinished(db: Db, filter: AnalyticsFilter, grouping: Grouping): Promise<SumRow[]> {
  if (answeredByRollup(filter, grouping)) return sumRollup(db, filter, grouping as RollupGrouping);
  const byWorker = grouping === 'employee';
  const key = grouping === 'none' ? sql`null` : byWorker ? sql`bw.employee_id` : sql`pc.${sql.ref(grouping)}`;
  const join = byWorker ? sql`inner join product_cost_workers bw on bw.product_cost_id = pc.id` : sql``;
  const groupBy = grouping === 'none' ? sql`` : sql`group by ${key}`;
  const standard = sql`pd.standard_speed is not null`;
  const { rows } = await sql<SumRow>`select ${key} as key,
      count(*) as jobs,
      sum(pc.worked_seconds) as worked_seconds,
      sum(pc.worked_seconds * ${byWorker ? sql`1` : sql`pc.worker_count`}) as man_seconds,
      sum(pc.setup_seconds) as setup_seconds,
      sum(pc.planned_stop_seconds) as planned_stop_seconds,
      sum(pc.unplanned_stop_seconds) as unplanned_stop_seconds,
      sum(coalesce(pc.superior, 0)) as good,
      sum(coalesce(pc.wound, 0)) as wound,
      sum(coalesce(pc.size, 0)) as size,
      sum(coalesce(pc.miss, 0)) as miss,
      sum(coalesce(pc.other, 0)) as other,
      sum(case when ${standard} then ${sheets} * 3600.0 / pd.standard_speed else 0 end) as ideal_seconds,
      sum(case when ${standard} then ${run} else 0 end) as standard_run_seconds,
      sum(case when ${standard} then 1 else 0 end) as standard_jobs,
      sum(pc.machine_cost) as machine_cost,
      sum(pc.labour_cost) as labour_cost,
      sum(case when pc.machine_rate_missing = 1 or pc.labour_rate_missing = 1 then 1 else 0 end) as rate_missing
    from product_costs pc
    left join processing_details pd on pd.id = pc.processing_detail_id
    ${join}
    where ${finishedIn(filter)} and ${filterCondition(filter)}
    ${groupBy}`.execute(db);
  return rows;
}

/**
 * The same sums from the rollup. Ideal time is linear in the sheets, so a detail's sheets summed
 * and then divided by its standard speed give what the records' ideal times summed give.
 */
async function sumRollup(db: Db, filter: AnalyticsFilter, grouping: RollupGrouping): Promise<SumRow[]> {
  const key =
    grouping === 'none' ? sql`null` : grouping === 'work_date' ? sql`d.work_date` : sql`nullif(${sql.ref(`d.${rollupKeys[grouping]}`)}, 0)`;
  // A group whose records were all edited away or deleted keeps rows of zeros: it is no group.
  const groupBy = grouping === 'none' ? sql`` : sql`group by ${key} having sum(d.jobs) > 0`;
  const standard = sql`pd.standard_speed is not null`;
  const { rows } = await sql<SumRow>`select ${key} as key,
      coalesce(sum(d.jobs), 0) as jobs,
      sum(d.worked_seconds) as worked_seconds,
      sum(d.man_seconds) as man_seconds,
      sum(d.setup_seconds) as setup_seconds,
      sum(d.planned_stop_seconds) as planned_stop_seconds,
      sum(d.unplanned_stop_seconds) as unplanned_stop_seconds,
      sum(d.good) as good,
      sum(d.wound) as wound,
      sum(d.size) as size,
      sum(d.miss) as miss,
      sum(d.other) as other,
      sum(case when ${standard} then (d.good + d.wound + d.size + d.miss + d.other) * 3600.0 / pd.standard_speed else 0 end) as ideal_seconds,
      sum(case when ${standard} then d.worked_seconds - d.planned_stop_seconds - d.unplanned_stop_seconds - d.setup_seconds else 0 end)
        as standard_run_seconds,
      sum(case when ${standard} then d.jobs else 0 end) as standard_jobs,
      sum(d.machine_cost) as machine_cost,
      sum(d.labour_cost) as labour_cost,
      sum(d.rate_missing) as rate_missing
    from analytic_days d
    left join processing_details pd on pd.id = d.detail_key
    where ${rollupCondition(filter, 'd')}
    ${groupBy}`.execute(db);
  return rows;
}

/** Stop seconds and counts per reason of the finished records in range. */
export async function sumStops(db: Db, filter: AnalyticsFilter) {
  type StopRow = { interruption_id: number; seconds: number | string; count: number | string };
  if (answeredByRollup(filter, 'none')) {
    const { rows } = await sql<StopRow>`select s.interruption_id, sum(s.seconds) as seconds, sum(s.count) as count
      from analytic_day_stops s where ${rollupCondition(filter, 's')}
      group by s.interruption_id having sum(s.count) > 0`.execute(db);
    return rows;
  }
  const { rows } = await sql<StopRow>`
    select s.interruption_id, sum(s.seconds) as seconds, sum(s.count) as count
    from product_cost_stops s inner join product_costs pc on pc.id = s.product_cost_id
    where ${finishedIn(filter)} and ${filterCondition(filter)}
    group by s.interruption_id`.execute(db);
  return rows;
}

const recordColumns = sql`pc.id, pc.slip_no, pc.started_on, pc.finished_on, pc.work_date, pc.workers_name,
  pc.machine_id, pc.company_id, pc.processing_id, pc.processing_detail_id, pc.paper_size_id,
  pc.superior, pc.wound, pc.size, pc.miss, pc.other,
  pc.worked_seconds, pc.setup_seconds, pc.planned_stop_seconds, pc.unplanned_stop_seconds, pc.worker_count,
  pc.machine_cost, pc.labour_cost, pc.machine_rate_missing, pc.labour_rate_missing,
  pd.standard_speed, pd.standard_setup_minutes`;
/** Where recordColumns come from: a record and its detail, for the standards. */
const recordSource = sql`product_costs pc left join processing_details pd on pd.id = pc.processing_detail_id`;

export interface AnalyticRecordRow {
  id: number;
  slip_no: string;
  started_on: string;
  finished_on: string | null;
  work_date: string | null;
  workers_name: string | null;
  machine_id: number | null;
  company_id: number | null;
  processing_id: number | null;
  processing_detail_id: number | null;
  paper_size_id: number | null;
  superior: number | null;
  wound: number | null;
  size: number | null;
  miss: number | null;
  other: number | null;
  worked_seconds: number | null;
  setup_seconds: number | null;
  planned_stop_seconds: number | null;
  unplanned_stop_seconds: number | null;
  worker_count: number | null;
  machine_cost: number | string | null;
  labour_cost: number | string | null;
  machine_rate_missing: number | null;
  labour_rate_missing: number | null;
  standard_speed: number | null;
  standard_setup_minutes: number | null;
}

/** The records in progress that started in range. */
export async function findInProgress(db: Db, filter: AnalyticsFilter, range: Required<StartedRange>): Promise<AnalyticRecordRow[]> {
  const { rows } = await sql<AnalyticRecordRow>`select ${recordColumns}
    from ${recordSource}
    where ${inProgressIn(range)} and ${filterCondition(filter)}`.execute(db);
  return rows;
}

/** A live record by id, as findJobs gives it; undefined when there is none or it has been deleted. */
export async function findJob(db: Db, id: number): Promise<AnalyticRecordRow | undefined> {
  const { rows } = await sql<AnalyticRecordRow>`select ${recordColumns}
    from ${recordSource}
    where pc.id = ${id} and pc.deleted_at is null`.execute(db);
  return rows[0];
}

/**
 * The figures some jobs lack: OEE without a standard speed or time to divide by, 1枚あたり without good
 * sheets. OEE = availability × performance × quality = good × 3600 ÷ 標準速度 ÷ PPT, where each part
 * has something to divide by (src/domain/analytics.ts).
 */
const lackableFigures = {
  oee: sql`case when pd.standard_speed is not null and ${ppt} > 0 and ${run} > 0 and ${sheets} > 0
      then coalesce(pc.superior, 0) * 3600.0 / pd.standard_speed / ${ppt} end`,
  cost_per_good: sql`case when pc.superior > 0 then (pc.machine_cost + pc.labour_cost) * 1.0 / pc.superior end`,
};

const sortColumns: Record<Exclude<JobSortKey, keyof typeof lackableFigures | 'reason_seconds'>, RawBuilder<unknown>> = {
  work_date: sql`pc.started_on`,
  slip_no: sql`pc.slip_no`,
  worked_seconds: sql`coalesce(pc.worked_seconds, 0)`,
  man_seconds: sql`coalesce(pc.worked_seconds * pc.worker_count, 0)`,
  setup_seconds: sql`coalesce(pc.setup_seconds, 0)`,
  stop_seconds: sql`coalesce(pc.planned_stop_seconds + pc.unplanned_stop_seconds, 0)`,
  good: sql`coalesce(pc.superior, 0)`,
  defective: sql`(coalesce(pc.wound, 0) + coalesce(pc.size, 0) + coalesce(pc.miss, 0) + coalesce(pc.other, 0))`,
  machine_cost: sql`coalesce(pc.machine_cost, 0)`,
  labour_cost: sql`coalesce(pc.labour_cost, 0)`,
  cost: sql`coalesce(pc.machine_cost + pc.labour_cost, 0)`,
};

/**
 * A job without the figure stands in with a key past every real one in the direction asked (below
 * the figures when largest first, above them when smallest first), so that it comes last either way.
 * The key is a plain value rather than NULL, which SQLite and PostgreSQL place at opposite ends, and
 * which the keyset comparison of a download's next batch could not pass.
 */
function sortColumn(sort: JobSortKey, descending: boolean, filter: JobsFilter): RawBuilder<unknown> {
  // Only with a reason to narrow to, which the query's schema requires of this order.
  if (sort === 'reason_seconds') return reasonSeconds(filter);
  if (!isLackable(sort)) return sortColumns[sort];
  const pastEveryFigure = descending ? sql.lit(-1) : sql.lit(1e18);
  return sql`coalesce(${lackableFigures[sort]}, ${pastEveryFigure})`;
}

const isLackable = (sort: JobSortKey): sort is keyof typeof lackableFigures => sort in lackableFigures;

/** Where a page of jobs starts: after the row with this sort key and id (keyset paging), or at an offset. */
export type JobPosition = { after: { sortKey: string | number; id: number } } | { offset: number };

/**
 * A page of the records in range, finished or in progress, in the order asked. Records in progress
 * are placed by what they keep so far (nothing: 0). The finished ones are taken up to the page's end
 * first, by themselves, so that the newest or the most expensive are found by walking an index
 * rather than by sorting the year; the few in progress are merged in. A download goes on from the
 * last row it has (`after`), so that its thousandth batch costs what its first did.
 */
export async function findJobs(
  db: Db,
  filter: JobsFilter,
  range: Required<StartedRange>,
  page: { sort: JobSortKey; descending: boolean; limit: number } & JobPosition,
): Promise<Array<AnalyticRecordRow & { sort_key: string | number; reason_seconds: number | string | null }>> {
  const direction = page.descending ? sql`desc` : sql`asc`;
  const sortKey = sortColumn(page.sort, page.descending, filter);
  const columns = sql`${recordColumns}, ${reasonSeconds(filter)} as reason_seconds, ${sortKey} as sort_key`;
  const offset = 'offset' in page ? page.offset : 0;
  const after = (key: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
    'after' in page ? sql` and (${key}, ${id}) ${page.descending ? sql`<` : sql`>`} (${page.after.sortKey}, ${page.after.id})` : sql``;
  const reason = filter.interruption_id;
  // By a reason's time, the finished ones come from that reason's stops in order of their seconds
  // (the index product_cost_stops_reason), each job looked up until the page is full: looking up
  // every job of the range for its stop and sorting them took a second over a year of a million.
  const finished =
    page.sort === 'reason_seconds' && reason !== undefined
      ? sql`select ${recordColumns}, s.seconds as reason_seconds, s.seconds as sort_key
        from product_cost_stops s
        inner join product_costs pc on pc.id = s.product_cost_id
        left join processing_details pd on pd.id = pc.processing_detail_id
        where s.interruption_id = ${reason} and ${finishedIn(filter)} and ${recordCondition(filter)}${after(sql`s.seconds`, sql`s.product_cost_id`)}
        order by s.seconds ${direction}, s.product_cost_id ${direction}`
      : sql`select ${columns}
        from ${recordSource}
        where ${finishedIn(filter)} and ${filterCondition(filter)}${after(sortKey, sql`pc.id`)}
        order by ${sortKey} ${direction}, pc.id ${direction}`;
  const { rows } = await sql<AnalyticRecordRow & { sort_key: string | number; reason_seconds: number | string | null }>`select * from (
      select * from (${finished} limit ${offset + page.limit}) finished
      union all
      select ${columns}
      from ${recordSource}
      where ${inProgressIn(range)} and ${filterCondition(filter)}${after(sortKey, sql`pc.id`)}
    ) jobs
    order by sort_key ${direction}, id ${direction}
    limit ${page.limit} offset ${offset}`.execute(db);
  return rows;
}

/** A machine or a worker of a record, on the record's work date. */
export interface RateUse {
  kind: 'machine' | 'employee';
  owner_id: number;
  work_date: string;
}

/** The machines and workers of the finished records in range that were costed without their rate, each with its work dates. */
export async function findMissingRateUses(db: Db, filter: AnalyticsFilter): Promise<RateUse[]> {
  const { rows } = await sql<RateUse>`select 'machine' as kind, pc.machine_id as owner_id, pc.work_date
      from product_costs pc
      where ${finishedIn(filter)} and ${filterCondition(filter)} and pc.machine_rate_missing = 1 and pc.machine_id is not null
    union
    select 'employee' as kind, w.employee_id as owner_id, pc.work_date
      from product_costs pc join product_cost_workers w on w.product_cost_id = pc.id
      where ${finishedIn(filter)} and ${filterCondition(filter)} and pc.labour_rate_missing = 1`.execute(db);
  return rows.map((row) => ({ ...row, owner_id: Number(row.owner_id) }));
}

/**
 * How many records findJobs pages through: the finished and those in progress counted apart, each
 * down its own index (counted together, either the one range or the other, every record stored was
 * read). The finished come from the rollup when it answers the filters besides a stop reason, and
 * then narrowed to a reason from its jobs per day and reason, rather than every job of the range
 * looked up for its stop.
 */
export async function countJobs(db: Db, filter: JobsFilter, range: Required<StartedRange>): Promise<number> {
  const { interruption_id: reason, ...others } = filter;
  const finished = !answeredByRollup(others, 'none')
    ? sql`select count(*) as count from product_costs pc where ${finishedIn(filter)} and ${filterCondition(filter)}`
    : reason === undefined
      ? sql`select (select sum(d.jobs) from analytic_days d where ${rollupCondition(filter, 'd')}) as count`
      : sql`select (select sum(s.jobs) from analytic_day_stops s where ${rollupCondition(filter, 's')} and s.interruption_id = ${reason}) as count`;
  const { rows } = await sql<{ count: number | string | null }>`${finished}
    union all select count(*) from product_costs pc where ${inProgressIn(range)} and ${filterCondition(filter)}`.execute(db);
  return rows.reduce((total, row) => total + Number(row.count ?? 0), 0);
}

/** Every name the figures may refer to, deleted items included, so that history keeps its names. */
export async function findNames(db: Db) {
  const names = async (table: 'paper_sizes' | 'processings' | 'processing_details' | 'machines' | 'companies') =>
    new Map((await db.selectFrom(table).select(['id', 'name']).execute()).map((row) => [row.id, row.name] as const));
  const [paperSizes, processings, processingDetails, machines, companies, employees, interruptions] = await Promise.all([
    names('paper_sizes'),
    names('processings'),
    names('processing_details'),
    names('machines'),
    names('companies'),
    db.selectFrom('employees').select(['id', 'last_name', 'first_name']).execute(),
    db.selectFrom('interruptions').select(['id', 'name', 'category']).execute(),
  ]);
  return { paperSizes, processings, processingDetails, machines, companies, employees, interruptions };
}
