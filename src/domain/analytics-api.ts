import { z } from 'zod';
import { stopCategories } from './analytics.ts';
import { fieldMessages } from './field-limits.ts';
import { idSchema, idText, isoDateSchema } from './fields.ts';
import { slipQuerySchema } from './product-cost-list.ts';

/** The calls of 分析 (docs/API.md#analytics): their filters, and the shapes they answer. */
export const analyticsMessages = {
  fromRequired: '開始日を入力してください。',
  toRequired: '終了日を入力してください。',
  badDate: fieldMessages.badDate,
  rangeReversed: '開始日は終了日より前の日付にしてください。',
  badId: '絞り込みの指定が正しくありません。',
  badBy: '集計の単位が正しくありません。',
  badSort: '並べ替えの指定が正しくありません。',
  badPage: 'ページの指定が正しくありません。',
  badFormat: 'ファイル形式の指定が正しくありません。',
  badEncoding: '文字コードの指定が正しくありません。',
} as const;

const optionalId = idText(analyticsMessages.badId).optional();

/** The filters every call takes. */
const filterFields = {
  from: z.string({ error: analyticsMessages.fromRequired }).pipe(isoDateSchema),
  to: z.string({ error: analyticsMessages.toRequired }).pipe(isoDateSchema),
  machine_id: optionalId,
  company_id: optionalId,
  processing_id: optionalId,
  processing_detail_id: optionalId,
  paper_size_id: optionalId,
  employee_id: optionalId,
  /**
   * One 作業伝票No, read as half-width (`２４ー１１８７` is 24-1187) and compared whole, case aside: what an
   * order cost over all its processes. Not "holding the text" as the list's search: 1187 would add
   * 11870's jobs to the total. Empty means every slip.
   */
  slip: slipQuerySchema.transform((slip) => slip || undefined).optional(),
};

/** A query of the filters and the call's own fields, the range the right way round. */
function withFilters<const Fields extends z.ZodRawShape>(fields: Fields) {
  return z
    .object({ ...filterFields, ...fields })
    .refine((query) => (query as { from: string; to: string }).from <= (query as { from: string; to: string }).to, {
      message: analyticsMessages.rangeReversed,
    });
}

export const analyticsFilterSchema = withFilters({});
export type AnalyticsFilter = z.output<typeof analyticsFilterSchema>;

export const breakdownKeys = [
  'machine',
  'employee',
  'processing',
  'processing_detail',
  'paper_size',
  'company',
  'day',
  'week',
  'month',
] as const;
export type BreakdownBy = (typeof breakdownKeys)[number];

const breakdownBy = z.enum(breakdownKeys, { error: analyticsMessages.badBy });
export const breakdownQuerySchema = withFilters({ by: breakdownBy });

export const jobSortKeys = [
  'work_date',
  'slip_no',
  'worked_seconds',
  'man_seconds',
  'setup_seconds',
  'stop_seconds',
  'good',
  'defective',
  'oee',
  'machine_cost',
  'labour_cost',
  'cost',
  'cost_per_good',
  'reason_seconds',
] as const;
export type JobSortKey = (typeof jobSortKeys)[number];

const page = (max: number) =>
  z.coerce
    .number({ error: analyticsMessages.badPage })
    .int(analyticsMessages.badPage)
    .min(1, analyticsMessages.badPage)
    .max(max, analyticsMessages.badPage);

const jobSort = z
  .string()
  .regex(new RegExp(`^-?(${jobSortKeys.join('|')})$`), analyticsMessages.badSort)
  .default('-work_date');

/**
 * 作業別原価's own filter, the Pareto's drill-down: the jobs stopped at least once for this reason (中断内容),
 * in work or in a setup. Their time for it is `reason_seconds`, which `sort` may name.
 */
const jobFilterFields = { interruption_id: optionalId };

/** 作業別原価's fields: an order by `reason_seconds` needs the reason it is the time of. */
function jobsOf<const Fields extends z.ZodRawShape>(fields: Fields) {
  return withFilters({ sort: jobSort, ...jobFilterFields, ...fields }).refine(
    (query) => {
      const { sort, interruption_id } = query as { sort: string; interruption_id?: number };
      return interruption_id !== undefined || sort.replace(/^-/, '') !== 'reason_seconds';
    },
    { message: analyticsMessages.badSort },
  );
}

/** sort: a key, newest or largest first with a leading "-" (default "-work_date"). */
export const jobsQuerySchema = jobsOf({
  page: page(1_000_000).default(1),
  per_page: page(1000).default(20),
});

/** The downloads' own fields: the file (xlsx or csv) and, for a CSV, its encoding as the list's CSV has it. */
const downloadFields = {
  format: z.enum(['xlsx', 'csv'], { error: analyticsMessages.badFormat }),
  encoding: z.enum(['utf-8', 'shift_jis'], { error: analyticsMessages.badEncoding }).default('utf-8'),
};

/** GET /api/analytics/jobs/export: every job row of the filters, in the table's order. */
export const jobsExportQuerySchema = jobsOf(downloadFields);
/** The filters of 作業別原価: the screen's, and the stop reason it may be narrowed to. */
export type JobsFilter = AnalyticsFilter & { interruption_id?: number };

/** GET /api/analytics/breakdown/export: one breakdown's rows. */
export const breakdownExportQuerySchema = withFilters({ by: breakdownBy, ...downloadFields });

/** GET /api/analytics/losses/export: the Pareto's rows, largest first. */
export const lossesExportQuerySchema = withFilters(downloadFields);

/** What a breakdown's rows are, as the screen and the downloads name it. */
export const breakdownNames: Record<BreakdownBy, string> = {
  machine: '加工機',
  employee: '作業者',
  processing: '加工内容',
  processing_detail: '加工内容詳細',
  paper_size: '用紙サイズ',
  company: '会社',
  day: '日',
  week: '週',
  month: '月',
};

/**
 * What 分析 calls a missing master: a breakdown's item (in its table and its downloads) and, on the
 * screen, a job's 加工機 when it has none. The job downloads leave that cell empty, for a spreadsheet's filter.
 */
export const noItemName = '（なし）';

const percentage = z.number().nullable().describe('percent, one decimal; null when there is nothing to divide by');
const seconds = z.number().int();
const yen = z.number().int();

/** The OEE parts and the ratios every aggregate carries. */
const ratios = {
  availability: percentage,
  performance: percentage.describe('percent, one decimal; null when no record of the set has a standard speed'),
  quality: percentage,
  oee: percentage,
};

/** GET /api/analytics/missing_rates: the machines and workers a job of the range was costed without a rate for, by name. */
const namedItemSchema = z.object({ id: idSchema, name: z.string() });
export const missingRatesSchema = z.object({ machines: z.array(namedItemSchema), employees: z.array(namedItemSchema) });
export type MissingRates = z.infer<typeof missingRatesSchema>;

export const summarySchema = z.object({
  jobs: z.number().int(),
  finished_jobs: z.number().int(),
  worked_seconds: seconds,
  man_seconds: seconds,
  setup_seconds: seconds,
  planned_stop_seconds: seconds,
  unplanned_stop_seconds: seconds,
  run_seconds: seconds,
  good: z.number().int(),
  defective: z.number().int(),
  defective_rate: z.number(),
  working_rate: z.number(),
  ...ratios,
  machine_cost: yen,
  labour_cost: yen,
  cost: yen,
  cost_per_good: z.number().nullable(),
  rate_missing: z.number().int(),
});
export type AnalyticsSummary = z.infer<typeof summarySchema>;

export const lossRowSchema = z.object({
  interruption_id: idSchema,
  name: z.string(),
  category: z.enum(stopCategories),
  seconds,
  count: z.number().int(),
  share: z.number(),
  cumulative_share: z.number(),
});
export type LossRow = z.infer<typeof lossRowSchema>;

export const breakdownRowSchema = z.object({
  /**
   * The id of the machine, employee, … as text (null for records without one), or the day
   * (YYYY-MM-DD), the week's Monday (YYYY-MM-DD) or the month (YYYY-MM).
   */
  key: z.string().nullable(),
  name: z.string(),
  jobs: z.number().int(),
  worked_seconds: seconds,
  man_seconds: seconds,
  good: z.number().int(),
  defective: z.number().int(),
  defective_rate: z.number(),
  wound: z.number().int(),
  size: z.number().int(),
  miss: z.number().int(),
  other: z.number().int(),
  ...ratios,
  cost: yen,
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const jobRowSchema = z.object({
  id: idSchema,
  slip_no: z.string(),
  work_date: z.iso.date(),
  finished: z.boolean(),
  workers_name: z.string(),
  machine_name: z.string(),
  company_name: z.string(),
  processing_name: z.string(),
  processing_detail_name: z.string(),
  paper_size_name: z.string(),
  worked_seconds: seconds,
  man_seconds: seconds,
  setup_seconds: seconds,
  /** 標準段取り時間 of the record's detail, in seconds; null without one. */
  standard_setup_seconds: seconds.nullable(),
  planned_stop_seconds: seconds,
  unplanned_stop_seconds: seconds,
  run_seconds: seconds,
  good: z.number().int(),
  defective: z.number().int(),
  ...ratios,
  machine_cost: yen,
  labour_cost: yen,
  cost: yen,
  cost_per_good: z.number().nullable(),
  rate_missing: z.boolean(),
  /** The job's stop time for the reason the call was narrowed to (interruption_id), setups' included; null without one. */
  reason_seconds: seconds.nullable(),
});
export type JobRow = z.infer<typeof jobRowSchema>;

/**
 * GET /api/analytics/jobs/{id}: one job's row, and what its cost was worked out from on its work date,
 * so that machine_cost = PPT hours × machine_rate and labour_cost = PPT hours × labour_rate, each to
 * whole yen.
 */
export const jobCostSchema = jobRowSchema.extend({
  machine_rate: yen.nullable().describe('時間チャージ of the machine applied, 円/時; null without a machine or without its rate'),
  labour_rate: yen
    .nullable()
    .describe('the sum of the workers’ 労務単価 applied, 円/時, a worker without one counting 0 as in labour_cost; null when none has one'),
  missing_rates: missingRatesSchema.describe('the machine and the workers whose rate was missing on the work date (costed at 0 円)'),
});
export type JobCost = z.infer<typeof jobCostSchema>;
