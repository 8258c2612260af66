import type { SelectorItem } from '../../../domain/masters.ts';
import { countFields, type CountField } from '../../../domain/product-cost-fields.ts';
import type { WorkRecord } from '../../../domain/product-cost.ts';
import { defectiveRate, totalDefective } from '../../../domain/product-cost-metrics.ts';

/** What the work screen's inputs hold: ids as the selects and checkboxes give them (text). */
export interface JobFields {
  slip_no: string;
  employees: string[];
  paper_size_id: string | null;
  processing_id: string | null;
  processing_detail_id: string | null;
  machine_id: string | null;
  company_id: string | null;
}

/** The five counts as typed on their keypads; empty until entered. */
export type CountValues = Record<CountField, string>;

export interface InterruptionChoice {
  interruption_id: string | null;
  interruption_other: string;
}

export const emptyJobFields: JobFields = {
  slip_no: '',
  employees: [],
  paper_size_id: null,
  processing_id: null,
  processing_detail_id: null,
  machine_id: null,
  company_id: null,
};

export const emptyCounts: CountValues = { superior: '', wound: '', size: '', miss: '', other: '' };

export const noInterruption: InterruptionChoice = { interruption_id: null, interruption_other: '' };

const idText = (id: number | null) => (id === null ? null : String(id));
const idNumber = (id: string | null) => (id === null ? null : Number(id));

export function jobFieldsOf(record: WorkRecord): JobFields {
  return {
    slip_no: record.slip_no,
    employees: record.employees.map((employee) => String(employee.id)),
    paper_size_id: idText(record.paper_size_id),
    processing_id: idText(record.processing_id),
    processing_detail_id: idText(record.processing_detail_id),
    machine_id: idText(record.machine_id),
    company_id: idText(record.company_id),
  };
}

export function countsOf(record: WorkRecord): CountValues {
  return Object.fromEntries(countFields.map((field) => [field, record[field] === null ? '' : String(record[field])])) as CountValues;
}

/** The reason of the interruption that is open, if one is: the screen shows what it is waiting for. */
export function interruptionOf(record: WorkRecord): InterruptionChoice {
  const open = record.setup_break_time ?? record.break_time;
  return open ? { interruption_id: String(open.interruption_id), interruption_other: open.interruption_other ?? '' } : noInterruption;
}

/** The reason a 中断 still in the outbox was pressed with (its body is interruptionPayload's); null for any other press. */
export function interruptionOfPress(body: Record<string, unknown>): InterruptionChoice | null {
  if (typeof body.interruption_id !== 'number') return null;
  return {
    interruption_id: String(body.interruption_id),
    interruption_other: typeof body.interruption_other === 'string' ? body.interruption_other : '',
  };
}

/**
 * The counts as the work actions send them (docs/API.md#work-actions-any-signed-in-worker): numbers
 * (empty as null) with the two derived values.
 */
export function countPayload(counts: CountValues) {
  const numbers = Object.fromEntries(countFields.map((field) => [field, counts[field] === '' ? null : Number(counts[field])])) as Record<
    CountField,
    number | null
  >;
  return { ...numbers, total_defective: totalDefective(numbers), defective_rate: defectiveRate(numbers) };
}

/** POST /api/productcost/start. Machine and company are optional. */
export function startPayload(fields: JobFields, counts: CountValues) {
  return {
    slip_no: fields.slip_no,
    employees: fields.employees.map(Number),
    paper_size_id: idNumber(fields.paper_size_id),
    processing_id: idNumber(fields.processing_id),
    processing_detail_id: idNumber(fields.processing_detail_id),
    machine_id: idNumber(fields.machine_id),
    company_id: idNumber(fields.company_id),
    ...countPayload(counts),
  };
}

export function interruptionPayload(choice: InterruptionChoice) {
  return { interruption_id: idNumber(choice.interruption_id), interruption_other: choice.interruption_other };
}

/**
 * The employees to tick: the selector's, plus any worker of the resumed record who has left the
 * list since (deleted), so that the record still shows who worked on it.
 */
export function workerChoices(employees: SelectorItem[], record: WorkRecord | null): SelectorItem[] {
  const listed = new Set(employees.map((employee) => employee.id));
  return [...employees, ...(record?.employees.filter((employee) => !listed.has(employee.id)) ?? [])];
}

/**
 * A 開始 as pressed: its Idempotency-Key and what was on the form. Kept in the browser's history
 * entry of the create screen, so that coming back to it (Forward, a reload) shows the same form and
 * sends the same key: the server then answers the record that press created, never a second one.
 */
export interface StartPress {
  key: string;
  fields: JobFields;
  counts: CountValues;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/** The press kept in a history entry's state, or null when there is none (or it is not one). */
export function startPressOf(state: unknown): StartPress | null {
  const press = (state as { startPress?: unknown } | null)?.startPress as Partial<StartPress> | undefined;
  if (!press || !isText(press.key) || typeof press.fields !== 'object' || typeof press.counts !== 'object') return null;
  const { fields, counts } = press as StartPress;
  const fieldsValid =
    isText(fields.slip_no) &&
    Array.isArray(fields.employees) &&
    fields.employees.every(isText) &&
    [fields.paper_size_id, fields.processing_id, fields.processing_detail_id, fields.machine_id, fields.company_id].every(isTextOrNull);
  const countsValid = countFields.every((field) => isText(counts[field]));
  return fieldsValid && countsValid ? { key: press.key, fields, counts } : null;
}

/** The key of a 開始: the kept press's when the form sends what it sent, a new one otherwise. */
export function startKey(kept: StartPress | null, fields: JobFields, counts: CountValues, newKey: () => string): string {
  const sameRequest = (press: StartPress) =>
    JSON.stringify(startPayload(press.fields, press.counts)) === JSON.stringify(startPayload(fields, counts));
  return kept && sameRequest(kept) ? kept.key : newKey();
}

/** A new job's machine: the station's, when it is one of those offered (a machine deleted since is not). */
export function initialMachine(machines: SelectorItem[], stationMachine: string | null): string | null {
  return machines.some((machine) => String(machine.id) === stationMachine) ? stationMachine : null;
}

/** A new job's workers: the signed-in worker, ticked, when they are one of those offered. */
export function initialWorkers(employees: SelectorItem[], signedInId: number | undefined): string[] {
  return employees.some((employee) => employee.id === signedInId) ? [String(signedInId)] : [];
}
