import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callRequestSchema, callResultSchema, recordCallSchema } from '../../../domain/calls.ts';
import { idText } from '../../../domain/fields.ts';
import { okResponseSchema } from '../../../domain/responses.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { CallService } from './calls-service.ts';

/** Calls for help (docs/API.md#calls-for-help-any-signed-in-user): made from the work screen, answered from the board or the work screen. */
export function callRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new CallService(context.db, context.engine, context.events, context.config.timeZone, context.clock);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const user = { access: 'user' as const };

    routes.get(
      '/api/productcost/call/:id',
      { config: user, schema: { params: idParams, response: answers({ 200: recordCallSchema }) } },
      (request) => service.openCall(request.params.id),
    );
    routes.post(
      '/api/productcost/call/:id',
      { config: user, schema: { params: idParams, body: callRequestSchema, response: answers({ 200: callResultSchema }) } },
      (request) => service.call(request.params.id, request.body, request.auth!.user!.id),
    );
    routes.post(
      '/api/productcost/call/answer/:call_id',
      {
        config: user,
        schema: { params: z.object({ call_id: idText() }), body: z.unknown().optional(), response: answers({ 200: okResponseSchema }) },
      },
      async (request) => {
        await service.answer(request.params.call_id, request.auth!.user!.id);
        return { result: true as const };
      },
    );
  };
}
