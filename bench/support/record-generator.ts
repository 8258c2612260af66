import { createRandom } from '../../scripts/support/random.ts';
import { workDate } from '../../src/domain/time.ts';
import type { StopTime } from '../../src/domain/analytics.ts';
import { analyticValues, costingMastersOf, type CostingMasters, type CostingRows } from '../../src/server/records/analytic-figures.ts';
import { storedTotals } from '../../src/server/records/record-totals.ts';

/** The masters the records are made of: plain data, so that another thread can be given it. */
export interface MasterPool {
  workers: number[];
  /** Each worker's name as the list shows it. */
  workerNames: Map<number, string>;
  machines: number[];
  companies: number[];
  paperSizes: number[];
  reasons: number[];
  details: Array<{ id: number; processing_id: number }>;
  /** Reasons' categories and the machines' and workers' rates, for the figures 分析 reads. */
  costing: CostingRows;
  timeZone: string;
}

/** A setup or end-of-day period, named as the product's periods are, so that its figures read it as it is. */
interface Period {
  id: number;
  product_cost_id: number;
  started_on: string;
  finished_on: string;
  by: number;
}

/** A work or setup interruption, named as the product's are. */
interface Pause {
  id: number;
  product_cost_id: number;
  broken_on: string;
  restarted_on: string;
  interruption_id: number;
  by: number;
}

export interface GeneratedRecord {
  row: {
    id: number;
    slip_no: string;
    paper_size_id: number;
    processing_id: number;
    processing_detail_id: number;
    machine_id: number;
    company_id: number;
    started_on: string;
    finished_on: string;
    superior: number;
    wound: number;
    size: number;
    miss: number;
    other: number;
    created_by: number;
    worked_seconds: number;
    breaked_seconds: number;
    setup_seconds: number;
    workers_name: string;
    work_date: string;
    planned_stop_seconds: number;
    unplanned_stop_seconds: number;
    worker_count: number;
    machine_cost: number;
    labour_cost: number;
    machine_rate_missing: number;
    labour_rate_missing: number;
  };
  workers: number[];
  /** Stop seconds by reason, as product_cost_stops keeps them. */
  stops: StopTime[];
  setups: Period[];
  setupBreaks: Array<Pause & { setup_time_id: number }>;
  breaks: Array<Pause & { interruption_other: string | null }>;
  noworks: Period[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** 08:00 in Japan is 23:00 UTC the day before. */
const WORKDAY_START_UTC = -MINUTE * 60;
const WORKDAY_LENGTH = 9 * 60 * MINUTE;

const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * toISOString for whole minutes, several times faster: the date part is made once a day, the time
 * from a table. Generating a million records calls it eight million times.
 */
function isoFormatter(): (ms: number) => string {
  const days = new Map<number, string>();
  return (ms) => {
    const dayNumber = Math.floor(ms / DAY);
    let day = days.get(dayNumber);
    if (day === undefined) days.set(dayNumber, (day = new Date(dayNumber * DAY).toISOString().slice(0, 11)));
    const minutes = Math.floor((ms - dayNumber * DAY) / MINUTE);
    return `${day}${TWO_DIGITS[Math.floor(minutes / 60)]}:${TWO_DIGITS[minutes % 60]}:00.000Z`;
  };
}

const QUARTER_HOUR = 15 * MINUTE;
/**
 * The domain's work date, remembered per quarter of an hour: every time zone's offset is a whole
 * number of quarter hours, so its dates change only between them, and the records of a year start
 * on a few hundred thousand different minutes but only about 35,000 quarters.
 */
function workDateFormatter(timeZone: string): (start: number) => string {
  const dates = new Map<number, string>();
  return (start) => {
    const quarter = Math.floor(start / QUARTER_HOUR);
    let date = dates.get(quarter);
    if (date === undefined) dates.set(quarter, (date = workDate(new Date(quarter * QUARTER_HOUR).toISOString(), timeZone)));
    return date;
  };
}

/** What the product keeps on a finished record, computed by the same functions the product uses. */
function keepTotals(record: GeneratedRecord, work_date: string, pool: MasterPool, costing: CostingMasters): void {
  const times = {
    started_on: record.row.started_on,
    finished_on: record.row.finished_on,
    break_times: record.breaks,
    setup_times: record.setups.map((setup) => ({
      started_on: setup.started_on,
      finished_on: setup.finished_on,
      setup_break_times: record.setupBreaks.filter((pause) => pause.setup_time_id === setup.id),
    })),
    nowork_times: record.noworks,
  };
  const finished = new Date(record.row.finished_on);
  const analytic = analyticValues(
    { times, machine_id: record.row.machine_id, workers: record.workers.map((employee_id) => ({ employee_id })), work_date },
    costing,
    finished,
  );
  record.stops = analytic.stops;
  Object.assign(record.row, storedTotals(analytic.durations), analytic.kept, {
    work_date,
    workers_name: record.workers.map((id) => pool.workerNames.get(id)).join('、'),
  });
}

/**
 * Finished work records spread evenly over the last `years` years, each with its workers, a
 * setup (now and then interrupted), interruptions and, for some, an overnight stop.
 */
export function* generateRecords(options: {
  total: number;
  years: number;
  firstId: { record: number; period: number };
  pool: MasterPool;
  seed: number;
  batchSize: number;
}): Generator<GeneratedRecord[]> {
  const { between, pick, next } = createRandom(options.seed);
  const { pool } = options;
  const days = Math.max(1, Math.round(options.years * 365));
  const perDay = Math.max(1, Math.ceil(options.total / days));
  const today = Math.floor(Date.now() / DAY) * DAY;
  let periodId = options.firstId.period;
  const iso = isoFormatter();
  const workDateOf = workDateFormatter(pool.timeZone);
  const costing = costingMastersOf(pool.costing);
  let batch: GeneratedRecord[] = [];

  for (let index = 0; index < options.total; index++) {
    const id = options.firstId.record + index;
    const day = today - (days - Math.floor(index / perDay)) * DAY;
    const start = day + WORKDAY_START_UTC + Math.floor(((index % perDay) / perDay) * (WORKDAY_LENGTH / MINUTE)) * MINUTE;
    const worked = between(30, 240) * MINUTE;
    const overnight = next() < 0.1;
    const by = pick(pool.workers);
    const setupEnd = start + between(10, 30) * MINUTE;
    const record: GeneratedRecord = {
      row: {
        id,
        slip_no: String(between(100000, 999999)),
        paper_size_id: pick(pool.paperSizes),
        processing_id: 0,
        processing_detail_id: 0,
        machine_id: pick(pool.machines),
        company_id: pick(pool.companies),
        started_on: iso(start),
        finished_on: '',
        superior: between(5, 60) * 100,
        wound: 0,
        size: 0,
        miss: 0,
        other: 0,
        created_by: by,
        worked_seconds: 0,
        breaked_seconds: 0,
        setup_seconds: 0,
        workers_name: '',
        work_date: '',
        planned_stop_seconds: 0,
        unplanned_stop_seconds: 0,
        worker_count: 0,
        machine_cost: 0,
        labour_cost: 0,
        machine_rate_missing: 0,
        labour_rate_missing: 0,
      },
      stops: [],
      workers: next() < 0.3 ? [...new Set([by, pick(pool.workers)])] : [by],
      setups: [{ id: periodId++, product_cost_id: id, started_on: iso(start), finished_on: iso(setupEnd), by }],
      setupBreaks: [],
      breaks: [],
      noworks: [],
    };
    const detail = pick(pool.details);
    record.row.processing_id = detail.processing_id;
    record.row.processing_detail_id = detail.id;
    if (next() < 0.35) {
      record.row.wound = between(0, 10);
      record.row.size = between(0, 5);
      record.row.miss = between(0, 5);
      record.row.other = between(0, 3);
    }
    if (next() < 0.3) {
      const broken = start + 2 * MINUTE;
      record.setupBreaks.push({
        id: periodId++,
        product_cost_id: id,
        setup_time_id: record.setups[0]!.id,
        broken_on: iso(broken),
        restarted_on: iso(broken + 5 * MINUTE),
        by,
        interruption_id: pick(pool.reasons),
      });
    }
    if (overnight) {
      const stop = day + WORKDAY_START_UTC + WORKDAY_LENGTH + 30 * MINUTE;
      const resume = stop + 15 * 60 * MINUTE;
      record.noworks.push({ id: periodId++, product_cost_id: id, started_on: iso(Math.max(stop, setupEnd)), finished_on: iso(resume), by });
      record.row.finished_on = iso(resume + worked);
    } else {
      for (let count = between(0, 2), at = setupEnd; count > 0; count--) {
        at += between(5, 40) * MINUTE;
        const reason = pick(pool.reasons);
        const length = between(3, 20) * MINUTE;
        record.breaks.push({
          id: periodId++,
          product_cost_id: id,
          broken_on: iso(at),
          restarted_on: iso(at + length),
          by,
          interruption_id: reason,
          interruption_other: reason === 5 ? '材料の搬入待ち' : null,
        });
        at += length;
      }
      const lastBreakEnd = record.breaks.at(-1)?.restarted_on;
      record.row.finished_on = iso(Math.max(start + worked, lastBreakEnd ? Date.parse(lastBreakEnd) : 0, setupEnd));
    }
    keepTotals(record, workDateOf(start), pool, costing);
    batch.push(record);
    if (batch.length === options.batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
