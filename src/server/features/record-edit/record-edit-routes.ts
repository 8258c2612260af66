import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editRecordSchema, recordEditPayloadSchema, recordSavedSchema } from '../../../domain/product-cost-edit.ts';
import { okResponseSchema } from '../../../domain/responses.ts';
import type { AppContext } from '../../context.ts';
import { idText } from '../../../domain/fields.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { EditService } from './record-edit-service.ts';

/** The version the screen read; optional, so that a DELETE without a query keeps its old meaning. */
const deleteQuery = z.object({ version: idText().optional() });

/** Reading a record whole, correcting and deleting it: administrators only (docs/PRODUCT.md#roles-and-access). */
export function editRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new EditService(context.db, context.engine, context.config.timeZone, context.events, context.clock);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' as const };

    routes.get(
      '/api/productcost/edit/:id',
      { config: admin, schema: { params: idParams, response: answers({ 200: editRecordSchema }) } },
      (request) => service.get(request.params.id),
    );
    routes.put(
      '/api/productcost/:id',
      { config: admin, schema: { params: idParams, body: recordEditPayloadSchema, response: answers({ 200: recordSavedSchema }) } },
      (request) => service.update(request.params.id, request.body.productcost, request.auth!.user!.id),
    );
    routes.delete(
      '/api/productcost/:id',
      { config: admin, schema: { params: idParams, querystring: deleteQuery, response: answers({ 200: okResponseSchema }) } },
      async (request) => {
        await service.delete(request.params.id, request.auth!.user!.id, request.query.version);
        return { result: true as const };
      },
    );
  };
}
