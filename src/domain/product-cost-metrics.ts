import { utcMs } from './utc-ms.ts';
import { WorkState } from './work-state.ts';

/**
 * The derived values of a work record (docs/PRODUCT.md#figures). One function for each, used by the
 * screens, the list, the CSV and the tests alike.
 */

export interface Counts {
  superior?: number | string | null;
  wound?: number | string | null;
  size?: number | string | null;
  miss?: number | string | null;
  other?: number | string | null;
}

/** An empty or unreadable count counts as 0 (docs/PRODUCT.md#defects). */
export function countValue(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value.trim() || 0) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

export function roundToOneDecimal(value: number): number {
  return Math.round((value + Number.EPSILON) * 10) / 10;
}

export function totalDefective(counts: Counts): number {
  return countValue(counts.wound) + countValue(counts.size) + countValue(counts.miss) + countValue(counts.other);
}

/** Total defective ÷ good count × 100, one decimal; 0 when the good count is empty or 0. */
export function defectiveRate(counts: Counts): number {
  const good = countValue(counts.superior);
  return good === 0 ? 0 : roundToOneDecimal((totalDefective(counts) / good) * 100);
}

export interface RecordTimes {
  started_on: string;
  finished_on: string | null;
  break_times: ReadonlyArray<{ broken_on: string; restarted_on: string | null }>;
  setup_times: ReadonlyArray<{
    started_on: string;
    finished_on: string | null;
    setup_break_times: ReadonlyArray<{ broken_on: string; restarted_on: string | null }>;
  }>;
  nowork_times: ReadonlyArray<{ started_on: string; finished_on: string | null }>;
}

export interface Durations {
  /** Milliseconds from start to finish (or now), end-of-day time excluded. */
  worked: number;
  /** Interruptions plus setup interruptions. */
  interruption: number;
  /** Setups less their interruptions. */
  setup: number;
  /** (worked − interruption) ÷ worked × 100, one decimal; 0 when nothing was worked. */
  workingRate: number;
}

/**
 * Every duration excludes the time covered by end-of-day periods; an open period ends `now`
 * (for a record in progress) or at the record's finish.
 */
export function recordDurations(record: RecordTimes, now: Date): Durations {
  const length = spanLength(record, now);
  const worked = length(record.started_on, record.finished_on);
  let breaks = 0;
  for (const pause of record.break_times) breaks += length(pause.broken_on, pause.restarted_on);
  let setup = 0;
  let setupBreaks = 0;
  for (const period of record.setup_times) {
    setup += length(period.started_on, period.finished_on);
    for (const pause of period.setup_break_times) setupBreaks += length(pause.broken_on, pause.restarted_on);
  }
  const interruption = breaks + setupBreaks;
  return {
    worked,
    interruption,
    setup: Math.max(0, setup - setupBreaks),
    workingRate: workingRate(worked, interruption),
  };
}

/**
 * Whether a record's worked time grows while it is in this state: it runs from the start to the finish
 * with only end-of-day time excluded (recordDurations), so setups and interruptions count too.
 */
export function workedTimeRuns(state: WorkState): boolean {
  return state !== WorkState.EndOfDay && state !== WorkState.Finished;
}

/** When each kind of period open on a record began (null: none open), in any one measure of time. */
export interface OpenSince<T> {
  nowork: T | null;
  workBreak: T | null;
  setupBreak: T | null;
  setup: T | null;
}

/**
 * When the record's current state began, if an open period holds it (docs/PRODUCT.md#floor-board,
 * この状態): 終業 over an interruption, an interruption over a setup's, a setup's interruption over the
 * setup, as deriveState ranks them; null in 作業中, which began when a period last closed.
 */
export function heldSince<T>(open: OpenSince<T>): T | null {
  return open.nowork ?? open.workBreak ?? open.setupBreak ?? open.setup;
}

/**
 * How a record measures one of its periods, from its start to its end, in milliseconds: end-of-day
 * time excluded, an open period ending now (for a record in progress) or at the record's finish.
 * Loops rather than arrays of spans: the list, the CSV and the data generator measure every period
 * of hundreds of thousands of records.
 */
export function spanLength(
  record: Pick<RecordTimes, 'finished_on' | 'nowork_times'>,
  now: Date,
): (start: string, end: string | null) => number {
  const recordEnd = record.finished_on ? utcMs(record.finished_on) : now.getTime();
  const nowork: Array<readonly [number, number]> = [];
  for (const period of record.nowork_times)
    nowork.push([utcMs(period.started_on), period.finished_on ? utcMs(period.finished_on) : recordEnd]);
  return (start, end) => lengthOutside(utcMs(start), end ? utcMs(end) : recordEnd, nowork);
}

/** 稼働率 in the words of the list and the record editor, whose 集計 shows it beside 中断時間. */
export const WORKING_RATE_FORMULA = '（作業時間 − 中断時間）÷ 作業時間';

export function workingRate(worked: number, interruption: number): number {
  return worked <= 0 ? 0 : roundToOneDecimal(((worked - interruption) / worked) * 100);
}

/** The length of [start, end) less its overlap with the excluded periods (which do not overlap each other). */
function lengthOutside(start: number, end: number, excluded: ReadonlyArray<readonly [number, number]>): number {
  if (!(end > start)) return 0;
  let length = end - start;
  for (const [from, to] of excluded) length -= Math.max(0, Math.min(end, to) - Math.max(start, from));
  return Math.max(0, length);
}

const two = (value: number) => String(value).padStart(2, '0');

/** H:MM, hours past 24 as they are (docs/PRODUCT.md#display-formats). Seconds are dropped, not rounded. */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60_000);
  return `${Math.floor(minutes / 60)}:${two(minutes % 60)}`;
}

/** H:MM:SS, hours past 24 as they are: a duration to the second. Parts of a second are dropped. */
export function formatDurationToSecond(milliseconds: number): string {
  const seconds = Math.floor(Math.max(0, milliseconds) / 1000);
  return `${formatDuration(seconds * 1000)}:${two(seconds % 60)}`;
}

/**
 * H:MM as the screens show durations, but H:MM:SS for less than a minute of something: a short job
 * must not read 0:00 beside a working rate worked out from its seconds.
 */
export function formatShownDuration(milliseconds: number): string {
  return milliseconds >= 1000 && milliseconds < 60_000 ? formatDurationToSecond(milliseconds) : formatDuration(milliseconds);
}

/** Hours with two decimals, for a spreadsheet to add up. */
export function decimalHours(milliseconds: number): number {
  return Math.round(Math.max(0, milliseconds) / 36_000) / 100;
}

/**
 * A count of sheets with its thousands grouped, as Japanese workshops write them: `12,000`. A whole
 * number is grouped here, as `toLocaleString('ja-JP')` groups it (-0 shows as 0, a count's way):
 * the browser's first number format for a locale loads that locale's data, which on the work
 * screen's first drawing (不良数合計) took about 40 ms of a tablet's CPU. Fractions and numbers past
 * the safe integers are left to the locale's format.
 */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? String(count).replace(/\B(?=(\d{3})+$)/g, ',') : count.toLocaleString('ja-JP');
}

export function formatRate(rate: number): string {
  return `${rate.toFixed(1)}%`;
}
