/**
 * A press waiting in the tablet's outbox (docs/PRODUCT.md#offline-presses). It names what it acts
 * on by a Ref: the server's id, or, while the press that will open it is unsent itself, that press's
 * Idempotency-Key (a 中断 made offline is the 再開's period; a 開始 made offline is everything's
 * record). When a press is recorded, its key is replaced by the id the server answered everywhere
 * it appears.
 */
export type Ref = number | string;

export interface OutboxPress {
  /** The press's Idempotency-Key: every attempt of it, online or from the outbox, carries it. */
  key: string;
  /** Who pressed: the press is sent as this worker or not at all. */
  workerId: number;
  /** On a station, the worker's press credential (docs/SECURITY.md#press-credentials); null elsewhere. */
  credential: string | null;
  /** The job: its record id, or the key of its 開始 while that is unsent (the 開始 itself has job = key). */
  job: Ref;
  slipNo: string;
  /** The button's name (中断, 再開…), for the worker and the administrator. */
  label: string;
  /** The call's path, `{id}` standing for `target`. */
  path: string;
  target: Ref | null;
  /** The body as the outbox sends it, with `pressed_at`. */
  body: Record<string, unknown>;
  /**
   * The body a first attempt sent at once, without `pressed_at`, when the press went to the outbox
   * only after its resends gave up: if that attempt was recorded after all, the server knows the key
   * with this body, and answers it again.
   */
  firstBody: Record<string, unknown> | null;
  pressedAt: string;
  /** The work screen's state after this press, shown again after a reload while it is unsent. */
  after: Record<string, unknown>;
  /** Set when the server refused the press: kept, and shown, never dropped silently. */
  refused: { message: string; at: string } | null;
  /**
   * The page whose work screen is still resending the press itself, after its first attempt got no
   * answer. The press is kept here meanwhile, so that a reload, a closed tab or a crash does not lose
   * it, and the outbox leaves it to that screen while the page lives (absent on every other press).
   */
  heldBy?: string;
}

/** The path to send a press to, or null while its target is a press still unsent. */
export function pathOf(press: OutboxPress): string | null {
  if (typeof press.target === 'string') return null;
  return press.target === null ? press.path : press.path.replace('{id}', String(press.target));
}

/** A press after an earlier one was recorded as `id`: that press's key, wherever it stood, becomes the id. */
export function withRecordedId(press: OutboxPress, key: string, id: number): OutboxPress {
  const swap = (ref: Ref | null) => (ref === key ? id : ref);
  const swapAll = (fields: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value === key ? id : value]));
  // 終業's body names the open periods too.
  return { ...press, job: swap(press.job)!, target: swap(press.target), body: swapAll(press.body), after: swapAll(press.after) };
}

/** What an answer gives the presses after it: the new record's id, or the period the press opened. */
export function recordedIdOf(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const fields = answer as Record<string, unknown>;
  const record = fields.product_cost as { id?: unknown } | undefined;
  if (typeof record?.id === 'number') return record.id;
  for (const name of ['setup_time_id', 'setup_break_time_id', 'break_time_id', 'nowork_time_id']) {
    if (typeof fields[name] === 'number') return fields[name];
  }
  return null;
}

/**
 * Whether a failed send is the server's refusal of the press (kept and shown), rather than a reason
 * to wait and try again: no answer (0), a proxy's 502–504 or the server's 500, a session to sign in
 * again (401), an expired CSRF token (419), or a rate limit (429).
 */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 408, 419, 429].includes(status);
}

/** The pause before the outbox tries again after `failures` failed rounds: 2 s, 4 s, 8 s… up to a minute. */
export function outboxRetryDelay(failures: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, failures - 1), 60_000);
}
