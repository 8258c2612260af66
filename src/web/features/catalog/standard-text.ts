import { readTypedNumber } from '../../components/typed-number.ts';

/** A standard as its input holds it: empty for none. */
export function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** What an input of a standard sends: null when empty, the number typed otherwise, full-width or with commas (the schema checks it is whole). */
export function textNumber(text: string): number | null {
  return text.trim() === '' ? null : readTypedNumber(text);
}
