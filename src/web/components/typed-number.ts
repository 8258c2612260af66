import { toHalfWidthText } from '../../domain/dates.ts';

/** Digits grouped by thousands as they are written: 3,000 and 1,234,567 (not 3,00 or 1,2). */
const grouped = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * A number as an office types it: full-width digits (the Japanese input method's default) and
 * thousands separators in their places (3,000 or ３，０００) read as the number; NaN for text that is
 * none, a comma out of place included, for the schema to refuse with its message.
 */
export function readTypedNumber(text: string): number {
  const plain = toHalfWidthText(text).trim();
  if (plain === '') return Number.NaN;
  return Number(grouped.test(plain) ? plain.replaceAll(',', '') : plain);
}
