import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../domain/messages.ts';
import { PRESS_CREDENTIAL_HEADER, pressCredentialMessages } from '../../domain/press-credential.ts';
import { stationMessages, type CurrentStation } from '../../domain/stations.ts';
import { workshopClockTime } from '../../domain/time.ts';
import type { Config } from '../config.ts';
import type { AnonymousLimit } from './anonymous-rate-limit.ts';
import { clientAddress } from './client-address.ts';
import type { PressCredentials } from './press-credentials.ts';
import { SESSION_IDLE_MS, type ActiveSession, type SessionService } from './session-service.ts';
import { STATION_COOKIE, type StationResolver } from './station-cookie.ts';
import { PRESS_CREDENTIAL_REACH, STATION_SESSION_REACH } from './station-reach.ts';
import { tokensEqual } from './session-tokens.ts';

/**
 * Who may call a route: anyone, any signed-in user, administrators only, or a browser bound as a
 * station (端末), signed in or not.
 */
export type Access = 'public' | 'user' | 'admin' | 'station';

declare module 'fastify' {
  interface FastifyRequest {
    auth: ActiveSession | null;
    /** The station the browser is bound as, read for 'station' routes only. */
    station: CurrentStation | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const SESSION_COOKIE = 'kosu_session';
const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Loads the session of every request, holds a client that is not signed in to the per-address
 * limit, then holds each /api route to its declared access and every mutating call to the CSRF
 * token and the X-Requested-With header, all before the body is even read.
 */
export function installRequestAuth(
  app: FastifyInstance,
  sessions: SessionService,
  config: Config,
  anonymousLimit: AnonymousLimit,
  stationOf: StationResolver,
  pressCredentials: PressCredentials,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('station', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/assets/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.auth = await sessions.resolve(token);
    if (request.auth?.touched && token) setSessionCookie(reply, token, config);

    const user = request.auth?.user ?? null;
    if (!user) {
      const waitMs = await anonymousLimit(request);
      if (waitMs !== null) {
        reply.header('retry-after', Math.ceil(waitMs / 1000));
        const until = workshopClockTime(new Date(Date.now() + waitMs).toISOString(), config.timeZone);
        return refuse(reply, 429, messages.http.tooManyRequestsUntil(until));
      }
    }

    const access = request.routeOptions.config.access;
    if (!access) return;
    const credential = request.headers[PRESS_CREDENTIAL_HEADER.toLowerCase()];
    if (credential !== undefined) return actAsCredentialWorker(request, reply, String(credential));
    if (access === 'station') {
      request.station = await stationOf(request.cookies[STATION_COOKIE]);
      if (!request.station) return refuse(reply, 403, stationMessages.notBound);
    } else if (access !== 'public') {
      if (!user) return refuseSignedOut(request, reply);
      if (request.auth?.stationId != null && !STATION_SESSION_REACH.has(`${request.method} ${request.routeOptions.url}`)) {
        return refuse(reply, 403, stationMessages.passwordNeeded);
      }
      if (access === 'admin' && !user.is_admin) return refuse(reply, 403, messages.http.forbidden);
    }
    if (MUTATING_METHODS.has(request.method) && !hasValidCsrf(request)) return refuse(reply, 419, messages.http.csrf);
  });

  /**
   * 401, with the CSRF token of the session the browser holds now in X-CSRF-TOKEN: the anonymous one its
   * cookie stands for, or one started here when the cookie went with the session. The page still
   * carries the ended session's token, with which signing in again was refused as an expired page
   * (419) until a reload. Only the page's own script can read the header, as it reads the page's meta.
   */
  function refuseSignedOut(request: FastifyRequest, reply: FastifyReply) {
    const csrfToken = request.auth?.csrfToken ?? startAnonymousSession(reply, sessions, config);
    return refuse(reply.header('x-csrf-token', csrfToken), 401, messages.http.unauthenticated);
  }

  /**
   * A press a station's outbox sends for its worker (docs/SECURITY.md#press-credentials): the
   * credential alone says who presses, never the session cookie, so a press is never recorded as
   * whoever is signed in now. Work actions only, from the station it was issued on.
   */
  async function actAsCredentialWorker(request: FastifyRequest, reply: FastifyReply, credential: string) {
    if (!PRESS_CREDENTIAL_REACH.has(`${request.method} ${request.routeOptions.url}`)) {
      return refuse(reply, 403, pressCredentialMessages.workActionsOnly);
    }
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return refuse(reply, 419, messages.http.csrf);
    const station = await stationOf(request.cookies[STATION_COOKIE]);
    request.auth = station && (await pressCredentials.resolve(credential, station.id));
    if (!request.auth) return refuse(reply, 403, pressCredentialMessages.refused);
  }
}

function hasValidCsrf(request: FastifyRequest): boolean {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') return false;
  const given = request.headers['x-csrf-token'];
  return request.auth !== null && tokensEqual(request.auth.csrfToken, typeof given === 'string' ? given : undefined);
}

export function refuse(reply: FastifyReply, status: number, errorMessage: string): FastifyReply {
  return reply.code(status).send({ result: false, errorMessage });
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

/** Starts a signed-in session for the request and hands its cookie to the browser. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionService,
  config: Config,
  employeeId: number,
  stationId: number | null = null,
): Promise<{ csrfToken: string }> {
  const client = { ip: clientAddress(request), userAgent: request.headers['user-agent'] ?? null };
  const started = await sessions.start(employeeId, client, stationId);
  setSessionCookie(reply, started.token, config);
  return started;
}

/** Starts an anonymous session, kept in the cookie alone, and answers its CSRF token. */
export function startAnonymousSession(reply: FastifyReply, sessions: SessionService, config: Config): string {
  const started = sessions.startAnonymous();
  setSessionCookie(reply, started.token, config);
  return started.csrfToken;
}
