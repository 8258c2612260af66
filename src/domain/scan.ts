import { slipNoSchema } from './fields.ts';
import { scanMessages } from './scan-messages.ts';

// Its messages, which the tests take from here too.
export { scanMessages } from './scan-messages.ts';

/** A scanned text as the slip number, by the slip number's own rules (src/domain/fields.ts), or why not. */
export function readScannedSlip(read: string): { slipNo: string } | { refused: string } {
  const parsed = slipNoSchema.safeParse(read);
  if (parsed.success) return { slipNo: parsed.data };
  return { refused: scanMessages.notASlip(read, parsed.error.issues[0]!.message) };
}
