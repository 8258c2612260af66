/**
 * The limits and messages of the fields that recur across requests, route parameters and forms, and
 * how an id is read from an address. The schemas in fields.ts build on them; kept apart from those
 * so that a screen showing a limit or reading an address does not load zod with its first load.
 */

/** The largest id a 32-bit integer column of either engine holds. */
export const ID_MAX = 2_147_483_647;
/** docs/PRODUCT.md#work-screen: the slip number is at most 15 characters, typed on the numeric keypad. */
export const SLIP_NO_MAX_LENGTH = 15;
/** The most workers one record names (a start or a correction). */
export const MAX_WORKERS = 100;
/** The largest count a keypad can hold and the database column can keep. */
export const COUNT_MAX = 999_999_999;

export const fieldMessages = {
  tooLong: (label: string, max: number) => `${label}は${max}文字以内で入力してください。`,
  slipNoRequired: '作業伝票Noを選択してください。',
  slipNoTooLong: `作業伝票Noは${SLIP_NO_MAX_LENGTH}文字以内で入力してください。`,
  slipNoCharacters: '作業伝票Noは数字で入力してください。',
  slipNoDigit: '作業伝票Noには数字を1文字以上入力してください。',
  count: (label: string) => `${label}は0以上の整数で入力してください。`,
  badDate: '日付はYYYY-MM-DDの形式で入力してください。',
} as const;

export const ID_TEXT = /^[1-9]\d{0,9}$/;

/** An id as text, in an address: the id, or null when the text names none. */
export function parseIdText(text: string): number | null {
  if (!ID_TEXT.test(text)) return null;
  const id = Number(text);
  return id <= ID_MAX ? id : null;
}
