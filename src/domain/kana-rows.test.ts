import { describe, expect, it } from 'vitest';
import { kanaRowOf, matchesPerson } from './kana-rows.ts';

describe('kanaRowOf', () => {
  it('finds the row of the first kana, in katakana or hiragana', () => {
    expect(kanaRowOf('ヤマダ タロウ')).toBe('や');
    expect(kanaRowOf('さとう')).toBe('さ');
    expect(kanaRowOf('アオキ')).toBe('あ');
    expect(kanaRowOf('ワタナベ')).toBe('わ');
    expect(kanaRowOf('ンジャイ')).toBe('わ');
    expect(kanaRowOf('ルイ')).toBe('ら');
    expect(kanaRowOf('モリ')).toBe('ま');
    expect(kanaRowOf('ノムラ')).toBe('な');
    expect(kanaRowOf('ホンダ')).toBe('は');
    expect(kanaRowOf('トミタ')).toBe('た');
  });
  it('puts voiced and small kana in the row of their plain kana', () => {
    expect(kanaRowOf('ゴトウ')).toBe('か');
    expect(kanaRowOf('ぜんじ')).toBe('さ');
    expect(kanaRowOf('ダテ')).toBe('た');
    expect(kanaRowOf('パク')).toBe('は');
    expect(kanaRowOf('ヴォーン')).toBe('あ');
    expect(kanaRowOf('ぁ')).toBe('あ');
  });
  it('reads half-width katakana and leading spaces', () => {
    expect(kanaRowOf('ｶﾄｳ')).toBe('か');
    expect(kanaRowOf('ｶﾞﾄｳ')).toBe('か');
    expect(kanaRowOf('  スズキ')).toBe('さ');
  });
  it('gives no row to an empty reading or one not in kana', () => {
    expect(kanaRowOf('')).toBeNull();
    expect(kanaRowOf('   ')).toBeNull();
    expect(kanaRowOf('Smith')).toBeNull();
    expect(kanaRowOf('山田')).toBeNull();
  });
});

describe('matchesPerson', () => {
  const yamada = { name: '山田 太郎', phonetic_name: 'ヤマダ タロウ' };
  it('finds by name or reading, in hiragana, katakana or half-width, spaces aside', () => {
    expect(matchesPerson(yamada, '山田')).toBe(true);
    expect(matchesPerson(yamada, '山田太郎')).toBe(true);
    expect(matchesPerson(yamada, 'やまだ')).toBe(true);
    expect(matchesPerson(yamada, 'ﾀﾛｳ')).toBe(true);
    expect(matchesPerson(yamada, ' たろう ')).toBe(true);
    expect(matchesPerson({ name: 'Smith John' }, 'smith')).toBe(true);
  });
  it('finds everyone for an empty search and no one for a name not there', () => {
    expect(matchesPerson(yamada, '')).toBe(true);
    expect(matchesPerson(yamada, 'さとう')).toBe(false);
    expect(matchesPerson({ name: '佐藤' }, 'さとう')).toBe(false);
  });
});
