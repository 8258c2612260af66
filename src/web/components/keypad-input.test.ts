import { describe, expect, it } from 'vitest';
import {
  canCommit,
  defaultKeypadRules,
  isKeyEnabled,
  keypadKeyOf,
  openDraft,
  pressKey,
  type KeypadDraft,
  type KeypadKey,
  type KeypadRules,
} from './keypad-input.ts';

const count: KeypadRules = { maxLength: 9, wholeNumber: true };
const type = (keys: KeypadKey[], rules: KeypadRules = defaultKeypadRules, from: KeypadDraft = openDraft('')) =>
  keys.reduce((draft, key) => pressKey(draft, key, rules), from).text;

describe('keypad input', () => {
  it('appends digits and the hyphen, and ⌫ takes the last character away', () => {
    expect(type(['1', '2', '-', '3'])).toBe('12-3');
    expect(type(['1', '2', 'backspace', '4'])).toBe('14');
    expect(type(['backspace'])).toBe('');
  });

  it('stops at the maximum length: 10 by default, or the field’s own', () => {
    expect(type(Array<KeypadKey>(12).fill('7'))).toBe('7777777777');
    expect(type(Array<KeypadKey>(16).fill('1'), { maxLength: 15, wholeNumber: false })).toHaveLength(15);
  });

  it('replaces the field’s value with the first digit, while ⌫ edits it instead', () => {
    expect(type(['5'], defaultKeypadRules, openDraft('120'))).toBe('5');
    expect(type(['backspace', '5'], defaultKeypadRules, openDraft('120'))).toBe('125');
    expect(openDraft('')).toEqual({ text: '', fresh: false });
  });

  it('gives a count no hyphen and no leading zero', () => {
    expect(isKeyEnabled('-', count)).toBe(false);
    expect(isKeyEnabled('-', defaultKeypadRules)).toBe(true);
    expect(type(['1', '-', '2'], count)).toBe('12');
    expect(type(['0', '0', '7'], count)).toBe('7');
    expect(type(['0', '7'])).toBe('07');
  });

  it('reads digits, the hyphen and Backspace from a physical keyboard, and nothing else', () => {
    expect(['3', '-', 'Backspace', 'a', 'Enter', '.'].map(keypadKeyOf)).toEqual(['3', '-', 'backspace', undefined, undefined, undefined]);
  });
});

describe('a keypad for a PIN', () => {
  const pin = { maxLength: 8, wholeNumber: false, digitsOnly: true };
  it('keeps leading zeros and has no hyphen', () => {
    expect(pressKey(pressKey({ text: '', fresh: false }, '0', pin), '7', pin).text).toBe('07');
    expect(isKeyEnabled('-', pin)).toBe(false);
  });

  it('lets OK take it only from its least length on', () => {
    const fourToEight = { ...pin, minLength: 4 };
    expect(['', '1', '123'].map((text) => canCommit({ text, fresh: false }, fourToEight))).toEqual([false, false, false]);
    expect(['1234', '12345678'].map((text) => canCommit({ text, fresh: false }, fourToEight))).toEqual([true, true]);
    // A count may be left empty.
    expect(canCommit({ text: '', fresh: false }, { maxLength: 9, wholeNumber: true })).toBe(true);
  });
});
