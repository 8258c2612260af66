import { formatEditTime } from '../../../domain/edit-time.ts';
import { deletedName, OTHER_INTERRUPTION_ID, type SelectorItem } from '../../../domain/masters.ts';
import { validateRecordTimes, type RecordEditInput } from '../../../domain/product-cost-edit.ts';
import { recordDurations, type Durations } from '../../../domain/product-cost-metrics.ts';
import { countFields, type CountField } from '../../../domain/product-cost.ts';
import type { CountValues } from '../work/index.ts';
import type { EditBreak, EditRecord } from '../../../domain/product-cost-edit.ts';

/** One row of the 中断 table or of a 段取り中断 table, every value as its input holds it (text). */
export interface BreakRow {
  /** Identifies the row on the screen, saved or not. */
  key: string;
  id: number | null;
  broken_on: string;
  restarted_on: string;
  interruption_id: string;
  interruption_other: string;
}

export interface SetupRow {
  key: string;
  id: number | null;
  started_on: string;
  finished_on: string;
  setup_break_times: BreakRow[];
}

/** One row of the 終業 table: when 終業 was pressed, and when 始業 was (empty while stopped). */
export interface NoworkRow {
  key: string;
  id: number | null;
  started_on: string;
  finished_on: string;
}

/** What the edit screen's inputs hold. An empty select is ''. */
export interface RecordForm {
  slip_no: string;
  employees: string[];
  paper_size_id: string;
  processing_id: string;
  processing_detail_id: string;
  machine_id: string;
  company_id: string;
  started_on: string;
  finished_on: string;
  break_times: BreakRow[];
  setup_times: SetupRow[];
  nowork_times: NoworkRow[];
  counts: CountValues;
}

let lastRowKey = 0;
const rowKey = () => `row-${++lastRowKey}`;

export const newBreakRow = (): BreakRow => ({
  key: rowKey(),
  id: null,
  broken_on: '',
  restarted_on: '',
  interruption_id: '',
  interruption_other: '',
});
export const newSetupRow = (): SetupRow => ({ key: rowKey(), id: null, started_on: '', finished_on: '', setup_break_times: [] });
export const newNoworkRow = (): NoworkRow => ({ key: rowKey(), id: null, started_on: '', finished_on: '' });

const idText = (id: number | null) => (id === null ? '' : String(id));
const numberOrNull = (text: string) => (text === '' ? null : Number(text));
const blankAsNull = (text: string) => (text.trim() === '' ? null : text);

export const isOtherReason = (interruptionId: string) => interruptionId === String(OTHER_INTERRUPTION_ID);

/** The loaded record as the inputs show it, times as YYYY/MM/DD HH:mm:ss in the workshop's zone. */
export function formFromRecord(record: EditRecord): RecordForm {
  const time = (iso: string | null) => formatEditTime(iso, record.time_zone);
  const breakRow = (row: EditBreak): BreakRow => ({
    key: rowKey(),
    id: row.id,
    broken_on: time(row.broken_on),
    restarted_on: time(row.restarted_on),
    interruption_id: String(row.interruption_id),
    interruption_other: row.interruption_other ?? '',
  });
  return {
    slip_no: record.slip_no,
    employees: record.employees.map((employee) => String(employee.id)),
    paper_size_id: idText(record.paper_size_id),
    processing_id: idText(record.processing_id),
    processing_detail_id: idText(record.processing_detail_id),
    machine_id: idText(record.machine_id),
    company_id: idText(record.company_id),
    started_on: time(record.started_on),
    finished_on: time(record.finished_on),
    break_times: record.break_times.map(breakRow),
    setup_times: record.setup_times.map((setup) => ({
      key: rowKey(),
      id: setup.id,
      started_on: time(setup.started_on),
      finished_on: time(setup.finished_on),
      setup_break_times: setup.setup_break_times.map(breakRow),
    })),
    nowork_times: record.nowork_times.map((nowork) => ({
      key: rowKey(),
      id: nowork.id,
      started_on: time(nowork.started_on),
      finished_on: time(nowork.finished_on),
    })),
    counts: Object.fromEntries(countFields.map((field) => [field, record[field] === null ? '' : String(record[field])])) as CountValues,
  };
}

/**
 * The productcost of PUT /api/productcost/{id}: times as typed, over the version that was read.
 * The その他 text goes only with reason その他; what the screen does not show (process2) goes back
 * as it came.
 */
export function editPayload(form: RecordForm, record: Pick<EditRecord, 'version' | 'process2'>) {
  return {
    version: record.version,
    slip_no: form.slip_no,
    employees: form.employees.map(Number),
    paper_size_id: numberOrNull(form.paper_size_id),
    processing_id: numberOrNull(form.processing_id),
    processing_detail_id: numberOrNull(form.processing_detail_id),
    machine_id: numberOrNull(form.machine_id),
    company_id: numberOrNull(form.company_id),
    ...timesPayload(form),
    ...(Object.fromEntries(countFields.map((field) => [field, numberOrNull(form.counts[field])])) as Record<CountField, number | null>),
    process2: record.process2,
  } satisfies RecordEditInput;
}

/** The times of the payload, as typed: what the time checks read. */
function timesPayload(form: RecordForm) {
  const breakPayload = (row: BreakRow) => ({
    id: row.id,
    broken_on: row.broken_on,
    restarted_on: blankAsNull(row.restarted_on),
    interruption_id: numberOrNull(row.interruption_id),
    interruption_other: isOtherReason(row.interruption_id) ? blankAsNull(row.interruption_other) : null,
  });
  return {
    started_on: form.started_on,
    finished_on: blankAsNull(form.finished_on),
    break_times: form.break_times.map(breakPayload),
    setup_times: form.setup_times.map((setup) => ({
      id: setup.id,
      started_on: setup.started_on,
      finished_on: blankAsNull(setup.finished_on),
      setup_break_times: setup.setup_break_times.map(breakPayload),
    })),
    nowork_times: form.nowork_times.map((nowork) => ({
      id: nowork.id,
      started_on: nowork.started_on,
      finished_on: blankAsNull(nowork.finished_on),
    })),
  };
}

/**
 * The durations of the times as typed, worked out as the list will once they are saved (an open
 * period runs to `now` on a record in progress); while the times do not pass the save's checks, the
 * message that saving would show.
 */
export function formDurations(
  form: RecordForm,
  timeZone: string,
  now: Date,
): { ok: true; durations: Durations } | { ok: false; message: string } {
  const checked = validateRecordTimes(timesPayload(form), timeZone);
  if (!checked.ok) return checked;
  const { times } = checked;
  const breakSpan = (row: { start: string; end: string | null }) => ({ broken_on: row.start, restarted_on: row.end });
  const durations = recordDurations(
    {
      started_on: times.started_on,
      finished_on: times.finished_on,
      break_times: times.break_times.map(breakSpan),
      setup_times: times.setup_times.map((setup) => ({
        started_on: setup.start,
        finished_on: setup.end,
        setup_break_times: setup.setup_break_times.map(breakSpan),
      })),
      nowork_times: times.nowork_times.map((nowork) => ({ started_on: nowork.start, finished_on: nowork.end })),
    },
    now,
  );
  return { ok: true, durations };
}

/**
 * A select's options: an empty one, the list, and the record's own choice when it has left the list
 * since (deleted), by its name from `deleted`, so that opening and saving the record does not lose it
 * and it is not offered to other records. A choice deleted after the record was read has no name there.
 */
export function selectChoices(items: readonly SelectorItem[], current: string, deleted: readonly SelectorItem[]) {
  const choices = [{ value: '', label: '' }, ...items.map((item) => ({ value: String(item.id), label: item.name }))];
  if (current !== '' && !choices.some((choice) => choice.value === current)) {
    const name = deleted.find((item) => String(item.id) === current)?.name ?? '';
    choices.push({ value: current, label: deletedName(name) });
  }
  return choices;
}

/** The employees to tick: the selector's, plus the record's workers who have left it since. */
export function workerChoices(employees: readonly SelectorItem[], record: Pick<EditRecord, 'employees'>): SelectorItem[] {
  const listed = new Set(employees.map((employee) => employee.id));
  return [...employees, ...record.employees.filter((employee) => !listed.has(employee.id))];
}
