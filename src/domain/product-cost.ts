import { z } from 'zod';
import { OTHER_INTERRUPTION_ID } from './masters.ts';
import type { WorkState } from './work-state.ts';

/** SPEC §9: the slip number is at most 15 characters, typed on the numeric keypad. */
export const SLIP_NO_MAX_LENGTH = 15;
/** The largest count a keypad can hold and the database column can keep. */
export const COUNT_MAX = 999_999_999;
export const INTERRUPTION_OTHER_MAX_LENGTH = 200;
export const PROCESS2_MAX_LENGTH = 1000;

export const workMessages = {
  slipNoRequired: '作業伝票Noを選択してください。',
  slipNoTooLong: `作業伝票Noは${SLIP_NO_MAX_LENGTH}文字以内で入力してください。`,
  slipNoCharacters: '作業伝票Noは数字で入力してください。',
  slipNoDigit: '作業伝票Noには数字を1文字以上入力してください。',
  workersRequired: '作業者を選択してください。',
  paperSizeRequired: '用紙サイズを選択してください。',
  processingRequired: '加工内容を入力してください。',
  interruptionRequired: '中断内容を選択してください。',
  interruptionOtherRequired: 'その他の内容を入力してください。',
  interruptionOtherTooLong: `その他の内容は${INTERRUPTION_OTHER_MAX_LENGTH}文字以内で入力してください。`,
  interruptionOtherAtLimit: `その他の内容は${INTERRUPTION_OTHER_MAX_LENGTH}文字までです。`,
  count: (label: string) => `${label}は0以上の整数で入力してください。`,
  process2TooLong: `備考は${PROCESS2_MAX_LENGTH}文字以内で入力してください。`,
  unknownWorker: '選択された作業者は登録されていません。',
  unknownPaperSize: '選択された用紙サイズは登録されていません。',
  unknownProcessing: '選択された加工内容は登録されていません。',
  unknownMachine: '選択された加工機は登録されていません。',
  unknownCompany: '選択された会社は登録されていません。',
  unknownInterruption: '選択された中断内容は登録されていません。',
  recordNotFound: '作業記録が見つかりません。',
  notAllowedNow: 'この操作は現在の作業状態では行えません。画面を読み込み直してください。',
  confirmFinish: '作業を終了します。よろしいですか？',
  confirmNowork: '終業します。よろしいですか？',
  confirmStartOfDay: 'おはようございます。始業しますか？',
  noworkDone: '途中経過を登録しました。お疲れ様でした。',
  startOfDayDone: '作業を開始しました。',
} as const;

export const countLabels = { superior: '良品数', wound: 'キズ', size: 'サイズミス', miss: 'ポカミス', other: 'その他' } as const;
export type CountField = keyof typeof countLabels;
export const countFields = Object.keys(countLabels) as CountField[];

/**
 * The slip number as both screens and the server check it: typed on a keypad of digits, minus and
 * dot, at most 15 characters, and holding at least one digit (`---` or `.` names no slip).
 */
export const slipNoSchema = z
  .string({ error: workMessages.slipNoRequired })
  .trim()
  .min(1, workMessages.slipNoRequired)
  .max(SLIP_NO_MAX_LENGTH, workMessages.slipNoTooLong)
  .regex(/^[0-9.-]+$/, workMessages.slipNoCharacters)
  .regex(/[0-9]/, workMessages.slipNoDigit);

/** A count as a keypad sends it: a whole number ≥ 0, or empty. Text of digits is read as a number. */
function countSchema(label: string) {
  const message = workMessages.count(label);
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\s*\d*\s*$/, message)], { error: message })
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value === '' || (typeof value === 'string' && !value.trim()) ? null : Number(value),
    )
    .pipe(z.number({ error: message }).int(message).min(0, message).max(COUNT_MAX, message).nullable());
}

const requiredId = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, context) => {
      const id = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : (value ?? NaN);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });

const optionalId = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined || value === '') return null;
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });

/** The counts and note that finishing (and stopping for the day) saves. */
export const finishFieldsSchema = z.object({
  process2: z.string().max(PROCESS2_MAX_LENGTH, workMessages.process2TooLong).nullish(),
  superior: countSchema(countLabels.superior),
  wound: countSchema(countLabels.wound),
  size: countSchema(countLabels.size),
  miss: countSchema(countLabels.miss),
  other: countSchema(countLabels.other),
});
export type FinishFields = z.infer<typeof finishFieldsSchema>;

/**
 * POST /api/productcost/start. The checks run in SPEC §5's order, so the first message is the one
 * the screen would have shown.
 */
export const startRequestSchema = z
  .object({
    slip_no: slipNoSchema,
    employees: z
      .array(requiredId(workMessages.unknownWorker), { error: workMessages.workersRequired })
      .min(1, workMessages.workersRequired)
      .max(100, workMessages.unknownWorker),
    paper_size_id: requiredId(workMessages.paperSizeRequired),
    processing_id: requiredId(workMessages.processingRequired),
    processing_detail_id: requiredId(workMessages.processingRequired),
    machine_id: optionalId(workMessages.unknownMachine),
    company_id: optionalId(workMessages.unknownCompany),
  })
  .extend(finishFieldsSchema.shape);
export type StartRequest = z.infer<typeof startRequestSchema>;

/** POST /api/productcost/break/{id} and setup/break/{setup_time_id}. */
export const interruptRequestSchema = z
  .object({
    interruption_id: requiredId(workMessages.interruptionRequired),
    interruption_other: z.string().trim().max(INTERRUPTION_OTHER_MAX_LENGTH, workMessages.interruptionOtherTooLong).nullish(),
  })
  .superRefine((value, context) => {
    if (value.interruption_id === OTHER_INTERRUPTION_ID && !value.interruption_other) {
      context.addIssue({ code: 'custom', message: workMessages.interruptionOtherRequired, path: ['interruption_other'] });
    }
  });
export type InterruptRequest = z.infer<typeof interruptRequestSchema>;

/** What both the work screen and the edit screen read of a record, times with the workshop's offset. */
export interface RecordFields {
  id: number;
  slip_no: string;
  employees: Array<{ id: number; name: string }>;
  paper_size_id: number | null;
  processing_id: number | null;
  processing_detail_id: number | null;
  machine_id: number | null;
  company_id: number | null;
  started_on: string;
  finished_on: string | null;
  superior: number | null;
  wound: number | null;
  size: number | null;
  miss: number | null;
  other: number | null;
  total_defective: number;
  defective_rate: number;
  process2: string | null;
  version: number;
}

/** The record as the work screen loads it (SPEC §3). */
export interface WorkRecord extends RecordFields {
  state: WorkState;
  setup_time: { id: number } | null;
  setup_break_time: { id: number; interruption_id: number; interruption_other: string | null } | null;
  break_time: { id: number; interruption_id: number; interruption_other: string | null } | null;
  nowork_time: { id: number; finished_on: string | null } | null;
}

/** What every work action answers: the new state and, for an action that opens a period, its id. */
export interface WorkActionResult {
  result: true;
  state: WorkState;
  product_cost?: WorkRecord;
  setup_time_id?: number;
  setup_break_time_id?: number;
  break_time_id?: number;
  nowork_time_id?: number;
}
