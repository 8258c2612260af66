import { z } from 'zod';
import type { WorkState } from './work-state.ts';

/** One row of the work-time list (docs/PRODUCT.md#work-time-list), with the derived values computed on the server. */
export interface ProductCostListRow {
  id: number;
  /** The state code (docs/PRODUCT.md#state-codes): 0 when finished, so it is truthy while in progress. */
  state: WorkState;
  slip_no: string;
  started_on: string;
  finished_on: string | null;
  /** The work date (YYYY-MM-DD) in the workshop time zone. */
  work_date: string;
  workers_name: string;
  paper_size_name: string;
  processing_name: string;
  processing_detail_name: string;
  machine_name: string;
  company_name: string;
  /** H:MM */
  worked_time: string;
  total_breaked_time: string;
  setup_time: string;
  worked_seconds: number;
  breaked_seconds: number;
  setup_seconds: number;
  superior: number | null;
  wound: number | null;
  size: number | null;
  miss: number | null;
  other: number | null;
  total_defective: number;
  defective_rate: number;
  /** Percent, one decimal. */
  working_rate: number;
}

export const listMessages = {
  badDate: '日付はYYYY-MM-DDの形式で入力してください。',
  rangeReversed: '開始日は終了日より前の日付にしてください。',
  badPage: 'ページの指定が正しくありません。',
} as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, listMessages.badDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, listMessages.badDate);

/** An optional date: empty means no bound (docs/PRODUCT.md#work-date). */
const optionalDate = z
  .union([isoDate, z.literal('')])
  .nullish()
  .transform((value) => value || undefined);

export const listQuerySchema = z
  .object({
    started_from: optionalDate,
    started_to: optionalDate,
    page: z.coerce
      .number({ error: listMessages.badPage })
      .int(listMessages.badPage)
      .min(1, listMessages.badPage)
      .max(1_000_000, listMessages.badPage)
      .optional(),
    per_page: z.coerce
      .number({ error: listMessages.badPage })
      .int(listMessages.badPage)
      .min(1, listMessages.badPage)
      .max(1000, listMessages.badPage)
      .optional(),
  })
  .refine((query) => !query.started_from || !query.started_to || query.started_from <= query.started_to, {
    message: listMessages.rangeReversed,
  });

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** POST /api/productcost/download: { from, to }, and Shift_JIS on request for older Excel. */
export const downloadRequestSchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    encoding: z.enum(['utf-8', 'shift_jis'], { error: '文字コードの指定が正しくありません。' }).default('utf-8'),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: listMessages.rangeReversed });

export const LIST_PAGE_SIZE = 20;

/** The name the CSV is saved under (docs/PRODUCT.md#csv-export). */
export const CSV_FILE_NAME = '作業時間一覧.csv';

/** 加工内容 as the list and the CSV show it: the processing followed by its detail. */
export function processingContent(row: Pick<ProductCostListRow, 'processing_name' | 'processing_detail_name'>): string {
  return [row.processing_name, row.processing_detail_name].filter(Boolean).join(' ');
}

/** A work date (YYYY-MM-DD) as the list and the CSV show it: YYYY/MM/DD, which Excel reads as a date. */
export function slashDate(date: string): string {
  return date.replaceAll('-', '/');
}
