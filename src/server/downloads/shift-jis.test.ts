import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { encodeShiftJis } from './shift-jis.ts';

/** What Excel on Windows shows: the bytes read back as CP932. */
const asExcelReadsIt = (text: string) => iconv.decode(encodeShiftJis(text), 'cp932');

describe('Shift_JIS for Excel', () => {
  it('writes the wave dash, the minus and the other JIS forms that Unicode input gives in their CP932 form', () => {
    expect(asExcelReadsIt('A4〜B5')).toBe('A4～B5');
    expect(asExcelReadsIt('−0.5mm')).toBe('－0.5mm');
    expect(asExcelReadsIt('‖—¢£¬¦')).toBe('∥―￠￡￢￤');
  });

  it('keeps what CP932 has as it is, including its NEC and IBM characters', () => {
    const text = '作業伝票No,山﨑 髙橋,①㈱Ⅰ,～－,ｶﾅ\r\n';
    expect(asExcelReadsIt(text)).toBe(text);
  });

  it('writes ? for a character CP932 lacks', () => {
    expect(asExcelReadsIt('𠮷野')).toBe('?野');
  });
});
