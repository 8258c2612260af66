import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CSV_FILE_NAME,
  downloadRequestSchema,
  LIST_FILE_STEM,
  listQuerySchema,
  productCostListRowSchema,
} from '../../../domain/product-cost-list.ts';
import type { AppContext } from '../../context.ts';
import { csvContentType, downloadHeaders } from '../../downloads/csv-file.ts';
import { downloadTable, fileSchemas, periodCondition, readAtCondition } from '../../downloads/download-table.ts';
import { answers } from '../../responses.ts';
import { csvStream } from './csv-export.ts';
import { listWorkbook } from './workbook-export.ts';
import { ListService } from './work-list-service.ts';

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
          response: answers({ 200: fileSchemas(LIST_FILE_STEM) }),
        },
      },
      async (request, reply) => {
        const { from, to, encoding, format } = request.body;
        if (format === 'xlsx') {
          // Its sheet 条件 says which 作業日 it holds, as 分析's workbooks do.
          const conditions = [periodCondition(from, to), readAtCondition(context.clock(), context.config.timeZone)];
          const workbook = downloadTable(listWorkbook(service.batches(from, to), conditions), 'xlsx', encoding);
          return reply.headers(workbook.headers).send(workbook.body);
        }
        return reply
          .headers(downloadHeaders(CSV_FILE_NAME, 'sagyo-jikan.csv', csvContentType(encoding)))
          .send(csvStream(service.batches(from, to), encoding));
      },
    );
  };
}
