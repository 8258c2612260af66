import { describe, expect, it } from 'vitest';
import { slipNoSchema, workMessages } from './product-cost.ts';

const check = (text: unknown) => {
  const result = slipNoSchema.safeParse(text);
  return result.success ? result.data : result.error.issues[0]!.message;
};

describe('the slip number', () => {
  it('takes digits with minus and dot, trimmed', () => {
    expect(check('12345')).toBe('12345');
    expect(check(' 2026-11.3 ')).toBe('2026-11.3');
    expect(check('-12-')).toBe('-12-');
    expect(check('123456789012345')).toBe('123456789012345');
  });
  it('must hold at least one digit', () => {
    for (const text of ['---', '.', '-.-', ' - ']) expect(check(text), text).toBe(workMessages.slipNoDigit);
  });
  it('is required, at most 15 characters, of the keypad’s characters only', () => {
    expect(check('')).toBe(workMessages.slipNoRequired);
    expect(check('   ')).toBe(workMessages.slipNoRequired);
    expect(check(undefined)).toBe(workMessages.slipNoRequired);
    expect(check('1234567890123456')).toBe(workMessages.slipNoTooLong);
    expect(check('12a')).toBe(workMessages.slipNoCharacters);
    expect(check('１２')).toBe(workMessages.slipNoCharacters);
  });
});
