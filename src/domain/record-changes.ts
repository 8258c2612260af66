import { z } from 'zod';
import { formatEditTime } from './edit-time.ts';
import { idSchema, workshopTimeSchema } from './fields.ts';
import { deletedName } from './masters.ts';
import { pressMessages } from './pressed-at.ts';
import { countLabels, countFields } from './product-cost-fields.ts';
import { formatCount } from './product-cost-metrics.ts';
import { workActionSchema } from './product-cost.ts';

/**
 * One line of a correction in 変更履歴 (docs/PRODUCT.md#record-editor): `item` in the editor's own words
 * (作業終了時間, 中断 2 の中断開始, 段取り 1), the value before and after as the editor shows it. A row added has
 * no `before`, a row removed no `after`; an empty field is （未入力）.
 */
export const recordChangeSchema = z.object({ item: z.string(), before: z.string().nullable(), after: z.string().nullable() });
export type RecordChange = z.infer<typeof recordChangeSchema>;

export const EMPTY_VALUE = '（未入力）';

// Ids as the API takes them: one out of a column's range, in an entry written by hand, is no entry to
// read, rather than a name lookup that PostgreSQL refuses.
const id = idSchema;
const countValue = z.number().int();
const optionalTime = z.string().nullable().optional();
const breakSnapshot = z.object({
  broken_on: z.string(),
  restarted_on: optionalTime,
  interruption_id: id,
  interruption_other: z.string().nullable().optional(),
});
/**
 * A record as the audit log keeps it before and after a correction (the editor's own read of it). Every
 * field may be missing, so that an entry written before a field existed still reads; such a field is
 * not compared.
 */
const snapshotSchema = z.object({
  slip_no: z.string().optional(),
  employees: z.array(z.object({ id, name: z.string() })).optional(),
  paper_size_id: id.nullable().optional(),
  processing_id: id.nullable().optional(),
  processing_detail_id: id.nullable().optional(),
  machine_id: id.nullable().optional(),
  company_id: id.nullable().optional(),
  started_on: z.string().optional(),
  finished_on: optionalTime,
  break_times: z.array(breakSnapshot).optional(),
  setup_times: z
    .array(z.object({ started_on: z.string(), finished_on: optionalTime, setup_break_times: z.array(breakSnapshot).optional() }))
    .optional(),
  nowork_times: z.array(z.object({ started_on: z.string(), finished_on: optionalTime })).optional(),
  superior: countValue.nullable().optional(),
  wound: countValue.nullable().optional(),
  size: countValue.nullable().optional(),
  miss: countValue.nullable().optional(),
  other: countValue.nullable().optional(),
  process2: z.string().nullable().optional(),
});
export type RecordSnapshot = z.infer<typeof snapshotSchema>;
type BreakSnapshot = z.infer<typeof breakSnapshot>;

/** An audit entry's JSON text read by `schema`; undefined when there is none or it does not read so. */
function readAuditJson<T>(schema: z.ZodType<T>, json: string | null): T | undefined {
  if (json === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** An audit entry's before or after as stored (JSON text); undefined when there is none or it is not a record's. */
export function readSnapshot(json: string | null): RecordSnapshot | undefined {
  return readAuditJson(snapshotSchema, json);
}

/** A press a tablet recorded offline and its outbox sent later: the action and when it was pressed. */
export const outboxPressSchema = z.object({ action: workActionSchema, pressed_at: workshopTimeSchema });
export type OutboxPress = z.infer<typeof outboxPressSchema>;

/** The audit entry's after of such a press, its note aside (and its received_at, the entry's own time). */
const outboxPressEntrySchema = outboxPressSchema
  .extend({ note: z.literal(pressMessages.recordedFromOutbox) })
  .transform(({ action, pressed_at }): OutboxPress => ({ action, pressed_at }));

/** An audit entry's after read as a press recorded from an outbox; undefined when it is not one. */
export function readOutboxPress(json: string | null): OutboxPress | undefined {
  return readAuditJson(outboxPressEntrySchema, json);
}

/** The masters a record names by id, each by the list it is chosen from. */
export const masterKinds = ['paper_sizes', 'processings', 'processing_details', 'machines', 'companies', 'interruptions'] as const;
export type MasterKind = (typeof masterKinds)[number];
/** A master's name, and whether the editor's selector has let it go (deleted, or a detail of a deleted processing). */
export interface MasterName {
  name: string;
  withdrawn: boolean;
}
export type MasterNames = Record<MasterKind, ReadonlyMap<number, MasterName>>;

const singleMasters = [
  ['paper_size_id', 'paper_sizes', '用紙サイズ'],
  ['processing_id', 'processings', '加工内容'],
  ['processing_detail_id', 'processing_details', '詳細'],
  ['machine_id', 'machines', '加工機'],
  ['company_id', 'companies', '会社'],
] as const;

/** The master ids these snapshots name, by kind: what must be named to show their changes. */
export function masterIdsOf(snapshots: ReadonlyArray<RecordSnapshot | undefined>): Record<MasterKind, number[]> {
  const ids = Object.fromEntries(masterKinds.map((kind) => [kind, new Set<number>()])) as Record<MasterKind, Set<number>>;
  for (const snapshot of snapshots) {
    if (!snapshot) continue;
    for (const [field, kind] of singleMasters) {
      const value = snapshot[field];
      if (typeof value === 'number') ids[kind].add(value);
    }
    const breaks = [...(snapshot.break_times ?? []), ...(snapshot.setup_times ?? []).flatMap((setup) => setup.setup_break_times ?? [])];
    for (const row of breaks) ids.interruptions.add(row.interruption_id);
  }
  return Object.fromEntries(masterKinds.map((kind) => [kind, [...ids[kind]].sort((a, b) => a - b)])) as Record<MasterKind, number[]>;
}

interface Context {
  names: MasterNames;
  timeZone: string;
}

/** A master as the editor's select shows it: its name, marked （削除済み） once it has left the selector. */
function masterName(context: Context, kind: MasterKind, value: number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  const master = context.names[kind].get(value);
  if (!master) return deletedName('');
  return master.withdrawn ? deletedName(master.name) : master.name;
}

const time = (context: Context, value: string | null | undefined) => (value ? formatEditTime(value, context.timeZone) : EMPTY_VALUE);
const count = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY_VALUE : formatCount(value));
const text = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? EMPTY_VALUE : value);

/** A period as one phrase: 2026/11/28 10:00:00〜10:15:00, the end's date left out on the start's day; an open end leaves 〜 alone. */
function span(context: Context, start: string, end: string | null | undefined): string {
  const from = formatEditTime(start, context.timeZone);
  if (!end) return `${from}〜`;
  const to = formatEditTime(end, context.timeZone);
  return `${from}〜${to.slice(0, 10) === from.slice(0, 10) ? to.slice(11) : to}`;
}

/** An interruption's reason as the row shows it: その他 with its text when it has one. */
function reason(context: Context, row: BreakSnapshot): string {
  const name = masterName(context, 'interruptions', row.interruption_id);
  return row.interruption_other ? `${name}（${row.interruption_other}）` : name;
}

/** A row's fields: label and shown value, in the order of the editor's columns. */
type Fields<T> = (row: T) => Array<[label: string, value: string]>;

/**
 * The changes of one list of rows. A row whose own fields are the same after as before is that row,
 * wherever it moved, with at most its inner rows changed (a setup's interruptions); of the others, one
 * whose start or end stayed is that row changed, then the nth left before and the nth left after are
 * (their fields listed), and what is left over was removed or added. Rows are numbered as the editor
 * numbers them (中断 1, 中断 2…, in order of start): by their number after, those removed by theirs before.
 */
function rowChanges<T>(
  name: string,
  before: readonly T[],
  after: readonly T[],
  fields: Fields<T>,
  describe: (row: T) => string,
  inner?: (rowName: string, before: T, after: T) => RecordChange[],
): RecordChange[] {
  const own = (row: T) => JSON.stringify(fields(row));
  const leftAfter = after.map((row, index) => ({ row, index }));
  const pairs: Array<[{ row: T; index: number }, { row: T; index: number }]> = [];
  const leftBefore = before
    .map((row, index) => ({ row, index }))
    .filter((was) => {
      const match = leftAfter.findIndex((now) => own(now.row) === own(was.row));
      if (match < 0) return true;
      pairs.push([was, leftAfter.splice(match, 1)[0]!]);
      return false;
    });
  // A row whose start or end stayed is that row with its other end or its reason changed (a break made
  // longer beside one deleted, a break added before it), whatever its place among the others.
  const sameEnd = (was: T, now: T) => fields(was).some(([, value], field) => field < 2 && value === fields(now)[field]![1]);
  for (let index = 0; index < leftBefore.length; index++) {
    const match = leftAfter.findIndex((now) => sameEnd(leftBefore[index]!.row, now.row));
    if (match < 0) continue;
    pairs.push([leftBefore.splice(index--, 1)[0]!, leftAfter.splice(match, 1)[0]!]);
  }
  const paired = Math.min(leftBefore.length, leftAfter.length);
  for (let pair = 0; pair < paired; pair++) pairs.push([leftBefore[pair]!, leftAfter[pair]!]);
  pairs.sort((first, second) => first[1].index - second[1].index);
  const changes: RecordChange[] = [];
  for (const [was, now] of pairs) {
    const rowName = `${name} ${now.index + 1}`;
    const previous = new Map(fields(was.row));
    for (const [label, value] of fields(now.row)) {
      const old = previous.get(label)!;
      if (old !== value) changes.push({ item: `${rowName} の${label}`, before: old, after: value });
    }
    if (inner) changes.push(...inner(rowName, was.row, now.row));
  }
  for (const { row, index } of leftBefore.slice(paired)) changes.push({ item: `${name} ${index + 1}`, before: describe(row), after: null });
  for (const { row, index } of leftAfter.slice(paired)) changes.push({ item: `${name} ${index + 1}`, before: null, after: describe(row) });
  return changes;
}

/** The fields of a row that is a period: its start and end under the editor's column names. */
function spanFields(context: Context, startLabel: string, endLabel: string): Fields<{ started_on: string; finished_on?: string | null }> {
  return (row) => [
    [startLabel, time(context, row.started_on)],
    [endLabel, time(context, row.finished_on)],
  ];
}

function breakChanges(context: Context, name: string, before: readonly BreakSnapshot[], after: readonly BreakSnapshot[]) {
  return rowChanges(
    name,
    before,
    after,
    (row) => [
      ['中断開始', time(context, row.broken_on)],
      ['中断終了', time(context, row.restarted_on)],
      ['中断内容', masterName(context, 'interruptions', row.interruption_id)],
      ['その他の内容', text(row.interruption_other)],
    ],
    (row) => `${span(context, row.broken_on, row.restarted_on)} ${reason(context, row)}`,
  );
}

/**
 * What a correction changed, field by field, in the record editor's labels and formats (docs/PRODUCT.md#record-editor):
 * the job's fields, 作業者 as a set of names, the times, each list's rows (added, removed, or changed field by field) and
 * the counts. A field shown the same on both sides (a time that differed only in its milliseconds, workers in
 * another order) is left out, and so is one that either side lacks. No lines when either side is missing.
 */
export function recordChanges(
  before: RecordSnapshot | undefined,
  after: RecordSnapshot | undefined,
  names: MasterNames,
  timeZone: string,
): RecordChange[] {
  if (!before || !after) return [];
  const context: Context = { names, timeZone };
  const changes: RecordChange[] = [];
  const field = <K extends keyof RecordSnapshot>(key: K, item: string, show: (value: RecordSnapshot[K]) => string) => {
    if (before[key] === undefined || after[key] === undefined) return;
    const [was, now] = [show(before[key]), show(after[key])];
    if (was !== now) changes.push({ item, before: was, after: now });
  };
  field('slip_no', '作業伝票No', text);
  if (before.employees && after.employees) {
    const ids = (workers: ReadonlyArray<{ id: number }>) => JSON.stringify(workers.map((worker) => worker.id).sort((a, b) => a - b));
    const shown = (workers: ReadonlyArray<{ name: string }>) => workers.map((worker) => worker.name).join('、') || EMPTY_VALUE;
    if (ids(before.employees) !== ids(after.employees))
      changes.push({ item: '作業者', before: shown(before.employees), after: shown(after.employees) });
  }
  for (const [key, kind, item] of singleMasters) field(key, item, (value) => masterName(context, kind, value));
  field('started_on', '作業開始時間', (value) => time(context, value));
  field('finished_on', '作業終了時間', (value) => time(context, value));
  if (before.break_times && after.break_times) changes.push(...breakChanges(context, '中断', before.break_times, after.break_times));
  if (before.nowork_times && after.nowork_times)
    changes.push(
      ...rowChanges('終業', before.nowork_times, after.nowork_times, spanFields(context, '終業時間', '始業時間'), (row) =>
        span(context, row.started_on, row.finished_on),
      ),
    );
  if (before.setup_times && after.setup_times)
    changes.push(
      ...rowChanges(
        '段取り',
        before.setup_times,
        after.setup_times,
        spanFields(context, '段取り開始', '段取り終了'),
        (row) => {
          const breaks = row.setup_break_times?.length ?? 0;
          return `${span(context, row.started_on, row.finished_on)}${breaks ? `（段取り中断 ${breaks}件）` : ''}`;
        },
        (rowName, first, second) =>
          breakChanges(context, `${rowName} の段取り中断`, first.setup_break_times ?? [], second.setup_break_times ?? []),
      ),
    );
  for (const key of countFields) field(key, countLabels[key], count);
  field('process2', '備考', text);
  return changes;
}
