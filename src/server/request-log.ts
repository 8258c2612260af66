import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { clientAddress } from './auth/client-address.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as the request arrived: a closed connection's socket no longer tells it. */
    arrivedFrom: string;
  }
}

/**
 * One line per request at info, written when the answer has been sent, instead of Fastify's two
 * ("incoming request" and "request completed"): each line is a synchronous write, and the pair cost
 * a fifth of a work action's CPU in the server (docs/PERFORMANCE.md). The line carries what the pair
 * carried that an operator reads, with the client's address as the sessions keep it (TRUST_PROXY
 * believed, as Fastify's was). "incoming request" stays at debug, for chasing a request that hangs.
 * An error after the answer writes "request errored" at error, in the same words; the other errors
 * keep Fastify's own lines (a stream ended early), and 500s ours (errors.ts). Goes with
 * installRequestLog.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.arrivedFrom = clientAddress(request);
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const { method, url, arrivedFrom: ip } = request;
    const line = { method, url, ip, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
    // An error after the answer (an onResponse hook's, the answer's stream's): Fastify's own line for it
    // would carry neither method nor path, which its arrival's line, now at debug, used to give.
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * The request's own part of the log, beside OneLinePerRequest: where the client's address is kept,
 * and a line for a request whose connection closed before the answer was sent (the client gave up,
 * or the answer failed on its way), which has no "request completed". Fastify's request does not say when it began, so that line's
 * own time is all it tells of when.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.decorateRequest('arrivedFrom', '');
  app.addHook('onRequestAbort', async (request) => {
    const { method, url, arrivedFrom: ip } = request;
    request.log.info({ method, url, ip }, 'request aborted');
  });
}
