import { z } from 'zod';
import { COUNT_MAX, fieldMessages, ID_MAX, ID_TEXT, SLIP_NO_MAX_LENGTH } from './field-limits.ts';

/**
 * The rules of the fields that recur across requests, route parameters and forms: ids, the slip
 * number, counts, dates, names and free texts. Every schema builds its fields from these, so that a
 * rule changes in one place and the screens refuse exactly what the server refuses. Their limits
 * and messages are in field-limits.ts.
 */

/** An id as JSON carries it. */
export const idSchema = z.number().int().min(1).max(ID_MAX);

/** The id of a row that a form sends back, or nothing for a row to add. */
export const rowIdSchema = idSchema.nullish();

/** An id as text, in a path or a query string; `message` is the Japanese refusal, when it has one. */
export function idText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .regex(ID_TEXT, message)
    .transform(Number)
    .pipe(z.number().int().max(ID_MAX, message));
}

/** The id of a choice as a form sends it: a number, or the number as text (a select's value). */
function choiceId(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const id = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  return Number.isInteger(id) && id >= 1 && id <= ID_MAX ? id : NaN;
}

/** A choice that must be made; `message` says which, whether it is missing or malformed. */
export function requiredChoice(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, context) => {
      const id = choiceId(value);
      if (id === null || Number.isNaN(id)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}

/** A choice that may be left empty (null, absent or ''); anything else must be an id. */
export function optionalChoice(message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value, context) => {
      if (value === '') return null;
      const id = choiceId(value);
      if (Number.isNaN(id)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return id;
    });
}

/**
 * The work slip's number: digits, dots and hyphens, as the keypad types them, holding at least one
 * digit (`---` or `.` names no slip).
 */
export const slipNoSchema = z
  .string({ error: fieldMessages.slipNoRequired })
  .trim()
  .min(1, fieldMessages.slipNoRequired)
  .max(SLIP_NO_MAX_LENGTH, fieldMessages.slipNoTooLong)
  .regex(/^[0-9.-]+$/, fieldMessages.slipNoCharacters)
  .regex(/[0-9]/, fieldMessages.slipNoDigit);

/** A count as a keypad sends it: a whole number from 0 to COUNT_MAX, or empty (null). Text of digits is read as a number. */
export function countSchema(label: string) {
  const message = fieldMessages.count(label);
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\s*\d*\s*$/, message)], { error: message })
    .nullish()
    .transform((value) => (value === null || value === undefined || (typeof value === 'string' && !value.trim()) ? null : Number(value)))
    .pipe(z.number({ error: message }).int(message).min(0, message).max(COUNT_MAX, message).nullable());
}

/** A calendar date, YYYY-MM-DD, that exists. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessages.badDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, fieldMessages.badDate);

/** A time as the API answers it: ISO 8601 with the workshop's offset. */
export const workshopTimeSchema = z.iso.datetime({ offset: true });

/** A date that may be left empty: empty means no bound. */
export const optionalDateSchema = z
  .union([isoDateSchema, z.literal('')])
  .nullish()
  .transform((value) => value || undefined);

/** A required, trimmed name of bounded length. */
export function requiredName(label: string, requiredMessage: string, max: number) {
  return z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, fieldMessages.tooLong(label, max));
}

/** A trimmed text of bounded length that may be left empty; absent reads as ''. */
export function optionalName(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, fieldMessages.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');
}

/** A free text (a note, a reason) kept as typed, of bounded length; absent or null when not given. */
export function freeText(max: number, tooLongMessage: string) {
  return z.string().max(max, tooLongMessage).nullish();
}
