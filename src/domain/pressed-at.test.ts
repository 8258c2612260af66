import { describe, expect, it } from 'vitest';
import { acceptPressTime, pressMessages, pressSchema } from './pressed-at.ts';

const now = new Date('2026-11-24T03:00:00.000Z');

describe('the time of a press sent from the outbox', () => {
  it('is recorded as pressed when it lies between the record’s last moment and now', () => {
    expect(acceptPressTime('2026-11-24T11:55:00+09:00', now, '2026-11-24T02:50:00.000Z')).toEqual({ at: '2026-11-24T02:55:00.000Z' });
    expect(acceptPressTime('2026-11-24T02:50:00.000Z', now, '2026-11-24T02:50:00.000Z')).toEqual({ at: '2026-11-24T02:50:00.000Z' });
  });
  it('allows a tablet clock a minute ahead, recorded at the server’s clock', () => {
    expect(acceptPressTime('2026-11-24T03:01:00.000Z', now)).toEqual({ at: '2026-11-24T03:00:00.000Z' });
    expect(acceptPressTime('2026-11-24T03:01:00.001Z', now)).toEqual({ refused: pressMessages.inFuture });
  });
  it('refuses a press before the record’s last recorded moment', () => {
    expect(acceptPressTime('2026-11-24T02:49:59.999Z', now, '2026-11-24T02:50:00.000Z')).toEqual({ refused: pressMessages.beforeLast });
  });
  it('refuses a press more than 12 hours old', () => {
    expect(acceptPressTime('2026-11-23T15:00:00.000Z', now)).toEqual({ at: '2026-11-23T15:00:00.000Z' });
    expect(acceptPressTime('2026-11-23T14:59:59.999Z', now)).toEqual({ refused: pressMessages.tooOld });
  });
  it('reads only times with an offset', () => {
    expect(pressSchema.safeParse({ pressed_at: '2026-11-24T11:55:00+09:00' }).success).toBe(true);
    expect(pressSchema.safeParse({}).success).toBe(true);
    const local = pressSchema.safeParse({ pressed_at: '2026-11-24T11:55:00' });
    expect(local.error?.issues[0]?.message).toBe(pressMessages.badTime);
  });
});
