import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventMessages, lastEventIdSchema } from '../../domain/board-events.ts';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { answers } from '../responses.ts';
import { EventStreams } from './event-streams.ts';

/** What a full process asks a board to wait before it tries again. */
const RETRY_AFTER_SECONDS = 10;

const streamAnswer = {
  description:
    'Server-Sent Events: `id:` and `data:` (the change as JSON) per event, `event: reset` when the board must reload, a comment line as heartbeat.',
  content: { 'text/event-stream': { schema: z.string() } },
};

/** GET /api/events (docs/API.md#events-any-signed-in-user): the floor's changes as Server-Sent Events, for every signed-in user. */
export function eventRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const streams = new EventStreams(context.events, { ...context.config.eventStreams, timeZone: context.config.timeZone });
    // Open streams would keep the server from closing: each is ended, and its board reconnects.
    app.addHook('preClose', async () => streams.closeAll());

    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/events',
      {
        config: { access: 'user', stream: true },
        schema: {
          querystring: z.object({ last_event_id: lastEventIdSchema.optional() }),
          response: answers({ 200: streamAnswer }),
        },
      },
      async (request, reply) => {
        const header = request.headers['last-event-id'];
        const fromHeader = header === undefined ? undefined : lastEventIdSchema.safeParse(header);
        if (fromHeader && !fromHeader.success) throw new HttpError(400, eventMessages.badLastEventId);
        if (streams.full) {
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          throw new HttpError(503, eventMessages.tooManyConnections);
        }
        reply.hijack();
        const headers = {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // nginx would otherwise hold events back to fill its buffer (docs/OPERATIONS.md).
          'x-accel-buffering': 'no',
        };
        await streams.open(reply.raw, headers, fromHeader?.data ?? request.query.last_event_id);
      },
    );
  };
}
