/**
 * The figures of 分析 (docs/PRODUCT.md#analytics): stop time by category, planned production time,
 * OEE and its parts, man-hours and cost. Each is defined here once and used by the server (for a
 * record in progress and for the figures a finished record keeps), the screen and the exports.
 */
import { roundToOneDecimal, spanLength, type RecordTimes } from './product-cost-metrics.ts';

export const stopCategories = ['planned', 'unplanned'] as const;
export type StopCategory = (typeof stopCategories)[number];
/** 区分 as the screens show it. */
export const stopCategoryNames: Record<StopCategory, string> = { planned: '計画停止', unplanned: '非計画停止' };

type Pause = { broken_on: string; restarted_on: string | null; interruption_id: number };

/** A record's periods with the reason of every interruption. */
export interface AnalyticTimes extends RecordTimes {
  break_times: readonly Pause[];
  setup_times: ReadonlyArray<{ started_on: string; finished_on: string | null; setup_break_times: readonly Pause[] }>;
}

/** Stop time of one reason on one record: seconds (parts dropped) and how many interruptions. */
export interface StopTime {
  interruption_id: number;
  seconds: number;
  count: number;
}

/** Work and setup interruptions together, by reason, end-of-day time excluded. */
export function stopTimes(times: AnalyticTimes, now: Date): StopTime[] {
  const length = spanLength(times, now);
  const byReason = new Map<number, { milliseconds: number; count: number }>();
  const add = (pause: Pause) => {
    const stop = byReason.get(pause.interruption_id);
    const milliseconds = length(pause.broken_on, pause.restarted_on);
    if (stop) {
      stop.milliseconds += milliseconds;
      stop.count += 1;
    } else byReason.set(pause.interruption_id, { milliseconds, count: 1 });
  };
  for (const pause of times.break_times) add(pause);
  for (const setup of times.setup_times) for (const pause of setup.setup_break_times) add(pause);
  return [...byReason].map(([interruption_id, stop]) => ({
    interruption_id,
    seconds: Math.floor(stop.milliseconds / 1000),
    count: stop.count,
  }));
}

/** Planned and unplanned stop seconds of a record, each reason classed by its category. */
export function stopSeconds(stops: readonly StopTime[], categoryOf: (interruptionId: number) => StopCategory) {
  let planned = 0;
  let unplanned = 0;
  for (const stop of stops) {
    if (categoryOf(stop.interruption_id) === 'planned') planned += stop.seconds;
    else unplanned += stop.seconds;
  }
  return { planned, unplanned };
}

/** The seconds of a record from which everything else follows. */
export interface RecordSeconds {
  /** W: start to finish (or now), end-of-day time excluded. */
  worked: number;
  /** Setups less their interruptions. */
  setup: number;
  planned_stop: number;
  unplanned_stop: number;
}

/** PPT = W − planned stop. */
export function plannedProductionSeconds(seconds: RecordSeconds): number {
  return seconds.worked - seconds.planned_stop;
}

/** run = PPT − unplanned stop − setup. */
export function runSeconds(seconds: RecordSeconds): number {
  return plannedProductionSeconds(seconds) - seconds.unplanned_stop - seconds.setup;
}

/** ideal = sheets × 3600 ÷ standard speed, seconds; null without a standard speed. */
export function idealSeconds(good: number, defective: number, standardSpeed: number | null): number | null {
  return standardSpeed ? ((good + defective) * 3600) / standardSpeed : null;
}

/** Yen for seconds at a rate an hour, whole yen, half up. */
export function yenFor(seconds: number, yenPerHour: number): number {
  return Math.floor((seconds * yenPerHour + 1800) / 3600);
}

export interface RecordCost {
  machine_cost: number;
  labour_cost: number;
  /** A rate the record needed was not set for its work date (counted as 0 yen). */
  machine_rate_missing: boolean;
  labour_rate_missing: boolean;
}

/**
 * Machine cost = PPT hours × the machine's rate; labour cost = Σ over the workers of PPT hours ×
 * that worker's rate; each rounded to whole yen half up once, per record. A record without a
 * machine has no machine cost, and misses no rate for it.
 */
export function recordCost(
  pptSeconds: number,
  machineRate: number | null | undefined,
  workerRates: ReadonlyArray<number | null>,
): RecordCost {
  const labourRate = workerRates.reduce<number>((total, rate) => total + (rate ?? 0), 0);
  return {
    machine_cost: yenFor(pptSeconds, machineRate ?? 0),
    labour_cost: yenFor(pptSeconds, labourRate),
    machine_rate_missing: machineRate === null,
    labour_rate_missing: workerRates.some((rate) => rate === null),
  };
}

/** What aggregates add up, record by record; every ratio is worked out from these sums last. */
export interface AnalyticTotals {
  jobs: number;
  finished_jobs: number;
  worked_seconds: number;
  man_seconds: number;
  setup_seconds: number;
  planned_stop_seconds: number;
  unplanned_stop_seconds: number;
  good: number;
  defective: number;
  wound: number;
  size: number;
  miss: number;
  other: number;
  /** Ideal seconds and run seconds of the records whose detail has a standard speed. */
  ideal_seconds: number;
  standard_run_seconds: number;
  standard_jobs: number;
  machine_cost: number;
  labour_cost: number;
  rate_missing: number;
}

export const emptyTotals: AnalyticTotals = {
  jobs: 0,
  finished_jobs: 0,
  worked_seconds: 0,
  man_seconds: 0,
  setup_seconds: 0,
  planned_stop_seconds: 0,
  unplanned_stop_seconds: 0,
  good: 0,
  defective: 0,
  wound: 0,
  size: 0,
  miss: 0,
  other: 0,
  ideal_seconds: 0,
  standard_run_seconds: 0,
  standard_jobs: 0,
  machine_cost: 0,
  labour_cost: 0,
  rate_missing: 0,
};

export function addTotals(a: AnalyticTotals, b: AnalyticTotals): AnalyticTotals {
  const sum = { ...a };
  for (const key of Object.keys(b) as Array<keyof AnalyticTotals>) sum[key] += b[key];
  return sum;
}

/** A ratio as a percentage with one decimal (like working_rate); null when there is nothing to divide by. */
function percent(numerator: number, denominator: number): number | null {
  return denominator > 0 ? roundToOneDecimal((numerator / denominator) * 100) : null;
}

/** The ratios of OEE as fractions, before rounding: OEE multiplies these, not the rounded percentages. */
function oeeParts(totals: AnalyticTotals) {
  const ppt = totals.worked_seconds - totals.planned_stop_seconds;
  const run = ppt - totals.unplanned_stop_seconds - totals.setup_seconds;
  const sheets = totals.good + totals.defective;
  return {
    run,
    availability: ppt > 0 ? run / ppt : null,
    quality: sheets > 0 ? totals.good / sheets : null,
    performance: totals.standard_jobs > 0 && totals.standard_run_seconds > 0 ? totals.ideal_seconds / totals.standard_run_seconds : null,
  };
}

const asPercent = (fraction: number | null) => (fraction === null ? null : roundToOneDecimal(fraction * 100));

/** Cost ÷ good with two decimals; null without a good sheet. */
export function costPerGood(cost: number, good: number): number | null {
  return good > 0 ? Math.round((cost / good) * 100 + Number.EPSILON) / 100 : null;
}

/** The figures of a set of records (or of one) from their sums: ratios of sums, never averages of ratios. */
export function analyticFigures(totals: AnalyticTotals) {
  const parts = oeeParts(totals);
  const oee =
    parts.availability === null || parts.performance === null || parts.quality === null
      ? null
      : parts.availability * parts.performance * parts.quality;
  const cost = totals.machine_cost + totals.labour_cost;
  return {
    run_seconds: parts.run,
    /** Defective ÷ good, like the list's 不良率 (docs/PRODUCT.md#defects); 0 without a good sheet. */
    defective_rate: percent(totals.defective, totals.good) ?? 0,
    /** (worked − every interruption) ÷ worked, the list's 稼働率; 0 when nothing was worked. */
    working_rate: percent(totals.worked_seconds - totals.planned_stop_seconds - totals.unplanned_stop_seconds, totals.worked_seconds) ?? 0,
    availability: asPercent(parts.availability),
    performance: asPercent(parts.performance),
    quality: asPercent(parts.quality),
    oee: asPercent(oee),
    cost,
    cost_per_good: costPerGood(cost, totals.good),
  };
}

/**
 * How each ratio of `analyticFigures` is worked out, in the screens' own names, shown under the ratio
 * where a manager reads it: 稼働率 (the list's) and 時間稼働率 (OEE's) side by side look alike until
 * their definitions are read.
 */
export const ratioFormulas = {
  defective_rate: '不良数 ÷ 良品数',
  // 分析's cards name the interruptions 停止時間, planned and unplanned together.
  working_rate: '（作業時間 − 停止時間）÷ 作業時間',
  availability: '正味稼働時間 ÷（作業時間 − 計画停止時間）',
  performance: '標準速度での所要時間 ÷ 正味稼働時間',
  quality: '良品数 ÷（良品数 + 不良数）',
  oee: '時間稼働率 × 性能稼働率 × 良品率',
} as const satisfies Partial<Record<keyof ReturnType<typeof analyticFigures>, string>>;

/** Weeks start on Monday: the Monday of a work date's week. */
export function weekOf(workDate: string): string {
  const date = new Date(`${workDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * What a week is called: its days within the range, first〜last (2026/10/05〜10/11), so that a week
 * the range cuts says which of its days it holds (2026/10/01〜10/04) rather than reading as the whole
 * week from its Monday; the last day keeps its year only when it is another year's, and a week of one
 * day in range is that day.
 */
export function weekName(monday: string, range: { from: string; to: string }): string {
  const sunday = new Date(`${monday}T00:00:00Z`);
  sunday.setUTCDate(sunday.getUTCDate() + 6);
  const first = monday < range.from ? range.from : monday;
  const last = [sunday.toISOString().slice(0, 10), range.to].sort()[0]!;
  const shown = (date: string) => date.replaceAll('-', '/');
  if (first === last) return shown(first);
  return `${shown(first)}〜${shown(last.slice(0, 4) === first.slice(0, 4) ? last.slice(5) : last)}`;
}

export function monthOf(workDate: string): string {
  return workDate.slice(0, 7);
}

/** What one record adds to an aggregate: its kept (or, in progress, live) seconds, counts and yen. */
export interface RecordFigures {
  finished: boolean;
  seconds: RecordSeconds;
  worker_count: number;
  counts: { superior: number | null; wound: number | null; size: number | null; miss: number | null; other: number | null };
  standard_speed: number | null;
  machine_cost: number;
  labour_cost: number;
  rate_missing: boolean;
}

export function totalsOfRecord(record: RecordFigures): AnalyticTotals {
  const count = (value: number | null) => value ?? 0;
  const { superior, wound, size, miss, other } = record.counts;
  const defective = count(wound) + count(size) + count(miss) + count(other);
  const ideal = idealSeconds(count(superior), defective, record.standard_speed);
  return {
    jobs: 1,
    finished_jobs: record.finished ? 1 : 0,
    worked_seconds: record.seconds.worked,
    man_seconds: record.seconds.worked * record.worker_count,
    setup_seconds: record.seconds.setup,
    planned_stop_seconds: record.seconds.planned_stop,
    unplanned_stop_seconds: record.seconds.unplanned_stop,
    good: count(superior),
    defective,
    wound: count(wound),
    size: count(size),
    miss: count(miss),
    other: count(other),
    ideal_seconds: ideal ?? 0,
    standard_run_seconds: ideal === null ? 0 : runSeconds(record.seconds),
    standard_jobs: ideal === null ? 0 : 1,
    machine_cost: record.machine_cost,
    labour_cost: record.labour_cost,
    rate_missing: record.rate_missing ? 1 : 0,
  };
}
