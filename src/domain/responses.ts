import { z } from 'zod';
import { idSchema } from './fields.ts';

/**
 * The answers that every feature shares. Every refusal, 4xx or 5xx, has one shape with a Japanese
 * message; a write answers `result: true`, and a create the new id as well.
 */
export const errorResponseSchema = z.object({ result: z.literal(false), errorMessage: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ result: z.literal(true) });

export const createdResponseSchema = okResponseSchema.extend({ id: idSchema });
export type CreatedResponse = z.infer<typeof createdResponseSchema>;

/**
 * A saved master (docs/API.md#masters): its version after the save, which a next save may send without
 * reading it again; the version it was read at when the save changed nothing.
 */
export const savedResponseSchema = okResponseSchema.extend({ version: z.number().int().min(1) });
export type SavedResponse = z.infer<typeof savedResponseSchema>;

/** A choice of a selector: what the work screens and the lists offer. */
export const selectorItemSchema = z.object({ id: idSchema, name: z.string() });
export type SelectorItem = z.infer<typeof selectorItemSchema>;
