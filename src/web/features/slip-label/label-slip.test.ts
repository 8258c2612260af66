import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../../domain/field-limits.ts';
import { LABELS_MAX, labelEntries, labelMessages, readLabelSlips } from './label-slip.ts';

/** The field's text as the page reads it: its entries, then their slips. */
const read = (text: string) => readLabelSlips(labelEntries(text));

describe('the slips of the label field and address', () => {
  it('reads one slip by the slip number rules of the work screen', () => {
    expect(read('24-1187')).toEqual({ slips: ['24-1187'], refused: [], duplicates: [] });
    expect(read(' 123456789012345 ')).toEqual({ slips: ['123456789012345'], refused: [], duplicates: [] });
  });

  it('takes slips one a line, as a scanner ends each with Enter, or between spaces, commas and 、', () => {
    expect(labelEntries('24-1187\n24-1190\r\n24-1192\n')).toEqual(['24-1187', '24-1190', '24-1192']);
    expect(read('24-1187 24-1190,24-1192、24-1193　24-1194，24-1195\t24-1196').slips).toEqual([
      '24-1187',
      '24-1190',
      '24-1192',
      '24-1193',
      '24-1194',
      '24-1195',
      '24-1196',
    ]);
    expect(read(' ,\n、 24-1187 ,, \n\n').slips).toEqual(['24-1187']);
  });

  it('reads full-width digits and dashes, as a Japanese input method types them, as half-width', () => {
    expect(labelEntries('２４－１１８７　２４ー１１８８')).toEqual(['24-1187', '24-1188']);
    expect(read('２４－１１８７').slips).toEqual(['24-1187']);
    expect(read('１２３４５６７８９０１２３４５６').refused).toEqual([`「1234567890123456」：${fieldMessages.slipNoTooLong}`]);
  });

  it('counts a range up in its last number part, keeping its zero padding', () => {
    expect(read('24-1187〜24-1190').slips).toEqual(['24-1187', '24-1188', '24-1189', '24-1190']);
    expect(read('24-1187~24-1189').slips).toEqual(['24-1187', '24-1188', '24-1189']);
    expect(read('２４－１１８７～２４－１１８８').slips).toEqual(['24-1187', '24-1188']);
    expect(read('24-0098 〜 24-0101').slips).toEqual(['24-0098', '24-0099', '24-0100', '24-0101']);
    expect(read('0009~0011').slips).toEqual(['0009', '0010', '0011']);
    expect(read('2024.07-09~2024.07-11').slips).toEqual(['2024.07-09', '2024.07-10', '2024.07-11']);
    expect(read('24-5-~24-7-').slips).toEqual(['24-5-', '24-6-', '24-7-']);
    expect(read('24-1187~24-1187').slips).toEqual(['24-1187']);
    // A number that grows a digit needs no padding.
    expect(read('24-98~24-101').slips).toEqual(['24-98', '24-99', '24-100', '24-101']);
    // The address keeps a range as one entry, with ~.
    expect(labelEntries('24-1187 〜 24-1189\n24-1200')).toEqual(['24-1187~24-1189', '24-1200']);
  });

  it('reads a last end written short as the first with its last digits written anew', () => {
    expect(read('24-1187〜1190').slips).toEqual(['24-1187', '24-1188', '24-1189', '24-1190']);
    expect(read('24-1187〜90').slips).toEqual(['24-1187', '24-1188', '24-1189', '24-1190']);
    expect(read('２４－１１８７～８９').slips).toEqual(['24-1187', '24-1188', '24-1189']);
    expect(read('24-0098〜101').slips).toEqual(['24-0098', '24-0099', '24-0100', '24-0101']);
    expect(read('24-98〜101').slips).toEqual(['24-98', '24-99', '24-100', '24-101']);
    expect(read('24-5-~7').slips).toEqual(['24-5-', '24-6-', '24-7-']);
    expect(read('0009~11').slips).toEqual(['0009', '0010', '0011']);
    // Written short, a last end below the first is still refused, never read as the next hundred.
    expect(read('24-1198〜05').refused).toEqual([`「24-1198~05」：${labelMessages.rangeOrder}`]);
    expect(read('24-0098~00101').refused).toEqual([`「24-0098~00101」：${labelMessages.rangeWidths}`]);
    expect(read('24-1187〜11A5').refused).toEqual([`「24-1187~11A5」：${fieldMessages.slipNoCharacters}`]);
  });

  it('refuses a range that is not one, naming it, and still reads the other entries', () => {
    expect(read('24-1195〜24-1187 24-1200')).toEqual({
      slips: ['24-1200'],
      refused: [`「24-1195~24-1187」：${labelMessages.rangeOrder}`],
      duplicates: [],
    });
    expect(read('24-1187〜25-1195').refused).toEqual([`「24-1187~25-1195」：${labelMessages.rangeEnds}`]);
    expect(read('24-1187.1〜24-1188').refused).toEqual([`「24-1187.1~24-1188」：${labelMessages.rangeEnds}`]);
    // Ends of other widths would print slips nobody typed (24-1, 24-2, 24-3 for 24-1~24-0003).
    for (const text of ['24-1~24-0003', '24-0098~24-101', '24-98~24-0101']) {
      expect(read(text).refused, text).toEqual([`「${text}」：${labelMessages.rangeWidths}`]);
    }
    for (const text of ['24-1187〜', '〜24-1187', '1~2~3', '~']) {
      expect(read(text).refused, text).toEqual([`「${labelEntries(text)[0]}」：${labelMessages.rangeShape}`]);
    }
    expect(read('24-11A7〜24-1195').refused).toEqual([`「24-11A7~24-1195」：${fieldMessages.slipNoCharacters}`]);
    expect(read('1~1234567890123456').refused).toEqual([`「1~1234567890123456」：${fieldMessages.slipNoTooLong}`]);
  });

  it(`prints at most ${LABELS_MAX} labels at once`, () => {
    expect(read('24-1001〜24-1100').slips).toHaveLength(LABELS_MAX);
    expect(read('24-1001〜24-1101')).toEqual({
      slips: [],
      refused: [`「24-1001~24-1101」：${labelMessages.rangeTooMany(101)}`],
      duplicates: [],
    });
    // A range of the longest slips counts without being counted out.
    expect(read('1~999999999999999').refused).toEqual([`「1~999999999999999」：${labelMessages.rangeTooMany(999999999999999)}`]);
    // Over the count in all: no label, and the count's message beside the entries' own.
    expect(read('24-1001〜24-1060 24-2001〜24-2041 ABC')).toEqual({
      slips: [],
      refused: [`「ABC」：${fieldMessages.slipNoCharacters}`, labelMessages.tooMany(101)],
      duplicates: [],
    });
    // A slip counted twice counts once.
    expect(read('24-1001〜24-1100 24-1100').slips).toHaveLength(LABELS_MAX);
  });

  it('prints a slip entered twice once, and says which', () => {
    expect(read('24-1187\n24-1190\n24-1187\n24-1186〜24-1188\n２４－１１９０')).toEqual({
      slips: ['24-1187', '24-1190', '24-1186', '24-1188'],
      refused: [],
      duplicates: ['24-1187', '24-1190'],
    });
  });

  it('refuses each wrong slip with the message of its rule, naming it, and prints the good ones', () => {
    expect(read('24-1187\nABC\n24-A187\n1234567890123456\n--\n24-1190\nABC')).toEqual({
      slips: ['24-1187', '24-1190'],
      refused: [
        `「ABC」：${fieldMessages.slipNoCharacters}`,
        `「24-A187」：${fieldMessages.slipNoCharacters}`,
        `「1234567890123456」：${fieldMessages.slipNoTooLong}`,
        `「--」：${fieldMessages.slipNoDigit}`,
      ],
      duplicates: [],
    });
    expect(read('ABC').slips).toEqual([]);
  });

  it('asks for a slip when there is none', () => {
    expect(readLabelSlips([])).toEqual({ slips: [], refused: [fieldMessages.slipNoRequired], duplicates: [] });
    expect(read(' \n、, ')).toEqual({ slips: [], refused: [fieldMessages.slipNoRequired], duplicates: [] });
  });
});
