import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsFilterSchema,
  breakdownQuerySchema,
  breakdownRowSchema,
  jobRowSchema,
  jobsQuerySchema,
  lossRowSchema,
  summarySchema,
} from '../../../domain/analytics-api.ts';
import type { AppContext } from '../../context.ts';
import { answers } from '../../responses.ts';
import { AnalyticsService } from './analytics-service.ts';

/** 分析, for administrators (docs/API.md#analytics). */
export function analyticsRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new AnalyticsService(context.db, context.config.timeZone);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const admin = { access: 'admin' } as const;

    routes.get(
      '/api/analytics/summary',
      { config: admin, schema: { querystring: analyticsFilterSchema, response: answers({ 200: summarySchema }) } },
      (request) => service.summary(request.query),
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
  };
}
