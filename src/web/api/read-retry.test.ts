import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { waitOutLostConnection } from './read-retry.ts';

afterEach(() => vi.useRealTimers());

/** A read answered by `answers` in turn (an error is thrown), with the moments at which it was asked. */
function scriptedRead(answers: (string | ApiError)[]) {
  const askedAt: number[] = [];
  const read = async () => {
    askedAt.push(Date.now());
    const answer = answers[Math.min(askedAt.length - 1, answers.length - 1)]!;
    if (typeof answer !== 'string') throw answer;
    return answer;
  };
  return { read, askedAt };
}

describe('waitOutLostConnection', () => {
  it('asks again after no answer, 1 s, 2 s, 4 s apart, until it is answered', async () => {
    vi.useFakeTimers({ now: 0 });
    const { read, askedAt } = scriptedRead([new ApiError(0, ''), new ApiError(503, ''), new ApiError(0, ''), '作業者']);
    const client = new QueryClient();
    const answer = client.fetchQuery({ queryKey: ['read'], queryFn: read, ...waitOutLostConnection });
    await vi.advanceTimersByTimeAsync(7_000);
    await expect(answer).resolves.toBe('作業者');
    expect(askedAt).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('shows a refusal at once', async () => {
    const { read, askedAt } = scriptedRead([new ApiError(401, 'ログインしてください。'), '作業者']);
    const client = new QueryClient();
    await expect(client.fetchQuery({ queryKey: ['read'], queryFn: read, ...waitOutLostConnection })).rejects.toMatchObject({ status: 401 });
    expect(askedAt).toHaveLength(1);
  });
});
