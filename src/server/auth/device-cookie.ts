import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies: a browser in which a user signed in keeps a signed proof of it, and
 * sign-in attempts for that user from that browser are counted apart from everyone else's. The
 * proof binds the user's key and a random nonce with an HMAC; it tells no one which user it is for.
 * A shared tablet keeps the proofs of the last users who signed in on it.
 */
export const DEVICE_COOKIE = 'kosu_device';
/** A year: a worker who signs in once a season keeps being recognised. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** The users one browser is remembered for; a cookie of them stays far below browsers' 4 KB. */
export const MAX_DEVICE_ENTRIES = 20;

const NONCE_BYTES = 16;
const SIGNATURE_BYTES = 16;
const ENTRY = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/;

function signature(secret: string, userKey: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`device\0${userKey}\0${nonce}`).digest().subarray(0, SIGNATURE_BYTES);
}

function entriesOf(cookie: string | undefined): string[] {
  return (cookie ?? '')
    .split('~')
    .filter((entry) => ENTRY.test(entry))
    .slice(0, MAX_DEVICE_ENTRIES);
}

/** The nonce of the cookie's proof for this user, or undefined when the browser holds none. */
export function deviceNonceFor(cookie: string | undefined, secret: string, userKey: string): string | undefined {
  for (const entry of entriesOf(cookie)) {
    const [nonce = '', given = ''] = entry.split('.');
    if (timingSafeEqual(Buffer.from(given, 'base64url'), signature(secret, userKey, nonce))) return nonce;
  }
  return undefined;
}

/**
 * The cookie after a successful sign-in: a new proof for this user first, the user's old one
 * dropped, the others kept up to the bound.
 */
export function deviceCookieAfterSignIn(cookie: string | undefined, secret: string, userKey: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  const fresh = `${nonce}.${signature(secret, userKey, nonce).toString('base64url')}`;
  const previous = deviceNonceFor(cookie, secret, userKey);
  const others = entriesOf(cookie).filter((entry) => !entry.startsWith(`${previous}.`) || previous === undefined);
  return [fresh, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~');
}
