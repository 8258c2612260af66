import { interruptRequestSchema, startRequestSchema } from '../../../domain/product-cost.ts';
import { interruptionPayload, startPayload, type CountValues, type InterruptionChoice, type JobFields } from './work-form.ts';

/*
 * The work screen's checks before a press and of a scan, with the server's own schemas. They bring
 * zod with them, so the screen loads this module after it is shown (load-work-checks.ts), not with
 * its first load.
 */

/** A scanned text as the slip number, or the refusal naming what was read. */
export { readScannedSlip } from '../../../domain/scan.ts';

/**
 * The first reason not to start, in the order of docs/PRODUCT.md#work-screen (slip, workers, paper size, processing), or
 * null. The server checks with the same schema.
 */
export function startProblem(fields: JobFields, counts: CountValues): string | null {
  const parsed = startRequestSchema.safeParse(startPayload(fields, counts));
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** 中断内容を選択してください。, or for その他 without a text その他の内容を入力してください。, or null. */
export function interruptionProblem(choice: InterruptionChoice): string | null {
  const parsed = interruptRequestSchema.safeParse(interruptionPayload(choice));
  return parsed.success ? null : parsed.error.issues[0]!.message;
}
