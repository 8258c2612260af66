import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../domain/field-limits.ts';
import { readLabelSlip } from './label-slip.ts';

describe('the slip of a label address', () => {
  it('is read by the slip number rules of the work screen', () => {
    expect(readLabelSlip('24-1187')).toEqual({ slipNo: '24-1187' });
    expect(readLabelSlip(' 123456789012345 ')).toEqual({ slipNo: '123456789012345' });
  });

  it('reads full-width digits and dashes, as a Japanese input method types them, as half-width', () => {
    expect(readLabelSlip('２４－１１８７')).toEqual({ slipNo: '24-1187' });
    expect(readLabelSlip('１２３４５６７８９０１２３４５６')).toEqual({ refused: fieldMessages.slipNoTooLong });
  });

  it('is refused with the messages of those rules', () => {
    expect(readLabelSlip(null)).toEqual({ refused: fieldMessages.slipNoRequired });
    expect(readLabelSlip('')).toEqual({ refused: fieldMessages.slipNoRequired });
    expect(readLabelSlip('1234567890123456')).toEqual({ refused: fieldMessages.slipNoTooLong });
    expect(readLabelSlip('24-A187')).toEqual({ refused: fieldMessages.slipNoCharacters });
    expect(readLabelSlip('--')).toEqual({ refused: fieldMessages.slipNoDigit });
  });
});
