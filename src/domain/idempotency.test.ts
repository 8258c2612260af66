import { describe, expect, it } from 'vitest';
import { readIdempotencyKey } from './idempotency.ts';

describe('idempotency keys', () => {
  it('reads a UUID in either letter case as the same key', () => {
    expect(readIdempotencyKey('0b7c5e2a-3f1d-4c8e-9a6b-2d4f6e8a0c1e')).toBe('0b7c5e2a-3f1d-4c8e-9a6b-2d4f6e8a0c1e');
    expect(readIdempotencyKey(' 0B7C5E2A-3F1D-4C8E-9A6B-2D4F6E8A0C1E ')).toBe('0b7c5e2a-3f1d-4c8e-9a6b-2d4f6e8a0c1e');
  });
  it('refuses what is not a UUID', () => {
    expect(readIdempotencyKey('')).toBeNull();
    expect(readIdempotencyKey('press-1')).toBeNull();
    expect(readIdempotencyKey('0b7c5e2a3f1d4c8e9a6b2d4f6e8a0c1e')).toBeNull();
    expect(readIdempotencyKey('0b7c5e2a-3f1d-4c8e-9a6b-2d4f6e8a0c1e0')).toBeNull();
  });
});
