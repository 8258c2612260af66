import { errorResponseSchema } from '../domain/responses.ts';

/** A route's answers: its own by status, and the one error shape for every 4xx and 5xx. */
export function answers<const Success extends Record<number, unknown>>(success: Success) {
  return { ...success, '4xx': errorResponseSchema, '5xx': errorResponseSchema };
}
