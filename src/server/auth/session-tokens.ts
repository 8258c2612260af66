import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits: the cookie's token and the CSRF token are each one of these. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The form of every token newToken makes; a cookie of any other form is no session's. */
export const TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The database keeps only a keyed hash of the cookie's token. */
export function sessionIdOf(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/**
 * The CSRF token of a browser that has not signed in: derived from its cookie's token with the
 * server's key, so that it needs no row. Another site can neither read the cookie nor compute the
 * token, which is all the double-submit check needs.
 */
export function anonymousCsrfToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf\0${token}`).digest('base64url');
}

export function tokensEqual(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
