import { describe, expect, it } from 'vitest';
import { userIdKey } from './user-id.ts';

describe('userIdKey', () => {
  it('makes full-width letters, letter case and surrounding spaces one user ID', () => {
    for (const typed of ['Ｔａｎａｋａ', 'tanaka', 'TANAKA', 'Tanaka', ' tanaka ', '\u3000ｔａｎａｋａ\u3000']) {
      expect(userIdKey(typed)).toBe('tanaka');
    }
  });

  it('makes accented letters one user ID, whether typed in one character or two, in either case', () => {
    for (const typed of ['Ömer', 'ömer', 'ÖMER', 'O\u0308mer', 'o\u0308MER']) expect(userIdKey(typed)).toBe('ömer');
    expect(userIdKey('ÄBC')).toBe(userIdKey('äbc'));
  });

  it('folds letter case fully, beyond lower-casing', () => {
    expect(userIdKey('Straße')).toBe('strasse');
    expect(userIdKey('STRASSE')).toBe('strasse');
    expect(userIdKey('ΣΊΣΥΦΟΣ')).toBe(userIdKey('σίσυφος'));
  });

  it('makes half-width katakana and full-width digits the usual characters', () => {
    expect(userIdKey('ﾀﾅｶ')).toBe('タナカ');
    expect(userIdKey('yamada０１')).toBe('yamada01');
  });

  it('keeps apart what is written differently', () => {
    expect(userIdKey('たなか')).not.toBe(userIdKey('タナカ'));
    expect(userIdKey('tanaka')).not.toBe(userIdKey('tanaka2'));
    expect(userIdKey('ta naka')).not.toBe(userIdKey('tanaka'));
    expect(userIdKey('öm')).not.toBe(userIdKey('om'));
  });

  it('answers a key unchanged when given a key', () => {
    for (const typed of ['Ｔａｎａｋａ', 'Straße', 'ﾀﾅｶ', 'İstanbul', 'ǅemal', 'ﬁle', '㍿']) {
      const key = userIdKey(typed);
      expect(userIdKey(key)).toBe(key);
    }
  });
});
