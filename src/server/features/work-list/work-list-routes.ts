import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FILE_NAME, downloadRequestSchema, listQuerySchema, productCostListRowSchema } from '../../../domain/product-cost-list.ts';
import type { AppContext } from '../../context.ts';
import { csvContentType, downloadHeaders } from '../../downloads/csv-file.ts';
import { answers } from '../../responses.ts';
import { csvStream } from './csv-export.ts';
import { ListService } from './work-list-service.ts';

/** The CSV leaves as a stream, which no serializer touches; its schema only describes it. */
const csvText = z.custom<Readable>().meta({ type: 'string', description: 'UTF-8 with a byte-order mark, or Shift_JIS' });

/** The work-time list and its CSV, for every signed-in user (docs/PRODUCT.md#roles-and-access). */
export function listRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new ListService(context.db, context.config.timeZone, context.clock);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/api/productcost',
      {
        config: { access: 'user' },
        schema: {
          querystring: listQuerySchema,
          response: answers({ 200: z.array(productCostListRowSchema) }),
        },
      },
      async (request, reply) => {
        const { rows, total } = await service.list(request.query);
        if (total !== undefined) reply.header('X-Total-Count', String(total));
        return rows;
      },
    );

    routes.post(
      '/api/productcost/download',
      {
        config: { access: 'user' },
        schema: {
          body: downloadRequestSchema,
          response: answers({ 200: { description: CSV_FILE_NAME, content: { 'text/csv': { schema: csvText } } } }),
        },
      },
      async (request, reply) => {
        const { from, to, encoding } = request.body;
        return reply
          .headers(downloadHeaders(CSV_FILE_NAME, 'sagyo-jikan.csv', csvContentType(encoding)))
          .send(csvStream(service.batches(from, to), encoding));
      },
    );
  };
}
