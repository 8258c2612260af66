import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { owedSignOutAfter } from './owed-sign-out.ts';

describe('owedSignOutAfter', () => {
  it('tries again what got no answer, or a proxy’s gateway failure', () => {
    expect([0, 502, 503, 504].map((status) => owedSignOutAfter(new ApiError(status, '')))).toEqual(['retry', 'retry', 'retry', 'retry']);
  });

  it('owes nothing more once the server refuses: the session is no longer alive to end', () => {
    expect([400, 419, 429].map((status) => owedSignOutAfter(new ApiError(status, '')))).toEqual(['settled', 'settled', 'settled']);
  });

  it('stays owed, without trying again at once, after the server’s own failure or a fault of the page', () => {
    expect(owedSignOutAfter(new ApiError(500, ''))).toBe('owed');
    expect(owedSignOutAfter(new Error('bug'))).toBe('owed');
  });
});
