import { toHalfWidthText } from '../../../domain/dates.ts';
import { slipNoSchema } from '../../../domain/fields.ts';

/**
 * The slip number the address names, by the slip number's own rules (src/domain/fields.ts), or their
 * message; full-width digits and dashes, as a Japanese input method types them, read as half-width.
 */
export function readLabelSlip(raw: string | null): { slipNo: string } | { refused: string } {
  const parsed = slipNoSchema.safeParse(toHalfWidthText(raw ?? ''));
  if (parsed.success) return { slipNo: parsed.data };
  return { refused: parsed.error.issues[0]!.message };
}
