import { z } from 'zod';

/** A numeric id in a path; anything else is a bad request, not a lookup. */
export const idParam = z.string().regex(/^[1-9]\d{0,9}$/).transform(Number).pipe(z.number().int().max(2_147_483_647));

export const idParams = z.object({ id: idParam });
