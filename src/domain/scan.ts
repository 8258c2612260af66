import { slipNoSchema } from './fields.ts';

export const scanMessages = {
  /** What was read is named, so that a worker sees a wrong barcode for what it is. */
  notASlip: (read: string, why: string) => `読み取った「${read}」は作業伝票Noとして使えません。${why}`,
} as const;

/** A scanned text as the slip number, by the slip number's own rules (src/domain/fields.ts), or why not. */
export function readScannedSlip(read: string): { slipNo: string } | { refused: string } {
  const parsed = slipNoSchema.safeParse(read);
  if (parsed.success) return { slipNo: parsed.data };
  return { refused: scanMessages.notASlip(read, parsed.error.issues[0]!.message) };
}
