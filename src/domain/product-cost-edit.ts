import { z } from 'zod';
import { EDIT_TIME_EXAMPLE, parseEditTime } from './edit-time.ts';
import { MAX_WORKERS } from './field-limits.ts';
import { countSchema, freeText, idSchema, optionalChoice, rowIdSchema, slipNoSchema, workshopTimeSchema } from './fields.ts';
import { INTERRUPTION_OTHER_MAX_LENGTH, PROCESS2_MAX_LENGTH, countLabels, recordFieldsSchema, workMessages } from './product-cost.ts';

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
  endBeforeStart: (label: string) => `${label}の終了は開始以降の時刻にしてください。`,
  outsideRecord: (label: string) => `${label}は作業開始時間から作業終了時間までの間にしてください。`,
  outsideSetup: '段取り中断は、その段取りの開始から終了までの間にしてください。',
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

type Outcome = { ok: true; times: ValidRecordTimes } | { ok: false; message: string };

const isBlank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * The edit screen's rules, in the order of docs/PRODUCT.md#record-editor (then each 終業 needs its
 * time), then what only whole times can tell: formats, no end before its start (a period pressed open
 * and shut within one second is as long as nothing), periods inside the record, setup interruptions inside their setup, no
 * overlaps, and no open period where it cannot be. The first failure's message is the answer.
 */
export function validateRecordTimes(
  record: Pick<RecordEditInput, 'started_on' | 'finished_on' | 'break_times' | 'setup_times' | 'nowork_times'>,
  timeZone: string,
): Outcome {
  const breaks = record.break_times ?? [];
  const setups = record.setup_times ?? [];
  const setupBreaks = setups.flatMap((setup) => setup.setup_break_times ?? []);
  const noworks = record.nowork_times ?? [];
  const firstMissing: Array<[boolean, string]> = [
    [isBlank(record.started_on), editMessages.startRequired],
    [breaks.some((b) => isBlank(b.broken_on)), editMessages.breakStartRequired],
    [breaks.some((b) => isBlank(b.interruption_id)), editMessages.breakReasonRequired],
    [setups.some((s) => isBlank(s.started_on)), editMessages.setupStartRequired],
    [setupBreaks.some((b) => isBlank(b.broken_on)), editMessages.setupBreakStartRequired],
    [setupBreaks.some((b) => isBlank(b.interruption_id)), editMessages.setupBreakReasonRequired],
    [noworks.some((n) => isBlank(n.started_on)), editMessages.noworkStartRequired],
  ];
  const missing = firstMissing.find(([failed]) => failed);
  if (missing) return { ok: false, message: missing[1] };

  const problems: string[] = [];
  const time = (value: string | null | undefined, label: string): string | null => {
    if (isBlank(value)) return null;
    const parsed = parseEditTime(String(value), timeZone);
    if (parsed === undefined) problems.push(editMessages.badTime(label));
    return parsed ?? null;
  };
  const started_on = time(record.started_on, '作業開始時間')!;
  const finished_on = time(record.finished_on, '作業終了時間');
  const toBreak = (row: (typeof breaks)[number], label: string): ValidBreak => ({
    id: row.id ?? null,
    start: time(row.broken_on, `${label}開始`)!,
    end: time(row.restarted_on, `${label}終了`),
    interruption_id: Number(row.interruption_id),
    interruption_other: row.interruption_other?.trim() || null,
  });
  const times: ValidRecordTimes = {
    started_on,
    finished_on,
    break_times: breaks.map((row) => toBreak(row, '中断')),
    setup_times: setups.map((setup) => ({
      id: setup.id ?? null,
      start: time(setup.started_on, '段取り開始')!,
      end: time(setup.finished_on, '段取り終了'),
      setup_break_times: (setup.setup_break_times ?? []).map((row) => toBreak(row, '段取り中断')),
    })),
    nowork_times: noworks.map((nowork) => ({
      id: nowork.id ?? null,
      start: time(nowork.started_on, '終業時間')!,
      end: time(nowork.finished_on, '始業時間'),
    })),
  };
  if (problems.length) return { ok: false, message: problems[0]! };
  if (
    [...times.break_times, ...times.setup_times.flatMap((s) => s.setup_break_times)].some(
      (b) => !Number.isInteger(b.interruption_id) || b.interruption_id < 1,
    )
  ) {
    return { ok: false, message: editMessages.breakReasonRequired };
  }

  const message = orderProblem(times);
  return message ? { ok: false, message } : { ok: true, times };
}

/** What each kind of period is called in the messages; an end-of-day stop ends with 始業, not with an end. */
interface PeriodGroup {
  label: string;
  intervals: Interval[];
  endBeforeStart: string;
  openAfterFinish: string;
}

const periodGroup = (label: string, intervals: Interval[]): PeriodGroup => ({
  label,
  intervals,
  endBeforeStart: editMessages.endBeforeStart(label),
  openAfterFinish: editMessages.openAfterFinish(label),
});

function orderProblem(times: ValidRecordTimes): string | undefined {
  const record: Interval = { start: times.started_on, end: times.finished_on };
  const allSetupBreaks = times.setup_times.flatMap((setup) => setup.setup_break_times);
  const groups: PeriodGroup[] = [
    periodGroup('中断', times.break_times),
    periodGroup('段取り', times.setup_times),
    periodGroup('段取り中断', allSetupBreaks),
    {
      label: '終業',
      intervals: times.nowork_times,
      endBeforeStart: editMessages.noworkEndBeforeStart,
      openAfterFinish: editMessages.noworkOpenAfterFinish,
    },
  ];
  if (record.end !== null && record.end < record.start) return editMessages.endBeforeStart('作業');
  for (const group of groups) {
    if (group.intervals.some((i) => i.end !== null && i.end < i.start)) return group.endBeforeStart;
  }
  for (const { label, intervals } of groups) {
    if (intervals.some((i) => !inside(i, record))) return editMessages.outsideRecord(label);
  }
  for (const setup of times.setup_times) {
    if (setup.setup_break_times.some((b) => !inside(b, setup) || (b.end === null && setup.end !== null))) return editMessages.outsideSetup;
  }
  if (overlapping(times.setup_times)) return editMessages.overlap('段取り');
  if (overlapping([...times.break_times, ...allSetupBreaks])) return editMessages.overlap('中断');
  if (overlapping(times.nowork_times)) return editMessages.overlap('終業');
  // An open period means the work is still in that state (an open 終業 is the record's 終業
  // state), so a finished record has none; two open periods of a kind overlap, refused above.
  for (const group of groups) {
    if (record.end !== null && group.intervals.some((i) => i.end === null)) return group.openAfterFinish;
  }
  return undefined;
}

/** An open end runs to the record's end, or on for a record in progress. */
function inside(period: Interval, outer: Interval): boolean {
  if (period.start < outer.start) return false;
  if (outer.end === null) return true;
  return period.start <= outer.end && (period.end === null || period.end <= outer.end);
}

function overlapping(intervals: Interval[]): boolean {
  const sorted = [...intervals].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  for (let index = 1; index < sorted.length; index++) {
    const previous = sorted[index - 1]!;
    if (previous.end === null || previous.end > sorted[index]!.start) return true;
  }
  return false;
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

/** Who changed a record and when (the time with the workshop's offset). */
export const historyEntrySchema = z.object({
  id: idSchema,
  action: z.enum(['create', 'update', 'delete']),
  at: workshopTimeSchema,
  actor_name: z.string(),
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
  /** Until the answer, or until the time of the answer to this read while the call is open. */
  waited_seconds: z.number().int(),
});
export type CallEntry = z.infer<typeof callEntrySchema>;

/** GET /api/productcost/edit/{id}: the whole record, times as ISO 8601 with the workshop's offset. */
export const editRecordSchema = recordFieldsSchema.extend({
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
});
export type EditRecord = z.infer<typeof editRecordSchema>;

/** PUT /api/productcost/{id}: the record's new version. */
export const recordSavedSchema = z.object({ result: z.literal(true), version: z.number().int().min(1) });
export type RecordSaved = z.infer<typeof recordSavedSchema>;
