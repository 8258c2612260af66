import { z } from 'zod';

/**
 * The time of a press that a tablet could not send at once (its outbox sends it later, with
 * `pressed_at`). The server takes it in place of its own clock within these bounds: a tablet's clock
 * may run a minute ahead, and a press older than a shift is a correction for the office, not for
 * the outbox.
 */
export const PRESS_CLOCK_SKEW_MS = 60 * 1000;
export const PRESS_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export const pressMessages = {
  badTime: '押された時刻は ISO 8601 の日時（時差付き）で指定してください。',
  inFuture: '押された時刻が未来になっています。端末の時計を確認してください。',
  beforeLast: '押された時刻が、この作業記録に最後に記録された時刻より前のため記録できません。',
  tooOld: '押された時刻から12時間以上たっているため記録できません。管理者に修正を依頼してください。',
  /** The audit log's note on every press recorded from a tablet's outbox. */
  recordedFromOutbox: '端末で記録',
} as const;

/** `pressed_at` of every work action's body: absent for a press sent at once. */
export const pressedAtSchema = z.iso.datetime({ offset: true, error: pressMessages.badTime }).optional();
export const pressSchema = z.object({ pressed_at: pressedAtSchema });

export type PressTime = { at: string } | { refused: string };

/**
 * The moment to record for a press made at `pressedAt` (UTC ISO), seen by the server at `now`,
 * on a record whose last recorded moment is `latest` (none for a new record); or why it is refused.
 */
export function acceptPressTime(pressedAt: string, now: Date, latest?: string): PressTime {
  const pressed = Date.parse(pressedAt);
  if (pressed > now.getTime() + PRESS_CLOCK_SKEW_MS) return { refused: pressMessages.inFuture };
  if (pressed < now.getTime() - PRESS_MAX_AGE_MS) return { refused: pressMessages.tooOld };
  // A press up to the skew ahead is recorded at the server's clock: time on a record never lies ahead of it.
  const at = new Date(Math.min(pressed, now.getTime())).toISOString();
  if (latest !== undefined && at < latest) return { refused: pressMessages.beforeLast };
  return { at };
}
