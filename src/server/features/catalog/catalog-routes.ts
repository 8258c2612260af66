import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogMessages, processingPayloadSchema } from '../../../domain/catalog.ts';
import type { AppContext } from '../../context.ts';
import { idText } from '../../../domain/fields.ts';
import { idParams } from '../../params.ts';
import { ProcessingService } from './catalog-service.ts';

const detailSelectorQuery = z.object({ processing_id: idText(catalogMessages.processingIdInvalid).optional() });

/**
 * 加工内容 with their details: the list, one processing with its details, its writes, and the two
 * selectors of the work screens. Reads are for every signed-in user, writes for administrators.
 */
export function catalogRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new ProcessingService(context.db);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get('/api/processing', { config: { access: 'user' } }, () => service.list());
    routes.get('/api/processing/selector', { config: { access: 'user' } }, () => service.list());
    routes.get('/api/processing/:id', { config: { access: 'user' }, schema: { params: idParams } }, (request) =>
      service.get(request.params.id),
    );
    routes.post('/api/processing', { config: { access: 'admin' }, schema: { body: processingPayloadSchema } }, async (request, reply) => {
      const id = await service.create(request.body.processing, request.auth!.user!.id);
      return reply.code(201).send({ result: true, id });
    });
    routes.put(
      '/api/processing/:id',
      { config: { access: 'admin' }, schema: { params: idParams, body: processingPayloadSchema } },
      async (request) => {
        await service.update(request.params.id, request.body.processing, request.auth!.user!.id);
        return { result: true };
      },
    );
    routes.delete('/api/processing/:id', { config: { access: 'admin' }, schema: { params: idParams } }, async (request) => {
      await service.delete(request.params.id, request.auth!.user!.id);
      return { result: true };
    });

    routes.get('/api/processing_detail/selector', { config: { access: 'user' }, schema: { querystring: detailSelectorQuery } }, (request) =>
      service.detailSelector(request.query.processing_id),
    );
  };
}
