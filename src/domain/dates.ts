/**
 * Dates as people type them: with the Japanese IME on (full-width digits and separators), without
 * separators, with or without leading zeros, or only month and day. Every date input of the screens,
 * and the date part of the record editor's times, reads dates through this one function.
 */
export const dateMessages = {
  unreadable: '日付を読み取れません。2026/11/05 のように入力してください。',
} as const;

/** The dashes an IME may write for a hyphen: ー (長音), − (minus), ‐ ‑ ‒ – — (dashes). */
const dashes = /[ー−‐‑‒–—―]/g;

/**
 * Full-width letters, digits, spaces and signs as their ASCII forms (NFKC) and every kind of dash as
 * a hyphen: text typed with the input method as it is compared (slip numbers, names, figures).
 */
export function toHalfWidthText(text: string): string {
  return text.normalize('NFKC').replace(dashes, '-');
}

/** toHalfWidthText for a date, with 年 and 月 as slashes (日 dropped), so that `２０２６年１１月５日` reads as 2026/11/5. */
export function toHalfWidth(text: string): string {
  return toHalfWidthText(text)
    .replace(/[年月]/g, '/')
    .replace(/日/g, '');
}

const compact = /^(\d{4})(\d{2})(\d{2})$/;
const withYear = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;
const monthDay = /^(\d{1,2})[/.-](\d{1,2})$/;

/** Years outside are typing mistakes (a digit too few or too many), never a work date. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/**
 * A typed date as YYYY-MM-DD, or null when it cannot be read. Accepts `YYYY/M/D`, `YYYY-MM-DD`,
 * `YYYY.M.D`, `YYYYMMDD` and, when thisYear is given, `M/D` of that year; full-width forms of all of
 * them; spaces anywhere. Only days that exist: 2026/02/30 is null, so that a half-typed date is never
 * taken for another one.
 */
export function readDate(text: string, thisYear?: number): string | null {
  const value = toHalfWidth(text).replace(/\s+/g, '');
  const parts = compact.exec(value) ?? withYear.exec(value);
  if (parts) return realDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
  const short = monthDay.exec(value);
  if (short && thisYear !== undefined) return realDate(thisYear, Number(short[1]), Number(short[2]));
  return null;
}

function realDate(year: number, month: number, day: number): string | null {
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
