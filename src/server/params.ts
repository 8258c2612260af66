import { z } from 'zod';
import { idText } from '../domain/fields.ts';

/** A numeric id in a path; anything else is a bad request, not a lookup. */
export const idParams = z.object({ id: idText() });
