import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits: the cookie's token and the CSRF token are each one of these. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The database keeps only a keyed hash of the cookie's token. */
export function sessionIdOf(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export function tokensEqual(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
