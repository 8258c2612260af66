import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '../domain/messages.ts';

const japanese = /[\u3040-\u30ff\u3400-\u9fff]/;

/** An error a service raises to refuse a request with a status and a Japanese message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }
}

/**
 * A master's save over the version its form read (docs/API.md#masters): refused with 409 once the
 * item has been saved since; a save that sends no version (an older client) is not checked.
 */
export function refuseStaleVersion(sent: number | undefined, stored: number): void {
  if (sent !== undefined && sent !== stored) throw new HttpError(409, messages.conflict);
}

/** The body of every refusal. */
export const errorBody = (errorMessage: string) => ({ result: false as const, errorMessage });

/**
 * Every error leaves as `{ result: false, errorMessage }` in Japanese. What the client sent wrong is
 * a 4xx with a message it can show; what went wrong inside is logged and never described.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(errorBody(error.errorMessage));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation.find((issue) => japanese.test(issue.message ?? ''));
      return reply.code(400).send(errorBody(first?.message ?? messages.http.badRequest));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(clientErrorMessage(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(messages.http.serverError));
  });
}

function clientErrorMessage(status: number): string {
  switch (status) {
    case 404:
      return messages.http.notFound;
    case 413:
      return messages.http.payloadTooLarge;
    case 415:
      return messages.http.unsupportedMediaType;
    case 429:
      return messages.http.tooManyRequests;
    default:
      return messages.http.badRequest;
  }
}
