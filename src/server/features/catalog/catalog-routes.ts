import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogMessages,
  processingDetailSelectorItemSchema,
  processingItemSchema,
  processingPayloadSchema,
} from '../../../domain/catalog.ts';
import { createdResponseSchema, okResponseSchema, savedResponseSchema, selectorItemSchema } from '../../../domain/responses.ts';
import type { AppContext } from '../../context.ts';
import { idText } from '../../../domain/fields.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { ProcessingService } from './catalog-service.ts';

const detailSelectorQuery = z.object({ processing_id: idText(catalogMessages.processingIdInvalid).optional() });

/**
 * 加工内容 with their details: the list, one processing with its details, its writes, and the two
 * selectors of the work screens. Reads are for every signed-in user, writes for administrators.
 */
export function catalogRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new ProcessingService(context.db, context.engine);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    const list = { response: answers({ 200: z.array(selectorItemSchema) }) };
    const written = { response: answers({ 200: okResponseSchema }) };

    routes.get('/api/processing', { config: { access: 'user' }, schema: list }, () => service.list());
    routes.get('/api/processing/selector', { config: { access: 'user' }, schema: list }, () => service.list());
    routes.get(
      '/api/processing/:id',
      { config: { access: 'user' }, schema: { params: idParams, response: answers({ 200: processingItemSchema }) } },
      (request) => service.get(request.params.id),
    );
    routes.post(
      '/api/processing',
      { config: { access: 'admin' }, schema: { body: processingPayloadSchema, response: answers({ 201: createdResponseSchema }) } },
      async (request, reply) => {
        const id = await service.create(request.body.processing, request.auth!.user!.id);
        return reply.code(201).send({ result: true as const, id });
      },
    );
    routes.put(
      '/api/processing/:id',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: processingPayloadSchema, response: answers({ 200: savedResponseSchema }) },
      },
      async (request) => {
        const version = await service.update(request.params.id, request.body.processing, request.auth!.user!.id);
        return { result: true as const, version };
      },
    );
    routes.delete('/api/processing/:id', { config: { access: 'admin' }, schema: { params: idParams, ...written } }, async (request) => {
      await service.delete(request.params.id, request.auth!.user!.id);
      return { result: true as const };
    });

    routes.get(
      '/api/processing_detail/selector',
      {
        config: { access: 'user' },
        schema: { querystring: detailSelectorQuery, response: answers({ 200: z.array(processingDetailSelectorItemSchema) }) },
      },
      (request) => service.detailSelector(request.query.processing_id),
    );
  };
}
