import { describe, expect, it } from 'vitest';
import { COUNT_MAX, fieldMessages, parseIdText } from './field-limits.ts';
import {
  countSchema,
  freeText,
  idSchema,
  idText,
  isoDateSchema,
  optionalChoice,
  optionalDateSchema,
  optionalName,
  requiredChoice,
  requiredName,
  slipNoSchema,
} from './fields.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('ids', () => {
  it('are whole numbers from 1 to the largest 32-bit integer', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(2_147_483_647).success).toBe(true);
    for (const bad of [0, -1, 1.5, 2_147_483_648, '1']) expect(idSchema.safeParse(bad).success).toBe(false);
  });

  it('in an address are digits without a leading zero, within the same range', () => {
    expect(parseIdText('12')).toBe(12);
    expect(parseIdText('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '012', '2147483648', '9999999999', '1.0', '1e3', ' 1', 'abc', '']) expect(parseIdText(bad)).toBeNull();
  });

  it('in a path or query string read the same way, with the caller’s message', () => {
    const schema = idText('違います。');
    expect(schema.parse('42')).toBe(42);
    expect(messageOf(schema.safeParse('2147483648'))).toBe('違います。');
    expect(messageOf(schema.safeParse('x'))).toBe('違います。');
  });

  it('of a choice may come as text from a select; a required one refuses empty', () => {
    const required = requiredChoice('選んでください。');
    expect(required.parse(3)).toBe(3);
    expect(required.parse(' 3 ')).toBe(3);
    for (const bad of [null, undefined, '', ' ', 0, '1.5', 'x', 2_147_483_648]) {
      expect(messageOf(required.safeParse(bad))).toBe('選んでください。');
    }
    const optional = optionalChoice('登録されていません。');
    expect(optional.parse('')).toBeNull();
    expect(optional.parse(null)).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse('7')).toBe(7);
    expect(messageOf(optional.safeParse(-2))).toBe('登録されていません。');
  });
});

describe('the slip number', () => {
  it('is trimmed, required, at most 15 characters of digits, dots and hyphens', () => {
    expect(slipNoSchema.parse(' 2026-001 ')).toBe('2026-001');
    expect(slipNoSchema.parse('1'.repeat(15))).toBe('1'.repeat(15));
    expect(messageOf(slipNoSchema.safeParse(' '))).toBe(fieldMessages.slipNoRequired);
    expect(messageOf(slipNoSchema.safeParse('1'.repeat(16)))).toBe(fieldMessages.slipNoTooLong);
    expect(messageOf(slipNoSchema.safeParse('A-1'))).toBe(fieldMessages.slipNoCharacters);
    expect(messageOf(slipNoSchema.safeParse('１２'))).toBe(fieldMessages.slipNoCharacters);
  });
  it('holds at least one digit, wherever minus and dot stand', () => {
    for (const text of ['---', '.', '-.-', ' - ']) expect(messageOf(slipNoSchema.safeParse(text)), text).toBe(fieldMessages.slipNoDigit);
    expect(slipNoSchema.parse('-12-')).toBe('-12-');
    expect(slipNoSchema.parse('2026.11-3')).toBe('2026.11-3');
  });
});

describe('counts', () => {
  const count = countSchema('良品数');

  it('are whole numbers from 0 to 999,999,999, digits as text included; empty is null', () => {
    expect(count.parse(0)).toBe(0);
    expect(count.parse('120')).toBe(120);
    expect(count.parse(COUNT_MAX)).toBe(COUNT_MAX);
    expect(count.parse('')).toBeNull();
    expect(count.parse(null)).toBeNull();
    expect(count.parse(undefined)).toBeNull();
  });

  it('refuse anything else with the field’s message', () => {
    for (const bad of [-1, 1.5, COUNT_MAX + 1, '1e3', '1.0', '0x10', '-4', true]) {
      expect(messageOf(count.safeParse(bad))).toBe(fieldMessages.count('良品数'));
    }
  });
});

describe('dates', () => {
  it('are YYYY-MM-DD days that exist', () => {
    expect(isoDateSchema.parse('2028-02-29')).toBe('2028-02-29');
    for (const bad of ['2027-02-29', '2026-13-01', '2026/11/22', '20261122']) {
      expect(messageOf(isoDateSchema.safeParse(bad))).toBe(fieldMessages.badDate);
    }
  });

  it('may be left empty where a bound is optional', () => {
    expect(optionalDateSchema.parse('')).toBeUndefined();
    expect(optionalDateSchema.parse(null)).toBeUndefined();
    expect(optionalDateSchema.parse('2026-11-22')).toBe('2026-11-22');
  });
});

describe('names and texts', () => {
  it('a required name is trimmed and bounded', () => {
    const name = requiredName('名前', '名前を入力してください。', 5);
    expect(name.parse(' 断裁機 ')).toBe('断裁機');
    expect(messageOf(name.safeParse('  '))).toBe('名前を入力してください。');
    expect(messageOf(name.safeParse(undefined))).toBe('名前を入力してください。');
    expect(messageOf(name.safeParse('あいうえおか'))).toBe(fieldMessages.tooLong('名前', 5));
  });

  it('an optional name reads absent as empty', () => {
    const name = optionalName('フリガナ', 5);
    expect(name.parse(null)).toBe('');
    expect(name.parse(' カナ ')).toBe('カナ');
    expect(messageOf(name.safeParse('アイウエオカ'))).toBe(fieldMessages.tooLong('フリガナ', 5));
  });

  it('a free text is kept as typed, up to its length', () => {
    const note = freeText(5, '長すぎます。');
    expect(note.parse(' a b ')).toBe(' a b ');
    expect(note.parse(null)).toBeNull();
    expect(messageOf(note.safeParse('123456'))).toBe('長すぎます。');
  });
});
