import { z } from 'zod';

/** A numeric id as text, in a path or a query string; `message` is the Japanese refusal, when it has one. */
export function idText(message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().max(2_147_483_647, message));
}

/** A numeric id in a path; anything else is a bad request, not a lookup. */
export const idParam = idText();

export const idParams = z.object({ id: idParam });
