import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Engine } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { clientAddress } from './client-address.ts';
import { countWithin, deleteCountersBefore, findCounter } from './throttle-repository.ts';

/** The window of the per-address limit; ANONYMOUS_RATE_LIMIT is the count allowed within it. */
export const ANONYMOUS_WINDOW_MS = 60 * 1000;

/** Answers, for a request to be refused, how many milliseconds its address must wait; else null. */
export type AnonymousLimit = (request: FastifyRequest) => Promise<number | null>;

/**
 * The per-address limit on requests of clients that are not signed in, with @fastify/rate-limit.
 * On SQLite one process serves the workshop and the plugin's memory store is exact. On PostgreSQL
 * several processes may serve behind a load balancer, so the count lives in the database
 * (`request_counts`, an UNLOGGED table: one upsert, no WAL flush), or each process would allow
 * the limit once more.
 */
export async function installAnonymousRateLimit(
  app: FastifyInstance,
  options: { db: Kysely<Database>; engine: Engine; max: number },
): Promise<AnonymousLimit> {
  await app.register(fastifyRateLimit, {
    global: false,
    max: options.max,
    timeWindow: ANONYMOUS_WINDOW_MS,
    keyGenerator: clientAddress,
    ...(options.engine === 'postgres' ? { store: sharedStore(options.db) } : {}),
  });
  const check = app.createRateLimit();
  return async (request) => {
    const result = await check(request);
    return !result.isAllowed && result.isExceeded ? result.ttl : null;
  };
}

function sharedStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      countRequest(db, key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** A refused request writes nothing: the count stops at the limit and is read back instead. */
async function countRequest(db: Kysely<Database>, key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
  const now = new Date();
  const counted = await countWithin(db, 'request_counts', key, { limit: max, windowMs }, now);
  const counter = counted ?? (await findCounter(db, 'request_counts', key));
  const ttl = counter ? Date.parse(counter.window_started_at) + windowMs - now.getTime() : windowMs;
  return { current: counted ? counted.attempts : max + 1, ttl };
}

/** Deletes the counts of windows that are over. */
export function sweepRequestCounts(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteCountersBefore(db, 'request_counts', new Date(now.getTime() - ANONYMOUS_WINDOW_MS).toISOString());
}
