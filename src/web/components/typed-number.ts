import { toHalfWidth } from '../../domain/dates.ts';

/**
 * A number as an office types it: full-width digits (the Japanese input method's default) and
 * thousands separators (3,000 or ３，０００) read as the number; NaN for text that is none, for the
 * schema to refuse with its message.
 */
export function readTypedNumber(text: string): number {
  const plain = toHalfWidth(text).replace(/,/g, '').trim();
  return plain === '' ? Number.NaN : Number(plain);
}
