import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { ATTEMPT_TIMEOUT_MS, RETRY_PERIOD_MS, isWorthResending, retryDelay, sendWithResends, type PressConnection } from './press-retry.ts';

const unanswered = () => new ApiError(0, 'サーバーに接続できませんでした。');

/** A clock that moves only by the pauses slept and by each attempt's time, as the screen's would. */
function fakeClock(attemptMs = 0) {
  let time = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => time,
    sleep: async (ms: number) => {
      slept.push(ms);
      time += ms;
    },
    spend: () => (time += attemptMs),
  };
}

describe('retryDelay', () => {
  it('doubles from 1 s and stays at 15 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });
});

describe('isWorthResending', () => {
  it('resends what got no answer or a proxy’s gateway failure, never a refusal or the server’s own error', () => {
    expect([0, 502, 503, 504].map((status) => isWorthResending(new ApiError(status, '')))).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 409, 422, 429, 500].some((status) => isWorthResending(new ApiError(status, '')))).toBe(false);
    expect(isWorthResending(new Error('bug'))).toBe(false);
  });
});

describe('sendWithResends', () => {
  it('answers once after failed attempts, each with a time-out signal, telling sending then resending', async () => {
    const clock = fakeClock();
    const connections: PressConnection[] = [];
    const signals: AbortSignal[] = [];
    let attempts = 0;
    const answer = await sendWithResends(
      async (signal) => {
        signals.push(signal);
        if (++attempts < 4) throw unanswered();
        return { state: 'working' };
      },
      { onConnection: (connection) => connections.push(connection), now: clock.now, sleep: clock.sleep },
    );
    expect(answer).toEqual({ state: 'working' });
    expect(attempts).toBe(4);
    expect(clock.slept).toEqual([1_000, 2_000, 4_000]);
    expect(connections).toEqual(['sending', 'resending', 'resending', 'resending']);
    expect(new Set(signals).size).toBe(4);
    expect(signals.every((signal) => !signal.aborted)).toBe(true);
  });

  it('throws a refusal at once, without resending', async () => {
    const clock = fakeClock();
    let attempts = 0;
    const refusal = new ApiError(409, '既に終了しています。');
    await expect(
      sendWithResends(
        async () => {
          attempts++;
          throw refusal;
        },
        { onConnection: () => {}, now: clock.now, sleep: clock.sleep },
      ),
    ).rejects.toBe(refusal);
    expect(attempts).toBe(1);
  });

  it('gives up with the last failure once the next resend would pass the retry period', async () => {
    // Every attempt runs into its 8 s time-out.
    const clock = fakeClock(ATTEMPT_TIMEOUT_MS);
    let attempts = 0;
    await expect(
      sendWithResends(
        async () => {
          attempts++;
          clock.spend();
          throw unanswered();
        },
        { onConnection: () => {}, now: clock.now, sleep: clock.sleep },
      ),
    ).rejects.toMatchObject({ status: 0 });
    // 8 + 1 + 8 + 2 + 8 + 4 + 8 + 8 + 8 = 55 s; the next pause (15 s) would end after 60 s.
    expect(clock.slept).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(attempts).toBe(5);
    expect(clock.now()).toBeLessThanOrEqual(RETRY_PERIOD_MS);
  });

  it('stops resending as soon as it is told to give up, with the failure of the attempt that found it', async () => {
    const clock = fakeClock();
    let attempts = 0;
    let offline = false;
    await expect(
      sendWithResends(
        async () => {
          // The second attempt finds the network gone.
          if (++attempts === 2) offline = true;
          throw unanswered();
        },
        { onConnection: () => {}, now: clock.now, sleep: clock.sleep, giveUp: () => offline },
      ),
    ).rejects.toMatchObject({ status: 0 });
    expect(attempts).toBe(2);
    expect(clock.slept).toEqual([1_000]);
  });

  it('makes no further attempt when it is told to give up during a pause', async () => {
    let attempts = 0;
    let gone = false;
    await expect(
      sendWithResends(
        async () => {
          attempts++;
          throw unanswered();
        },
        {
          onConnection: () => {},
          now: () => 0,
          sleep: async () => {
            gone = true;
          },
          giveUp: () => gone,
        },
      ),
    ).rejects.toMatchObject({ status: 0 });
    expect(attempts).toBe(1);
  });

  it('ends an attempt that takes 8 s and resends it', async () => {
    vi.useFakeTimers();
    try {
      const aborted: number[] = [];
      let attempts = 0;
      const answer = sendWithResends(
        (signal) => {
          attempts++;
          if (attempts > 1) return Promise.resolve('answered');
          // The first attempt hangs until its signal ends it, as a fetch whose answer never comes.
          return new Promise<string>((_, reject) =>
            signal.addEventListener('abort', () => {
              aborted.push(Date.now());
              reject(unanswered());
            }),
          );
        },
        { onConnection: () => {} },
      );
      const startedAt = Date.now();
      await vi.advanceTimersByTimeAsync(ATTEMPT_TIMEOUT_MS - 1);
      expect(aborted).toEqual([]);
      await vi.advanceTimersByTimeAsync(1 + retryDelay(1));
      await expect(answer).resolves.toBe('answered');
      expect(aborted).toEqual([startedAt + ATTEMPT_TIMEOUT_MS]);
      expect(attempts).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
