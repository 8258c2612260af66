import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  breakResultSchema,
  finishRequestSchema,
  interruptRequestSchema,
  noworkStartResultSchema,
  pressRequestSchema,
  setupBreakResultSchema,
  setupStartResultSchema,
  startRequestSchema,
  startResultSchema,
  workActionResultSchema,
  loadedWorkRecordSchema,
} from '../../../domain/product-cost.ts';
import { slipDefaultsQuerySchema, slipDefaultsSchema } from '../../../domain/slip-defaults.ts';
import type { AppContext } from '../../context.ts';
import type { KeepAnswer } from '../../idempotency/idempotency-service.ts';
import { IdempotencyService } from '../../idempotency/idempotency-service.ts';
import { HttpError } from '../../errors.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { WorkService } from './work-service.ts';

/** End of day carries the finish fields and, from the screen, the open period ids it knows of. */
const noworkStartSchema = finishRequestSchema.extend({
  setup_time_id: z.unknown().optional(),
  break_time_id: z.unknown().optional(),
  setup_break_time_id: z.unknown().optional(),
});

/** The work actions (docs/API.md#work-actions-any-signed-in-worker), open to every signed-in worker. */
export function workRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new WorkService(context.db, context.engine, context.config.timeZone, context.events, context.clock);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const user = { access: 'user' as const };
    const actor = (request: { auth: { user: { id: number } | null } | null }) => request.auth!.user!.id;
    /** The params, body and answer of an action on a record or one of its periods. */
    const action = <Body extends z.ZodType, Answer extends z.ZodType>(body: Body, answer: Answer) => ({
      params: idParams,
      body,
      response: answers({ 200: answer }),
    });
    const noBody = pressRequestSchema;
    /** Who pressed, the answer to keep for the key, and when a press sent later was made (the body's pressed_at). */
    const pressedBy = (request: Parameters<typeof actor>[0] & { body: { pressed_at?: string } | null | undefined }, keep?: KeepAnswer) => ({
      actorId: actor(request),
      keep,
      pressedAt: request.body?.pressed_at,
    });

    const idempotency = new IdempotencyService(context.db);
    /**
     * Every action answers once per Idempotency-Key; without the header it simply runs. A kept
     * answer is sent again as it was, through the route's own response schema.
     */
    const once = async (request: FastifyRequest, reply: FastifyReply, status: number, run: (keep?: KeepAnswer) => Promise<unknown>) => {
      const answer = await idempotency
        .run(
          {
            employeeId: actor(request),
            header: request.headers['idempotency-key'],
            method: request.method,
            url: request.url,
            body: request.body,
          },
          status,
          run,
        )
        .catch((error: unknown) => {
          logRefusedOutboxPress(request, error);
          throw error;
        });
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(answer.status).send(answer.body);
    };

    routes.post(
      '/api/productcost/start',
      { config: user, schema: { body: startRequestSchema, response: answers({ 201: startResultSchema }) } },
      (request, reply) => once(request, reply, 201, (keep) => service.start(request.body, pressedBy(request, keep))),
    );
    routes.get(
      '/api/productcost/slip_defaults',
      { config: user, schema: { querystring: slipDefaultsQuerySchema, response: answers({ 200: slipDefaultsSchema }) } },
      (request) => service.slipDefaults(request.query.slip_no),
    );
    routes.get(
      '/api/productcost/:id',
      { config: user, schema: { params: idParams, response: answers({ 200: loadedWorkRecordSchema }) } },
      (request) => service.get(request.params.id),
    );
    routes.post('/api/productcost/setup/start/:id', { config: user, schema: action(noBody, setupStartResultSchema) }, (request, reply) =>
      once(request, reply, 200, (keep) => service.startSetup(request.params.id, pressedBy(request, keep))),
    );
    routes.post('/api/productcost/setup/finish/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request, reply) =>
      once(request, reply, 200, (keep) => service.finishSetup(request.params.id, pressedBy(request, keep))),
    );
    routes.post(
      '/api/productcost/setup/break/:id',
      { config: user, schema: action(interruptRequestSchema, setupBreakResultSchema) },
      (request, reply) =>
        once(request, reply, 200, (keep) => service.breakSetup(request.params.id, request.body, pressedBy(request, keep))),
    );
    routes.post('/api/productcost/setup/restart/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request, reply) =>
      once(request, reply, 200, (keep) => service.restartSetup(request.params.id, pressedBy(request, keep))),
    );
    routes.post(
      '/api/productcost/break/:id',
      { config: user, schema: action(interruptRequestSchema, breakResultSchema) },
      (request, reply) => once(request, reply, 200, (keep) => service.breakWork(request.params.id, request.body, pressedBy(request, keep))),
    );
    routes.post('/api/productcost/restart/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request, reply) =>
      once(request, reply, 200, (keep) => service.restartWork(request.params.id, pressedBy(request, keep))),
    );
    routes.post(
      '/api/productcost/nowork/start/:id',
      { config: user, schema: action(noworkStartSchema, noworkStartResultSchema) },
      (request, reply) =>
        once(request, reply, 200, (keep) => service.startNowork(request.params.id, request.body, pressedBy(request, keep))),
    );
    routes.post('/api/productcost/nowork/finish/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request, reply) =>
      once(request, reply, 200, (keep) => service.finishNowork(request.params.id, pressedBy(request, keep))),
    );
    routes.post(
      '/api/productcost/finish/:id',
      { config: user, schema: action(finishRequestSchema, workActionResultSchema) },
      (request, reply) => once(request, reply, 200, (keep) => service.finish(request.params.id, request.body, pressedBy(request, keep))),
    );
  };
}

/**
 * A press a tablet's outbox sent later (with pressed_at) that could not be recorded: the tablet
 * keeps it in its 送信できなかった記録 list, and the server's log says who, what, when and why, for
 * the administrator who corrects the record (docs/OPERATIONS.md#presses-made-offline).
 */
function logRefusedOutboxPress(request: FastifyRequest, error: unknown): void {
  const pressedAt = (request.body as { pressed_at?: unknown } | null | undefined)?.pressed_at;
  if (pressedAt === undefined || !(error instanceof HttpError) || error.statusCode >= 500) return;
  request.log.warn(
    { employeeId: request.auth?.user?.id, press: `${request.method} ${request.url}`, pressedAt, reason: error.message },
    'press from a tablet outbox refused',
  );
}
