import type { SelectorItem } from '../../../domain/masters.ts';
import { countFields, interruptRequestSchema, startRequestSchema, type CountField, type WorkRecord } from '../../../domain/product-cost.ts';
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

/**
 * The first reason not to start, in the order of docs/PRODUCT.md#work-screen (slip, workers, paper size, processing), or
 * null. The server checks with the same schema.
 */
export function startProblem(fields: JobFields, counts: CountValues): string | null {
  const parsed = startRequestSchema.safeParse(startPayload(fields, counts));
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

export function interruptionPayload(choice: InterruptionChoice) {
  return { interruption_id: idNumber(choice.interruption_id), interruption_other: choice.interruption_other };
}

/** 中断内容を選択してください。, or for その他 without a text その他の内容を入力してください。, or null. */
export function interruptionProblem(choice: InterruptionChoice): string | null {
  const parsed = interruptRequestSchema.safeParse(interruptionPayload(choice));
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/**
 * The employees to tick: the selector's, plus any worker of the resumed record who has left the
 * list since (deleted), so that the record still shows who worked on it.
 */
export function workerChoices(employees: SelectorItem[], record: WorkRecord | null): SelectorItem[] {
  const listed = new Set(employees.map((employee) => employee.id));
  return [...employees, ...(record?.employees.filter((employee) => !listed.has(employee.id)) ?? [])];
}
