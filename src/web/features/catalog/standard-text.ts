/** A standard as its input holds it: empty for none. */
export function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** What an input of a standard sends: null when empty, the number typed otherwise (the schema checks it is whole). */
export function textNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}
