import { z } from 'zod';
import { idSchema } from './fields.ts';
import { slipQuerySchema } from './product-cost-list.ts';

/**
 * How far apart an order's jobs lie at most: its printing, cutting and folding, under one slip. A new
 * job of a slip takes the customer and paper of the slip's last job of these days (docs/PRODUCT.md#work-screen),
 * and the record editor's link to the order in 分析 spans them either side: plain slip numbers come
 * round again, and last year's 1187 is another order.
 */
export const SLIP_DEFAULTS_DAYS = 60;

/** The work dates of the order of a job of `workDate` (YYYY-MM-DD): SLIP_DEFAULTS_DAYS either side. */
export function orderDates(workDate: string): { from: string; to: string } {
  const shifted = (days: number) => new Date(Date.parse(`${workDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { from: shifted(-SLIP_DEFAULTS_DAYS), to: shifted(SLIP_DEFAULTS_DAYS) };
}

/** GET /api/productcost/slip_defaults?slip_no=: the slip compared whole, as 分析's filter compares it. */
export const slipDefaultsQuerySchema = z.object({ slip_no: slipQuerySchema });

/** The last job's 用紙サイズ and 会社, each null when it had none or the item has been deleted since. */
export const slipDefaultsSchema = z.object({
  paper_size_id: idSchema.nullable(),
  company_id: idSchema.nullable(),
});
export type SlipDefaults = z.infer<typeof slipDefaultsSchema>;
