import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';
import { messages } from '../../domain/messages.ts';
import { PRESS_CREDENTIAL_HEADER } from '../../domain/press-credential.ts';
import { ApiError, failureMessage } from './api-error.ts';

export { ApiError, failureMessage };

let csrfToken = readCsrfMeta();
let onUnauthenticated: () => void = () => {};

function readCsrfMeta(): string | null {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (!token) {
    console.error('CSRF token not found: the page lacks <meta name="csrf-token">');
    return null;
  }
  return token;
}

/**
 * Whether the page came to a signed-out session: then the first question of who is signed in is
 * answered without asking (and being refused with a 401 on every signed-out visit). Later
 * questions, after a sign-in on this page, always ask.
 */
const signedInMeta = document.querySelector<HTMLMetaElement>('meta[name="signed-in"]')?.content;
let signedOutAtLoad = signedInMeta === 'false';

/** Whether the server wrote into the page that it came to a signed-in session. */
export const signedInAtLoad = signedInMeta === 'true';

export function takeSignedOutAtLoad(): boolean {
  const answer = signedOutAtLoad;
  signedOutAtLoad = false;
  return answer;
}

/** Sign-in and sign-out start a new session, whose token replaces the page's. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when the server says the session is gone, so the screens can send the user to sign in. */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** A work action's press: every attempt of one press carries the same key. */
  idempotencyKey?: string;
  /** Ends the call (a press's attempt that ran out of time); it then fails as unanswered. */
  signal?: AbortSignal;
  /** A press from a station's outbox: sent as the worker this credential belongs to (docs/SECURITY.md#press-credentials). */
  pressCredential?: string;
}

/** Sends a call the way docs/API.md#conventions says: marked as XMLHttpRequest, with the page's CSRF token. */
export async function sendRequest(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  if (csrfToken) headers['X-CSRF-TOKEN'] = csrfToken;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  if (options.pressCredential) headers[PRESS_CREDENTIAL_HEADER] = options.pressCredential;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
  }).catch(unanswered);
  if (response.ok) return response;
  const errorMessage = await readErrorMessage(response);
  if (response.status === 401) {
    // The ended session's token would have the next sign-in refused as an expired page.
    csrfToken = response.headers.get('X-CSRF-TOKEN') ?? csrfToken;
    if (path !== '/api/login') onUnauthenticated();
  }
  throw new ApiError(response.status, errorMessage);
}

export async function api<T>(method: Method, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await sendRequest(method, path, body, options);
  // An answer that breaks off on its way (the Wi-Fi lost, the attempt's time run out mid-body) is no
  // answer either: a press is sent again with its key, and the server answers it as the first time.
  return (await response.json().catch(unanswered)) as T;
}

/** A call that got no answer it could read: no network, the server away, or an answer cut short. */
function unanswered(): never {
  throw new ApiError(0, messages.http.network);
}

async function readErrorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { errorMessage?: unknown };
    if (typeof body.errorMessage === 'string') return body.errorMessage;
  } catch {
    // not JSON: fall through to the generic message
  }
  return response.status >= 500 ? messages.http.serverError : messages.http.badRequest;
}
