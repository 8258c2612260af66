import type { FastifyInstance } from 'fastify';
import { messages } from '../domain/messages.ts';
import { HttpError } from './errors.ts';

/** The NUL character: PostgreSQL cannot store it in text, and no form of ours can type it. */
const NUL = '\u0000';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || holdsNul(item, depth + 1));
}

/**
 * Refuses, before any schema or query sees it, text that one engine would store and the other
 * would answer with an error: the same request must get the same answer on SQLite and PostgreSQL.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query)) throw new HttpError(400, messages.http.unstorableText);
  });
}
