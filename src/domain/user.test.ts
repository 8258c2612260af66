import { describe, expect, it } from 'vitest';
import { fullName, fullPhoneticName } from './user.ts';

describe('fullName', () => {
  it('writes the family name first, as Japanese names are written', () => {
    expect(fullName({ last_name: '山田', first_name: '太郎' })).toBe('山田 太郎');
  });
  it('is the family name alone when there is no given name', () => {
    expect(fullName({ last_name: '山田', first_name: '' })).toBe('山田');
    expect(fullName({ last_name: '山田', first_name: null })).toBe('山田');
    expect(fullName({ last_name: '山田', first_name: '  ' })).toBe('山田');
  });
});

describe('fullPhoneticName', () => {
  it('reads the family name first, and is empty when no reading is kept', () => {
    expect(fullPhoneticName({ last_phonetic_name: 'ヤマダ', first_phonetic_name: 'タロウ' })).toBe('ヤマダ タロウ');
    expect(fullPhoneticName({ last_phonetic_name: ' ヤマダ ', first_phonetic_name: '' })).toBe('ヤマダ');
    expect(fullPhoneticName({ last_phonetic_name: '', first_phonetic_name: '' })).toBe('');
  });
});
