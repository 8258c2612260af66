import { describe, expect, it } from 'vitest';
import { readTypedNumber } from './typed-number.ts';

describe('readTypedNumber', () => {
  it('reads full-width digits and thousands separators as the input method and the office type them', () => {
    expect(['3000', '３０００', '3,000', '３，０００', ' 1200 '].map(readTypedNumber)).toEqual([3000, 3000, 3000, 3000, 1200]);
  });

  it('leaves text that is no number as NaN, and a fraction as it is, for the schema to refuse', () => {
    expect(readTypedNumber('')).toBeNaN();
    expect(readTypedNumber('三千')).toBeNaN();
    expect(readTypedNumber('1.5')).toBe(1.5);
    // A comma out of place is a typing mistake, not a separator; a unit is not the figure.
    expect([readTypedNumber('3,00'), readTypedNumber('1,2'), readTypedNumber('30日')]).toEqual([Number.NaN, Number.NaN, Number.NaN]);
  });
});
