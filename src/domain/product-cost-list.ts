import { z } from 'zod';
import { toHalfWidthText } from './dates.ts';
import { fieldMessages } from './field-limits.ts';
import { idSchema, idText, optionalDateSchema, workshopTimeSchema } from './fields.ts';
import { deletedName } from './masters.ts';
import { countFiguresSchema, workStateSchema } from './product-cost.ts';
import { workMessages } from './product-cost-fields.ts';

/** One row of the work-time list (docs/PRODUCT.md#work-time-list), with the derived values computed on the server. */
export const productCostListRowSchema = z.object({
  id: idSchema,
  /** The state code (docs/PRODUCT.md#state-codes): 0 when finished, so it is truthy while in progress. */
  state: workStateSchema,
  /** 要確認: in progress with no action for longer than 要確認までの時間 (docs/PRODUCT.md#stale-jobs). */
  stale: z.boolean(),
  slip_no: z.string(),
  started_on: workshopTimeSchema,
  finished_on: workshopTimeSchema.nullable(),
  /** The work date (YYYY-MM-DD) in the workshop time zone. */
  work_date: z.iso.date(),
  workers_name: z.string(),
  paper_size_name: z.string(),
  processing_name: z.string(),
  processing_detail_name: z.string(),
  machine_id: idSchema.nullable(),
  machine_name: z.string(),
  /** The machine has been deleted since: the list names it 「{name}（削除済み）」. */
  machine_deleted: z.boolean(),
  company_name: z.string(),
  /** H:MM */
  worked_time: z.string(),
  total_breaked_time: z.string(),
  setup_time: z.string(),
  worked_seconds: z.number().int().min(0),
  breaked_seconds: z.number().int().min(0),
  setup_seconds: z.number().int().min(0),
  ...countFiguresSchema.shape,
  /** Percent, one decimal. */
  working_rate: z.number(),
});
export type ProductCostListRow = z.infer<typeof productCostListRowSchema>;

export const listMessages = {
  badDate: fieldMessages.badDate,
  rangeReversed: '開始日は終了日より前の日付にしてください。',
  badPage: 'ページの指定が正しくありません。',
  badInProgress: '作業中の指定が正しくありません。',
  badSlip: '作業伝票Noの指定が正しくありません。',
  badMachine: '加工機の指定が正しくありません。',
  unknownMachine: workMessages.unknownMachine,
} as const;

/**
 * A 作業伝票No in a query (the list's search, 分析's filter, a slip's last job): at most 100 characters,
 * read as half-width (full-width digits, any dash) and trimmed.
 */
export const slipQuerySchema = z
  .string({ error: listMessages.badSlip })
  .max(100, listMessages.badSlip)
  .transform((text) => toHalfWidthText(text).trim());

export const listQuerySchema = z
  .object({
    started_from: optionalDateSchema,
    started_to: optionalDateSchema,
    /**
     * Only the records whose 作業伝票No holds this text anywhere (1187 finds 24-1187), read as half-width
     * (full-width digits, any dash); empty means every slip.
     */
    slip: slipQuerySchema.optional(),
    /**
     * Only the records of this machine. A machine deleted since is searched like the others (its history
     * stays), an id that never was is refused with unknownMachine.
     */
    machine_id: idText(listMessages.badMachine).optional(),
    /** true: only the jobs in progress (not finished), whatever their work date unless a range is given too. */
    in_progress: z
      .enum(['true', 'false'], { error: listMessages.badInProgress })
      .transform((value) => value === 'true')
      .optional(),
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
    from: optionalDateSchema,
    to: optionalDateSchema,
    encoding: z.enum(['utf-8', 'shift_jis'], { error: '文字コードの指定が正しくありません。' }).default('utf-8'),
    /** The CSV, or the same columns as an Excel workbook (Excelダウンロード). */
    format: z.enum(['csv', 'xlsx'], { error: 'ファイル形式の指定が正しくありません。' }).default('csv'),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: listMessages.rangeReversed });
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

export const LIST_PAGE_SIZE = 20;

/** The names the list's downloads are saved under (docs/PRODUCT.md#csv-export), without and with their extension. */
export const LIST_FILE_STEM = '作業時間一覧';
export const CSV_FILE_NAME = `${LIST_FILE_STEM}.csv`;
export const LIST_WORKBOOK_NAME = `${LIST_FILE_STEM}.xlsx`;

/** 加工内容 as the list and the CSV show it: the processing followed by its detail. */
export function processingContent(row: Pick<ProductCostListRow, 'processing_name' | 'processing_detail_name'>): string {
  return [row.processing_name, row.processing_detail_name].filter(Boolean).join(' ');
}

/** 加工機 as the list shows it: a machine deleted since by its name marked （削除済み）. */
export function shownMachineName(row: Pick<ProductCostListRow, 'machine_name' | 'machine_deleted'>): string {
  return row.machine_deleted ? deletedName(row.machine_name) : row.machine_name;
}

/** A work date (YYYY-MM-DD) as the list and the CSV show it: YYYY/MM/DD, which Excel reads as a date. */
export function slashDate(date: string): string {
  return date.replaceAll('-', '/');
}
