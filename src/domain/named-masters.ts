/**
 * The masters that are just a name: what each is called on its screens and in the API. Kept apart
 * from their schemas (masters.ts) so that the menus that list them load no zod.
 */

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
