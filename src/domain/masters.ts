import { z } from 'zod';
import { fieldMessages } from './field-limits.ts';
import { optionalName, requiredName, rowIdSchema } from './fields.ts';
import { categoryMessage, interruptionCategories, nameMaxLength, type NamedMasterDefinition } from './named-masters.ts';
import { rateItemSchema, ratesSchema } from './rates.ts';
import { selectorItemSchema } from './responses.ts';

export type { SelectorItem } from './responses.ts';

// The definitions, which the server and the tests take from here with the schemas.
export {
  categoryMessage,
  interruptionCategories,
  nameMaxLength,
  namedMasters,
  OTHER_INTERRUPTION_ID,
  type NamedMasterDefinition,
} from './named-masters.ts';

/** A master's name where something still names it after it was deleted (a record's choice, a station's machine). */
export const deletedName = (name: string) => `${name}（削除済み）`;

export const masterMessages = {
  tooLong: fieldMessages.tooLong,
  duplicate: (noun: string) => `同じ${noun}が既に登録されています。`,
  notFound: (noun: string) => `${noun}が見つかりません。`,
  otherCannotBeDeleted: '中断内容「その他」は削除できません。',
} as const;

/**
 * A master's version (docs/API.md#masters): the one-item read answers it, every save moves it on, and
 * a PUT that carries it is refused with 409 (messages.conflict) once the item has moved on since that
 * read, so that a form open over someone else's save cannot silently undo it. Optional: a PUT
 * without it saves whatever the version, as before there was one.
 */
export const versionSchema = z.number().int().min(1);
export const sentVersionSchema = versionSchema.optional();

export function namedMasterSchema(definition: NamedMasterDefinition) {
  return z.object({
    id: rowIdSchema,
    name: requiredName(definition.nameLabel, definition.nameRequired, nameMaxLength),
    phonetic_name: definition.hasPhoneticName ? optionalName('フリガナ', nameMaxLength) : z.string().nullish(),
    /** Interruption reasons: unplanned when not given. */
    category: z.enum(interruptionCategories, { error: categoryMessage }).default('unplanned'),
    /** Machines: left as stored when not given. */
    rates: ratesSchema.optional(),
    version: sentVersionSchema,
  });
}

export type NamedMasterInput = z.infer<ReturnType<typeof namedMasterSchema>>;

/** The body of POST and PUT: the item under its resource's key ({ machine: { … } }). */
export function namedMasterPayloadSchema(definition: NamedMasterDefinition) {
  return z.object({ [definition.resource]: namedMasterSchema(definition) });
}

/** An item as the list and the read answer it: companies carry their reading, the others only a name. */
export const namedMasterItemSchema = selectorItemSchema.extend({
  phonetic_name: z.string().optional(),
  category: z.enum(interruptionCategories).optional(),
  rates: z.array(rateItemSchema).optional(),
  version: versionSchema.optional(),
});
export type NamedMasterItem = z.infer<typeof namedMasterItemSchema>;

/**
 * The item of one master exactly, so that a company without its reading, or a machine with one, is
 * caught: companies carry their reading, interruption reasons their category; an item read alone
 * (`alone`) carries its version, and a machine its rates, which the list leaves out.
 */
export function namedMasterItemSchemaOf(definition: NamedMasterDefinition, alone = false) {
  return namedMasterItemSchema.required().pick({
    id: true,
    name: true,
    ...(definition.hasPhoneticName ? { phonetic_name: true } : {}),
    ...(definition.hasCategory ? { category: true } : {}),
    ...(definition.hasRates && alone ? { rates: true } : {}),
    ...(alone ? { version: true } : {}),
  } as const) as unknown as typeof namedMasterItemSchema;
}
