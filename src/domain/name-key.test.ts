import { describe, expect, it } from 'vitest';
import { nameKey, sameName } from './name-key.ts';

describe('nameKey', () => {
  it('makes one machine of names that differ only in their spaces, half-width or full-width', () => {
    for (const typed of ['断裁機 1号', '断裁機\u30001号', '断裁機1号', ' 断裁機  1号 ', '断裁機１号', '断裁機　１号']) {
      expect(nameKey(typed)).toBe('断裁機1号');
    }
  });

  it('makes full-width letters and digits the ASCII ones, in either case', () => {
    expect(nameKey('Ａ４')).toBe('a4');
    expect(nameKey('A4')).toBe('a4');
    expect(nameKey('ａ４')).toBe('a4');
    expect(sameName('Ａ４', 'a4')).toBe(true);
    expect(nameKey('ＫＯＭＯＲＩ Ｌ４０')).toBe(nameKey('komori l40'));
  });

  it('makes a full-width digit in a detail the half-width one, but not a kanji numeral', () => {
    expect(sameName('２つ折り', '2つ折り')).toBe(true);
    expect(sameName('２つ折り', '二つ折り')).toBe(false);
    expect(sameName('2つ折り', '二つ折り')).toBe(false);
  });

  it('makes half-width katakana the usual characters, and keeps hiragana and katakana apart', () => {
    expect(nameKey('ｶｯﾀｰ')).toBe(nameKey('カッター'));
    expect(sameName('たなか', 'タナカ')).toBe(false);
  });

  it('makes every kind of dash a hyphen, as the filter and the slip numbers read them', () => {
    expect(nameKey('A−1')).toBe('a-1');
    expect(nameKey('A－1')).toBe('a-1');
    expect(nameKey('A‐1')).toBe('a-1');
  });

  it('folds the letter case fully, beyond lower-casing, as user IDs are', () => {
    expect(sameName('STRASSE', 'Straße')).toBe(true);
    expect(sameName('Ömer', 'O\u0308MER')).toBe(true);
  });

  it('keeps apart what is written with other characters', () => {
    expect(sameName('断裁機1号', '断裁機2号')).toBe(false);
    expect(sameName('A4', 'A5')).toBe(false);
    expect(sameName('B4', 'B4変形')).toBe(false);
  });
});
