import { describe, expect, it } from 'vitest';
import { fullName } from './user.ts';

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
