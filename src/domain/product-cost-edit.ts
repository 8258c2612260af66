import { z } from 'zod';
import { callEndingActions } from './calls.ts';
import { EDIT_TIME_EXAMPLE, parseEditTime } from './edit-time.ts';
import { MAX_WORKERS } from './field-limits.ts';
import { countSchema, freeText, idSchema, optionalChoice, rowIdSchema, slipNoSchema, workshopTimeSchema } from './fields.ts';
import {
  INTERRUPTION_OTHER_MAX_LENGTH,
  PROCESS2_MAX_LENGTH,
  countLabels,
  recordFieldsSchema,
  workMessages,
  workStateSchema,
} from './product-cost.ts';
import { outboxPressSchema, recordChangeSchema } from './record-changes.ts';
import { selectorItemSchema } from './responses.ts';

/**
 * The edit screen's messages (docs/PRODUCT.md#record-editor): the required fields' first (exact),
 * then the checks only the server can make.
 */
export const editMessages = {
  startRequired: '作業開始時間を入力してください。',
  breakStartRequired: '中断開始を入力してください。',
  breakReasonRequired: '中断内容を入力してください。',
  setupStartRequired: '段取り開始時間を入力してください',
  setupBreakStartRequired: '段取り中断開始を入力してください',
  setupBreakReasonRequired: '段取り中断内容を入力してください',
  noworkStartRequired: '終業時間を入力してください。',
  badTime: (label: string) => `${label}は「${EDIT_TIME_EXAMPLE}」の形式で入力してください。`,
  /** Under a time field left with text that is no time; its label is above it. */
  unreadableTime: `「${EDIT_TIME_EXAMPLE}」の形式で入力してください。`,
  inFuture: (label: string) => `${label}に未来の時刻は入力できません。`,
  endBeforeStart: (label: string) => `${label}の終了は開始以降の時刻にしてください。`,
  outsideRecord: (label: string) => `${label}は作業開始時間から作業終了時間までの間にしてください。`,
  outsideSetup: '段取り中断は、その段取りの開始から終了までの間にしてください。',
  breakInSetup: '中断が段取りと重なっています。段取り中の中断は、段取り中断として入力してください。',
  overlap: (label: string) => `${label}の時間が重なっています。`,
  openAfterFinish: (label: string) => `作業終了時間を入力する場合は、${label}の終了も入力してください。`,
  noworkEndBeforeStart: '始業時間は終業時間以降の時刻にしてください。',
  noworkOpenAfterFinish: '作業終了時間を入力する場合は、終業の始業時間も入力してください。',
  tooManyRows: '行が多すぎます。',
  conflict: '他のユーザーが更新しました。画面を読み込み直してください。',
  confirmDelete: '削除します。よろしいですか？',
  confirmSetupDelete: (setupName: string, breaks: number) => `${setupName} の段取り中断（${breaks}件）も削除されます。よろしいですか？`,
} as const;

const MAX_ROWS = 200;

/**
 * How far past the clock that checks it a typed time may lie: the office PC that checks before the call
 * and the server processes that check again keep time apart by a few minutes at most, and a finish typed
 * to the minute just after it happened must not be refused. A wrong year lies far beyond.
 */
export const FUTURE_TIME_TOLERANCE_MS = 5 * 60 * 1000;

const text = z.string().max(40).nullish();
const reasonId = z.union([z.number(), z.string().max(12)]).nullish();
const breakRow = z.object({
  id: rowIdSchema,
  broken_on: text,
  restarted_on: text,
  interruption_id: reasonId,
  interruption_other: freeText(INTERRUPTION_OTHER_MAX_LENGTH, workMessages.interruptionOtherTooLong),
});
/** The record as PUT /api/productcost/{id} carries it (docs/API.md#edit-administrators), times as the screen typed them. */
export const recordEditSchema = z.object({
  version: z.number().int().min(1),
  slip_no: slipNoSchema,
  employees: z
    .array(z.union([idSchema, z.object({ id: idSchema }).transform((e) => e.id)]), {
      error: workMessages.workersRequired,
    })
    .min(1, workMessages.workersRequired)
    .max(MAX_WORKERS),
  paper_size_id: optionalChoice(workMessages.unknownPaperSize),
  processing_id: optionalChoice(workMessages.unknownProcessing),
  processing_detail_id: optionalChoice(workMessages.unknownProcessing),
  machine_id: optionalChoice(workMessages.unknownMachine),
  company_id: optionalChoice(workMessages.unknownCompany),
  started_on: text,
  finished_on: text,
  break_times: z.array(breakRow).max(MAX_ROWS, editMessages.tooManyRows).default([]),
  setup_times: z
    .array(
      z.object({
        id: rowIdSchema,
        started_on: text,
        finished_on: text,
        setup_break_times: z.array(breakRow).max(MAX_ROWS, editMessages.tooManyRows).default([]),
      }),
    )
    .max(MAX_ROWS, editMessages.tooManyRows)
    .default([]),
  nowork_times: z
    .array(z.object({ id: rowIdSchema, started_on: text, finished_on: text }))
    .max(MAX_ROWS, editMessages.tooManyRows)
    .default([]),
  superior: countSchema(countLabels.superior),
  wound: countSchema(countLabels.wound),
  size: countSchema(countLabels.size),
  miss: countSchema(countLabels.miss),
  other: countSchema(countLabels.other),
  process2: freeText(PROCESS2_MAX_LENGTH, workMessages.process2TooLong),
});
export type RecordEditInput = z.input<typeof recordEditSchema>;
export type RecordEdit = z.output<typeof recordEditSchema>;

export const recordEditPayloadSchema = z.object({ productcost: recordEditSchema });

interface Interval {
  start: string;
  end: string | null;
}
export interface ValidBreak extends Interval {
  interruption_id: number;
  interruption_other: string | null;
  id: number | null;
}
export interface ValidRecordTimes {
  started_on: string;
  finished_on: string | null;
  break_times: ValidBreak[];
  setup_times: Array<Interval & { id: number | null; setup_break_times: ValidBreak[] }>;
  nowork_times: Array<Interval & { id: number | null }>;
}

/** A row of the record's lists: a setup interruption is the `index`th of its `setup`'s. */
export type EditRow =
  { list: 'break_times' | 'setup_times' | 'nowork_times'; index: number } | { list: 'setup_break_times'; setup: number; index: number };
/** Where a refused correction's problem is: a field of the record (no `row`) or of one of its rows. */
export interface EditPlace {
  row?: EditRow;
  field: 'started_on' | 'finished_on' | 'broken_on' | 'restarted_on' | 'interruption_id';
}
export type EditProblem = { ok: false; message: string; place: EditPlace };

type Outcome = { ok: true; times: ValidRecordTimes } | EditProblem;

const problemAt = (message: string, field: EditPlace['field'], row?: EditRow): EditProblem => ({
  ok: false,
  message,
  place: row ? { row, field } : { field },
});

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * The edit screen's rules, in the order of docs/PRODUCT.md#record-editor (then each 終業 needs its
 * time), then what only whole times can tell: formats, no time in the future (later than `now` with
 * FUTURE_TIME_TOLERANCE_MS: the server's clock on the server, the browser's before the call), no end
 * before its start (a period pressed open and shut within one second is as long as nothing), periods
 * inside the record, setup interruptions inside their setup, no overlaps, no open period where it
 * cannot be, and no interruption during a setup. The first failure's message is the answer.
 */
export function validateRecordTimes(
  record: Pick<RecordEditInput, 'started_on' | 'finished_on' | 'break_times' | 'setup_times' | 'nowork_times'>,
  timeZone: string,
  now: Date = new Date(),
): Outcome {
  const breaks = record.break_times ?? [];
  const setups = record.setup_times ?? [];
  const noworks = record.nowork_times ?? [];
  const setupBreaks = setups.flatMap((setup, setupIndex) =>
    (setup.setup_break_times ?? []).map((row, index) => ({ row, at: { list: 'setup_break_times', setup: setupIndex, index } as const })),
  );
  /** The first row whose field is blank, as the problem `message`; undefined when none is. */
  const firstBlank = <T>(
    rows: ReadonlyArray<{ row: T; at: EditRow }>,
    field: EditPlace['field'],
    value: (row: T) => unknown,
    message: string,
  ) => {
    const blank = rows.find(({ row }) => isBlank(value(row)));
    return blank && problemAt(message, field, blank.at);
  };
  const listed = <T>(rows: readonly T[], list: 'break_times' | 'setup_times' | 'nowork_times') =>
    rows.map((row, index) => ({ row, at: { list, index } as const }));
  const breakRows = listed(breaks, 'break_times');
  const missing =
    (isBlank(record.started_on) ? problemAt(editMessages.startRequired, 'started_on') : undefined) ??
    firstBlank(breakRows, 'broken_on', (b) => b.broken_on, editMessages.breakStartRequired) ??
    firstBlank(breakRows, 'interruption_id', (b) => b.interruption_id, editMessages.breakReasonRequired) ??
    firstBlank(listed(setups, 'setup_times'), 'started_on', (s) => s.started_on, editMessages.setupStartRequired) ??
    firstBlank(setupBreaks, 'broken_on', (b) => b.broken_on, editMessages.setupBreakStartRequired) ??
    firstBlank(setupBreaks, 'interruption_id', (b) => b.interruption_id, editMessages.setupBreakReasonRequired) ??
    firstBlank(listed(noworks, 'nowork_times'), 'started_on', (n) => n.started_on, editMessages.noworkStartRequired);
  if (missing) return missing;

  const problems: EditProblem[] = [];
  const typed: Array<{ at: string; label: string; field: EditPlace['field']; row?: EditRow }> = [];
  const time = (value: string | null | undefined, label: string, field: EditPlace['field'], row?: EditRow): string | null => {
    if (isBlank(value)) return null;
    const parsed = parseEditTime(String(value), timeZone);
    if (parsed === undefined) problems.push(problemAt(editMessages.badTime(label), field, row));
    else typed.push({ at: parsed, label, field, row });
    return parsed ?? null;
  };
  const started_on = time(record.started_on, '作業開始時間', 'started_on')!;
  const finished_on = time(record.finished_on, '作業終了時間', 'finished_on');
  const toBreak = (row: (typeof breaks)[number], label: string, at: EditRow): PlacedBreak => ({
    id: row.id ?? null,
    start: time(row.broken_on, `${label}開始`, 'broken_on', at)!,
    end: time(row.restarted_on, `${label}終了`, 'restarted_on', at),
    interruption_id: Number(row.interruption_id),
    interruption_other: row.interruption_other?.trim() || null,
    at,
  });
  const placed = {
    started_on,
    finished_on,
    break_times: breaks.map((row, index) => toBreak(row, '中断', { list: 'break_times', index })),
    setup_times: setups.map((setup, setupIndex) => {
      const at: EditRow = { list: 'setup_times', index: setupIndex };
      return {
        id: setup.id ?? null,
        start: time(setup.started_on, '段取り開始', 'started_on', at)!,
        end: time(setup.finished_on, '段取り終了', 'finished_on', at),
        at,
        setup_break_times: (setup.setup_break_times ?? []).map((row, index) =>
          toBreak(row, '段取り中断', { list: 'setup_break_times', setup: setupIndex, index }),
        ),
      };
    }),
    nowork_times: noworks.map((nowork, index) => {
      const at: EditRow = { list: 'nowork_times', index };
      return {
        id: nowork.id ?? null,
        start: time(nowork.started_on, '終業時間', 'started_on', at)!,
        end: time(nowork.finished_on, '始業時間', 'finished_on', at),
        at,
      };
    }),
  };
  if (problems.length) return problems[0]!;
  const reasonless = [...placed.break_times, ...placed.setup_times.flatMap((s) => s.setup_break_times)].find(
    (b) => !Number.isInteger(b.interruption_id) || b.interruption_id < 1,
  );
  if (reasonless) return problemAt(editMessages.breakReasonRequired, 'interruption_id', reasonless.at);
  // A wrong year or day would count months of work into the totals, the CSV and 分析's costs.
  const latest = new Date(now.getTime() + FUTURE_TIME_TOLERANCE_MS).toISOString();
  const future = typed.find(({ at }) => at > latest);
  if (future) return problemAt(editMessages.inFuture(future.label), future.field, future.row);

  return orderProblem(placed) ?? { ok: true, times: withoutPlaces(placed) };
}

/** A period with the row it came from, for the problem's place. */
type Placed<T extends Interval> = T & { at: EditRow };
type PlacedBreak = Placed<ValidBreak>;
interface PlacedTimes {
  started_on: string;
  finished_on: string | null;
  break_times: PlacedBreak[];
  setup_times: Array<Placed<Interval & { id: number | null; setup_break_times: PlacedBreak[] }>>;
  nowork_times: Array<Placed<Interval & { id: number | null }>>;
}

function withoutPlaces(times: PlacedTimes): ValidRecordTimes {
  const drop = <T extends { at: EditRow }>({ at: _at, ...rest }: T): Omit<T, 'at'> => rest;
  return {
    started_on: times.started_on,
    finished_on: times.finished_on,
    break_times: times.break_times.map(drop),
    setup_times: times.setup_times.map((setup) => ({ ...drop(setup), setup_break_times: setup.setup_break_times.map(drop) })),
    nowork_times: times.nowork_times.map(drop),
  };
}

/** What each kind of period is called in the messages, and its fields; an end-of-day stop ends with 始業, not with an end. */
interface PeriodGroup {
  intervals: Array<Placed<Interval>>;
  startField: EditPlace['field'];
  endField: EditPlace['field'];
  endBeforeStart: string;
  outsideRecord: string;
  overlap: string;
  openAfterFinish: string;
}

const periodGroup = (label: string, intervals: Array<Placed<Interval>>, fields: 'break' | 'span'): PeriodGroup => ({
  intervals,
  startField: fields === 'break' ? 'broken_on' : 'started_on',
  endField: fields === 'break' ? 'restarted_on' : 'finished_on',
  endBeforeStart: editMessages.endBeforeStart(label),
  outsideRecord: editMessages.outsideRecord(label),
  overlap: editMessages.overlap(label),
  openAfterFinish: editMessages.openAfterFinish(label),
});

function orderProblem(times: PlacedTimes): EditProblem | undefined {
  const record: Interval = { start: times.started_on, end: times.finished_on };
  const allSetupBreaks = times.setup_times.flatMap((setup) => setup.setup_break_times);
  const breaks = periodGroup('中断', times.break_times, 'break');
  const setups = periodGroup('段取り', times.setup_times, 'span');
  const noworks: PeriodGroup = {
    ...periodGroup('終業', times.nowork_times, 'span'),
    endBeforeStart: editMessages.noworkEndBeforeStart,
    openAfterFinish: editMessages.noworkOpenAfterFinish,
  };
  const groups = [breaks, setups, periodGroup('段取り中断', allSetupBreaks, 'break'), noworks];
  if (record.end !== null && record.end < record.start) return problemAt(editMessages.endBeforeStart('作業'), 'finished_on');
  for (const group of groups) {
    const reversed = group.intervals.find((i) => i.end !== null && i.end < i.start);
    if (reversed) return problemAt(group.endBeforeStart, group.endField, reversed.at);
  }
  for (const group of groups) {
    const outside = group.intervals.find((i) => !inside(i, record));
    if (outside) return problemAt(group.outsideRecord, startsInside(outside, record) ? group.endField : group.startField, outside.at);
  }
  for (const setup of times.setup_times) {
    const outside = setup.setup_break_times.find((b) => !inside(b, setup) || (b.end === null && setup.end !== null));
    if (outside) return problemAt(editMessages.outsideSetup, startsInside(outside, setup) ? 'restarted_on' : 'broken_on', outside.at);
  }
  // Work and setup interruptions are checked for overlaps together (docs/PRODUCT.md#record-editor).
  const overlaps: Array<[PeriodGroup, Array<Placed<Interval>>]> = [
    [setups, times.setup_times],
    [breaks, [...times.break_times, ...allSetupBreaks]],
    [noworks, times.nowork_times],
  ];
  for (const [group, intervals] of overlaps) {
    const later = laterOfFirstOverlap(intervals);
    if (later) return problemAt(group.overlap, group.startField, later.at);
  }
  // An open period means the work is still in that state (an open 終業 is the record's 終業
  // state), so a finished record has none; two open periods of a kind overlap, refused above.
  for (const group of groups) {
    const open = record.end === null ? undefined : group.intervals.find((i) => i.end === null);
    if (open) return problemAt(group.openAfterFinish, group.endField, open.at);
  }
  // The floor offers 中断 only while working; while setting up it is 段取り中断. An interruption typed
  // into a setup would count in both 段取り時間 and 中断時間, and 分析 would take it off twice. Checked
  // after the open periods: a setup left open in a finished record lacks its end, not its interruptions.
  for (const interruption of times.break_times) {
    const setup = times.setup_times.find((candidate) => overlap(interruption, candidate));
    if (!setup) continue;
    return problemAt(editMessages.breakInSetup, startsInside(interruption, setup) ? 'broken_on' : 'restarted_on', interruption.at);
  }
  return undefined;
}

/** Whether a period starts within another, so that what puts it outside is its end. */
function startsInside(period: Interval, outer: Interval): boolean {
  return period.start >= outer.start && (outer.end === null || period.start <= outer.end);
}

/** Whether two periods share some time (an open end runs on); one that starts as the other ends shares none. */
function overlap(first: Interval, second: Interval): boolean {
  return (second.end === null || first.start < second.end) && (first.end === null || second.start < first.end);
}

/** An open end runs to the record's end, or on for a record in progress. */
function inside(period: Interval, outer: Interval): boolean {
  if (period.start < outer.start) return false;
  if (outer.end === null) return true;
  return period.start <= outer.end && (period.end === null || period.end <= outer.end);
}

/** Of the first two periods that overlap, in order of start, the later one; undefined when none do. */
function laterOfFirstOverlap<T extends Interval>(intervals: readonly T[]): T | undefined {
  const sorted = [...intervals].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!;
    if (previous.end === null || previous.end > sorted[index]!.start) return sorted[index];
  }
  return undefined;
}

/** An interruption or setup interruption as GET /api/productcost/edit/{id} answers it. */
export const editBreakSchema = z.object({
  id: idSchema,
  broken_on: workshopTimeSchema,
  restarted_on: workshopTimeSchema.nullable(),
  interruption_id: idSchema,
  interruption_other: z.string().nullable(),
});
export type EditBreak = z.infer<typeof editBreakSchema>;

/** Who changed a record and when (the time with the workshop's offset), and for a correction what it changed. */
export const historyEntrySchema = z.object({
  id: idSchema,
  action: z.enum(['create', 'update', 'delete']),
  at: workshopTimeSchema,
  actor_name: z.string(),
  /** A correction's changes, field by field (docs/PRODUCT.md#record-editor); empty for 作成, 削除 and an entry that does not read. */
  changes: z.array(recordChangeSchema),
  /** For a press a tablet recorded offline and sent later (its `at` is when it arrived): the button and when it was pressed. */
  pressed: outboxPressSchema.nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A call for help on the record: who called, why and when; who answered and when; how long it waited. */
export const callEntrySchema = z.object({
  id: idSchema,
  reason: z.string(),
  called_at: workshopTimeSchema,
  called_by_name: z.string(),
  answered_at: workshopTimeSchema.nullable(),
  answered_by_name: z.string(),
  /** Not answered by anyone: the call was still open when its job finished, and ended with it (answered_at is the finish). */
  ended_by_finish: z.boolean(),
  /** Not answered by anyone: the action that ended it, 終了 (`finish`) or 終業 (`noworkStart`), at answered_at; null otherwise. */
  ended_with: z.enum(callEndingActions).nullable(),
  /** Until the answer, or until the time of the answer to this read while the call is open. */
  waited_seconds: z.number().int(),
});
export type CallEntry = z.infer<typeof callEntrySchema>;

/**
 * The masters the record names that the selectors no longer offer, by name, so that the editor can
 * still name them (docs/PRODUCT.md#record-editor): deleted ones, and for a detail also one of a
 * deleted processing, whose details the selector hides.
 */
export const deletedChoicesSchema = z.object({
  paper_sizes: z.array(selectorItemSchema),
  processings: z.array(selectorItemSchema),
  processing_details: z.array(selectorItemSchema),
  machines: z.array(selectorItemSchema),
  companies: z.array(selectorItemSchema),
  interruptions: z.array(selectorItemSchema),
});
export type DeletedChoices = z.infer<typeof deletedChoicesSchema>;

/** GET /api/productcost/edit/{id}: the whole record, times as ISO 8601 with the workshop's offset. */
export const editRecordSchema = recordFieldsSchema.extend({
  /** The state code as saved (docs/PRODUCT.md#state-codes), as the list gives it. */
  state: workStateSchema,
  /** 作業日 (YYYY-MM-DD) as saved: the date of started_on in the workshop's zone. */
  work_date: z.iso.date(),
  /** 要確認 (docs/PRODUCT.md#stale-jobs), as on the list's row. */
  stale: z.boolean(),
  break_times: z.array(editBreakSchema),
  setup_times: z.array(
    z.object({
      id: idSchema,
      started_on: workshopTimeSchema,
      finished_on: workshopTimeSchema.nullable(),
      setup_break_times: z.array(editBreakSchema),
    }),
  ),
  /** End-of-day stops: started_on is when 終業 was pressed, finished_on when 始業 was (null while stopped). */
  nowork_times: z.array(z.object({ id: idSchema, started_on: workshopTimeSchema, finished_on: workshopTimeSchema.nullable() })),
  /** The workshop's zone, in which times are shown and typed times are read. */
  time_zone: z.string(),
  history: z.array(historyEntrySchema),
  /** The record's calls for help, oldest first. */
  calls: z.array(callEntrySchema),
  deleted_choices: deletedChoicesSchema,
});
export type EditRecord = z.infer<typeof editRecordSchema>;

/** PUT /api/productcost/{id}: the record's new version. */
export const recordSavedSchema = z.object({ result: z.literal(true), version: z.number().int().min(1) });
export type RecordSaved = z.infer<typeof recordSavedSchema>;
