import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';

type ResponseSchemas = Record<string, z.ZodType | { content?: Record<string, { schema: z.ZodType }> }>;

/**
 * Holds every JSON answer of an /api route to the response schema its route declares for the
 * status, as strictly as the compiled serializer is loose: a field the handler answers but the
 * schema does not declare (which fast-json-stringify would silently drop), a value of another
 * type (which it would coerce), or a status the route declares nothing for. A mismatch turns the
 * answer into a 500 naming it, and is kept in `mismatches` for the test app to report on close.
 */
export function checkAnswers(app: FastifyInstance, mismatches: string[]): void {
  const handed = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    handed.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Not an /api route, or one of the reference page's own files, which the description leaves out.
    if (!request.routeOptions.config.access || (request.routeOptions.schema as { hide?: boolean } | undefined)?.hide) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const schema = schemaFor(request.routeOptions.schema?.response as ResponseSchemas | undefined, reply.statusCode);
    const problem = schema ? mismatch(schema, handed.get(request), String(payload)) : 'the route declares no answer for this status';
    if (!problem) return payload;
    const text = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode}: ${problem}`;
    mismatches.push(text);
    reply.code(500);
    return JSON.stringify({ result: false, errorMessage: text });
  });
}

/** The schema Fastify serialises a status with: the exact code, then its class (4xx), then default. */
function schemaFor(schemas: ResponseSchemas | undefined, status: number): z.ZodType | undefined {
  const declared = schemas?.[status] ?? schemas?.[`${String(status)[0]}xx`] ?? schemas?.default;
  if (declared && 'content' in declared) return declared.content?.['application/json']?.schema;
  return declared as z.ZodType | undefined;
}

function mismatch(schema: z.ZodType, handedOver: unknown, sent: string): string | undefined {
  const answer: unknown = JSON.parse(sent);
  // What JSON.stringify would have sent: the handler's answer, undeclared fields and all.
  const intended: unknown = handedOver === undefined ? answer : JSON.parse(JSON.stringify(handedOver));
  const parsed = schema.safeParse(intended);
  if (!parsed.success) return `does not match its schema: ${JSON.stringify(parsed.error.issues)}`;
  const extra = undeclared(intended, parsed.data, '');
  if (extra.length) return `answers fields its schema does not declare: ${extra.join(', ')}`;
  if (!isDeepStrictEqual(answer, intended)) return `the serializer changed the answer: sent ${sent}, meant ${JSON.stringify(intended)}`;
  return undefined;
}

/** The paths of fields in `given` that parsing with the (stripping) schema left out. */
function undeclared(given: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(given) && Array.isArray(kept))
    return given.flatMap((item, index) => undeclared(item, kept[index], `${path}[${index}]`));
  if (!isObject(given) || !isObject(kept)) return [];
  return Object.keys(given).flatMap((key) =>
    key in kept ? undeclared(given[key], kept[key], `${path}.${key}`) : [`${path}.${key}`.replace(/^\./, '')],
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
