import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  breakResultSchema,
  finishFieldsSchema,
  interruptRequestSchema,
  noworkStartResultSchema,
  setupBreakResultSchema,
  setupStartResultSchema,
  startRequestSchema,
  startResultSchema,
  workActionResultSchema,
  workRecordSchema,
} from '../../../domain/product-cost.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { WorkService } from './work-service.ts';

/** End of day carries the finish fields and, from the screen, the open period ids it knows of. */
const noworkStartSchema = finishFieldsSchema.extend({
  setup_time_id: z.unknown().optional(),
  break_time_id: z.unknown().optional(),
  setup_break_time_id: z.unknown().optional(),
});

/** The work actions (docs/API.md#work-actions-any-signed-in-worker), open to every signed-in worker. */
export function workRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new WorkService(context.db, context.engine, context.config.timeZone);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const user = { access: 'user' as const };
    const actor = (request: { auth: { user: { id: number } | null } | null }) => request.auth!.user!.id;
    /** The params, body and answer of an action on a record or one of its periods. */
    const action = <Body extends z.ZodType, Answer extends z.ZodType>(body: Body, answer: Answer) => ({
      params: idParams,
      body,
      response: answers({ 200: answer }),
    });
    const noBody = z.unknown().optional();

    routes.post(
      '/api/productcost/start',
      { config: user, schema: { body: startRequestSchema, response: answers({ 201: startResultSchema }) } },
      async (request, reply) => reply.code(201).send(await service.start(request.body, actor(request))),
    );
    routes.get(
      '/api/productcost/:id',
      { config: user, schema: { params: idParams, response: answers({ 200: workRecordSchema }) } },
      (request) => service.get(request.params.id),
    );
    routes.post('/api/productcost/setup/start/:id', { config: user, schema: action(noBody, setupStartResultSchema) }, (request) =>
      service.startSetup(request.params.id, actor(request)),
    );
    routes.post('/api/productcost/setup/finish/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request) =>
      service.finishSetup(request.params.id, actor(request)),
    );
    routes.post(
      '/api/productcost/setup/break/:id',
      { config: user, schema: action(interruptRequestSchema, setupBreakResultSchema) },
      (request) => service.breakSetup(request.params.id, request.body, actor(request)),
    );
    routes.post('/api/productcost/setup/restart/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request) =>
      service.restartSetup(request.params.id, actor(request)),
    );
    routes.post('/api/productcost/break/:id', { config: user, schema: action(interruptRequestSchema, breakResultSchema) }, (request) =>
      service.breakWork(request.params.id, request.body, actor(request)),
    );
    routes.post('/api/productcost/restart/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request) =>
      service.restartWork(request.params.id, actor(request)),
    );
    routes.post(
      '/api/productcost/nowork/start/:id',
      { config: user, schema: action(noworkStartSchema, noworkStartResultSchema) },
      (request) => service.startNowork(request.params.id, request.body, actor(request)),
    );
    routes.post('/api/productcost/nowork/finish/:id', { config: user, schema: action(noBody, workActionResultSchema) }, (request) =>
      service.finishNowork(request.params.id, actor(request)),
    );
    routes.post('/api/productcost/finish/:id', { config: user, schema: action(finishFieldsSchema, workActionResultSchema) }, (request) =>
      service.finish(request.params.id, request.body, actor(request)),
    );
  };
}
