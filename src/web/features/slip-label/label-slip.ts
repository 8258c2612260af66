import { slipNoSchema } from '../../../domain/fields.ts';

/** The slip number the address names, by the slip number's own rules (src/domain/fields.ts), or their message. */
export function readLabelSlip(raw: string | null): { slipNo: string } | { refused: string } {
  const parsed = slipNoSchema.safeParse(raw ?? '');
  if (parsed.success) return { slipNo: parsed.data };
  return { refused: parsed.error.issues[0]!.message };
}
