/**
 * Idempotency keys of the work actions: the screen makes one key per press and sends it with every
 * attempt of that press, so that an attempt whose answer was lost, or a page replayed by the
 * browser, records nothing a second time.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long the server answers a key again; a press is not retried for longer than a shift. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const idempotencyMessages = {
  badKey: 'Idempotency-Key は UUID で指定してください。',
  otherRequest: 'この Idempotency-Key は別の内容の操作に使われています。',
} as const;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A key as the server keeps it (lower case), or null when the header is not a UUID. */
export function readIdempotencyKey(header: string): string | null {
  const key = header.trim().toLowerCase();
  return uuid.test(key) ? key : null;
}
