import { describe, expect, it } from 'vitest';
import { readIdempotencyKey } from '../../domain/idempotency.ts';
import { newPressKey } from './press-key.ts';

describe('newPressKey', () => {
  it('makes version 4 UUIDs that the server reads as keys, a new one each time', () => {
    const keys = Array.from({ length: 50 }, newPressKey);
    for (const key of keys) {
      expect(readIdempotencyKey(key)).toBe(key);
      expect(key[14]).toBe('4');
      expect('89ab').toContain(key[19]);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
