import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsFilterSchema,
  breakdownExportQuerySchema,
  breakdownQuerySchema,
  breakdownRowSchema,
  jobCostSchema,
  jobRowSchema,
  jobsExportQuerySchema,
  jobsQuerySchema,
  lossRowSchema,
  lossesExportQuerySchema,
  missingRatesSchema,
  summarySchema,
  type JobsFilter,
} from '../../../domain/analytics-api.ts';
import type { AppContext } from '../../context.ts';
import { downloadTable, fileSchemas, type DownloadFormat } from '../../downloads/download-table.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { breakdownDownload, jobsDownload, lossesDownload } from './analytics-downloads.ts';
import { AnalyticsService } from './analytics-service.ts';

/** 分析, for administrators (docs/API.md#analytics). */
export function analyticsRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new AnalyticsService(context.db, context.config.timeZone, context.clock);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' } as const;
    // A workbook lists what it is of on its sheet 条件; a CSV is the table alone, and reads no names for it.
    const conditionsOf = async (query: JobsFilter & { format: DownloadFormat }) =>
      query.format === 'xlsx' ? service.downloadConditions(query) : undefined;

    routes.get(
      '/api/analytics/summary',
      { config: admin, schema: { querystring: analyticsFilterSchema, response: answers({ 200: summarySchema }) } },
      (request) => service.summary(request.query),
    );
    routes.get(
      '/api/analytics/missing_rates',
      { config: admin, schema: { querystring: analyticsFilterSchema, response: answers({ 200: missingRatesSchema }) } },
      (request) => service.missingRates(request.query),
    );
    routes.get(
      '/api/analytics/losses',
      { config: admin, schema: { querystring: analyticsFilterSchema, response: answers({ 200: z.array(lossRowSchema) }) } },
      (request) => service.losses(request.query),
    );
    routes.get(
      '/api/analytics/breakdown',
      { config: admin, schema: { querystring: breakdownQuerySchema, response: answers({ 200: z.array(breakdownRowSchema) }) } },
      (request) => service.breakdown(request.query, request.query.by),
    );
    routes.get(
      '/api/analytics/jobs',
      { config: admin, schema: { querystring: jobsQuerySchema, response: answers({ 200: z.array(jobRowSchema) }) } },
      async (request, reply) => {
        const { rows, total } = await service.jobs(request.query);
        reply.header('X-Total-Count', String(total));
        return rows;
      },
    );
    routes.get(
      '/api/analytics/jobs/:id',
      { config: admin, schema: { params: idParams, response: answers({ 200: jobCostSchema }) } },
      (request) => service.job(request.params.id),
    );
    routes.get(
      '/api/analytics/jobs/export',
      { config: admin, schema: { querystring: jobsExportQuerySchema, response: answers({ 200: fileSchemas('分析_作業別原価') }) } },
      async (request, reply) => {
        const { format, encoding } = request.query;
        const file = downloadTable(jobsDownload(service.jobBatches(request.query), await conditionsOf(request.query)), format, encoding);
        return reply.headers(file.headers).send(file.body);
      },
    );
    routes.get(
      '/api/analytics/breakdown/export',
      { config: admin, schema: { querystring: breakdownExportQuerySchema, response: answers({ 200: fileSchemas('分析_{加工機}別') }) } },
      async (request, reply) => {
        const { by, format, encoding } = request.query;
        const [rows, conditions] = await Promise.all([service.breakdown(request.query, by), conditionsOf(request.query)]);
        const file = downloadTable(breakdownDownload(by, rows, conditions), format, encoding);
        return reply.headers(file.headers).send(file.body);
      },
    );
    routes.get(
      '/api/analytics/losses/export',
      { config: admin, schema: { querystring: lossesExportQuerySchema, response: answers({ 200: fileSchemas('分析_停止理由') }) } },
      async (request, reply) => {
        const { format, encoding } = request.query;
        const [rows, conditions] = await Promise.all([service.losses(request.query), conditionsOf(request.query)]);
        const file = downloadTable(lossesDownload(rows, conditions), format, encoding);
        return reply.headers(file.headers).send(file.body);
      },
    );
  };
}
