import { describe, expect, it } from 'vitest';
import { fieldMessages } from './field-limits.ts';
import { readScannedSlip, scanMessages } from './scan.ts';

describe('a scanned slip number', () => {
  it('is taken when it keeps the slip number’s rules', () => {
    expect(readScannedSlip('20261122-015')).toEqual({ slipNo: '20261122-015' });
  });
  it('is refused naming what was read and why', () => {
    expect(readScannedSlip('ABC-1')).toEqual({ refused: scanMessages.notASlip('ABC-1', fieldMessages.slipNoCharacters) });
    expect(readScannedSlip('1234567890123456')).toEqual({
      refused: scanMessages.notASlip('1234567890123456', fieldMessages.slipNoTooLong),
    });
  });
});
