import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { CurrentStation } from '../../domain/stations.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { findBoundStation } from './station-repository.ts';
import { TOKEN_FORM } from './session-tokens.ts';

/**
 * The cookie that makes a browser a station (端末). It holds a random token; the database keeps
 * only its keyed hash, so a copy of the table binds no tablet. Deleting the station or 再登録
 * replaces the hash, which unbinds the tablet at once.
 */
export const STATION_COOKIE = 'kosu_station';
/** 400 days, the most a browser keeps a cookie; every list of workers sends it again, so a station in use stays bound. */
export const STATION_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export function stationTokenHash(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`station\0${token}`).digest('hex');
}

export function setStationCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(STATION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    maxAge: STATION_COOKIE_MAX_AGE_S,
  });
}

export type StationResolver = (token: string | undefined) => Promise<CurrentStation | null>;

/** The station a cookie binds its browser to, or null. */
export function stationResolver(db: Kysely<Database>, secret: string): StationResolver {
  return async (token) => {
    if (!token || !TOKEN_FORM.test(token)) return null;
    return (await findBoundStation(db, stationTokenHash(token, secret))) ?? null;
  };
}
