import { z } from 'zod';
import { toHalfWidthText } from './dates.ts';
import { idSchema } from './fields.ts';
import { listMessages } from './product-cost-list.ts';

/**
 * What a new job of a slip takes from the slip's last job (docs/PRODUCT.md#work-screen): the order's
 * customer and paper, which its printing, cutting and folding share. Only a job of the last 60 days
 * counts: plain slip numbers come round again, and last year's 1187 is another order.
 */
export const SLIP_DEFAULTS_DAYS = 60;

/** GET /api/productcost/slip_defaults?slip_no=: the slip compared whole, as 分析's filter compares it. */
export const slipDefaultsQuerySchema = z.object({
  slip_no: z
    .string({ error: listMessages.badSlip })
    .max(100, listMessages.badSlip)
    .transform((text) => toHalfWidthText(text).trim()),
});

/** The last job's 用紙サイズ and 会社, each null when it had none or the item has been deleted since. */
export const slipDefaultsSchema = z.object({
  paper_size_id: idSchema.nullable(),
  company_id: idSchema.nullable(),
});
export type SlipDefaults = z.infer<typeof slipDefaultsSchema>;
