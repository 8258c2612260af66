import { toHalfWidthText } from './dates.ts';

/**
 * A master's name as sameness is judged (docs/PRODUCT.md#master-screens): what people read as one
 * name is one key. NFKC folds the widths (`Ａ４` is `A4`, `２つ折り` is `2つ折り`, `ｶｯﾀｰ` is `カッター`) and
 * every kind of dash becomes a hyphen (toHalfWidthText); upper-casing then lower-casing folds the
 * letter case fully, as userIdKey does; and every space goes, half-width or full-width (U+3000),
 * between words or around them: `断裁機 1号` with either space and `断裁機1号` are one machine. What is
 * written with other characters stays apart: `二つ折り` is not `2つ折り`, nor `たなか` `タナカ`.
 *
 * One definition for the two places that compare names: the master lists' 絞り込み, and the
 * server's refusal of a second active item of the same name.
 */
export function nameKey(name: string): string {
  return toHalfWidthText(toHalfWidthText(name).toUpperCase().toLowerCase()).replace(/\s+/g, '');
}

/** Whether two names are one under nameKey. */
export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);
