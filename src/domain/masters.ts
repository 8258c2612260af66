import { z } from 'zod';
import { fieldMessages, optionalName, requiredName, rowIdSchema } from './fields.ts';
import { rateItemSchema, ratesSchema } from './rates.ts';
import { selectorItemSchema } from './responses.ts';

export type { SelectorItem } from './responses.ts';

/** Interruption reason 5 is その他: it asks for a free text and can never be deleted. */
export const OTHER_INTERRUPTION_ID = 5;

export const nameMaxLength = 100;

/** One master that is just a name (and, for companies, its reading), as forms and the API carry it. */
export interface NamedMasterDefinition {
  /** API path segment and payload key: /api/machine with { machine: { … } }. */
  resource: 'machine' | 'company' | 'interruption' | 'paper_size' | 'call_reason';
  /** What the name field is called on the form, and the message when it is empty. */
  nameLabel: string;
  nameRequired: string;
  /** How a duplicate is described: 同じ<noun>が既に登録されています。 */
  noun: string;
  hasPhoneticName: boolean;
  /** 区分 (planned or unplanned stop): interruption reasons. */
  hasCategory?: boolean;
  /** 時間チャージ from a date on: machines. */
  hasRates?: boolean;
}

export const interruptionCategories = ['planned', 'unplanned'] as const;
export const categoryMessage = '区分を選んでください。';

export const namedMasters = {
  machine: {
    resource: 'machine',
    nameLabel: '名前',
    nameRequired: '名前を入力してください。',
    noun: '加工機',
    hasPhoneticName: false,
    hasRates: true,
  },
  company: { resource: 'company', nameLabel: '会社名', nameRequired: '名前を入力してください。', noun: '会社名', hasPhoneticName: true },
  interruption: {
    resource: 'interruption',
    nameLabel: '中断内容',
    nameRequired: '中断内容を入力してください。',
    noun: '中断内容',
    hasPhoneticName: false,
    hasCategory: true,
  },
  paper_size: {
    resource: 'paper_size',
    nameLabel: '用紙サイズ',
    nameRequired: '用紙サイズを入力してください。',
    noun: '用紙サイズ',
    hasPhoneticName: false,
  },
  call_reason: {
    resource: 'call_reason',
    nameLabel: '呼出内容',
    nameRequired: '呼出内容を入力してください。',
    noun: '呼出内容',
    hasPhoneticName: false,
  },
} as const satisfies Record<string, NamedMasterDefinition>;

export const masterMessages = {
  tooLong: fieldMessages.tooLong,
  duplicate: (noun: string) => `同じ${noun}が既に登録されています。`,
  notFound: (noun: string) => `${noun}が見つかりません。`,
  otherCannotBeDeleted: '中断内容「その他」は削除できません。',
} as const;

export function namedMasterSchema(definition: NamedMasterDefinition) {
  return z.object({
    id: rowIdSchema,
    name: requiredName(definition.nameLabel, definition.nameRequired, nameMaxLength),
    phonetic_name: definition.hasPhoneticName ? optionalName('フリガナ', nameMaxLength) : z.string().nullish(),
    /** Interruption reasons: unplanned when not given. */
    category: z.enum(interruptionCategories, { error: categoryMessage }).default('unplanned'),
    /** Machines: left as stored when not given. */
    rates: ratesSchema.optional(),
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
});
export type NamedMasterItem = z.infer<typeof namedMasterItemSchema>;

/**
 * The item of one master exactly, so that a company without its reading, or a machine with one, is
 * caught: companies carry their reading, interruption reasons their category; a machine read alone
 * carries its rates (`withRates`), not in the list.
 */
export function namedMasterItemSchemaOf(definition: NamedMasterDefinition, withRates = false) {
  return namedMasterItemSchema.required().pick({
    id: true,
    name: true,
    ...(definition.hasPhoneticName ? { phonetic_name: true } : {}),
    ...(definition.hasCategory ? { category: true } : {}),
    ...(definition.hasRates && withRates ? { rates: true } : {}),
  } as const) as unknown as typeof namedMasterItemSchema;
}
