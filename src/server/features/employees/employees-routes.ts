import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeDetailSchema, employeeListItemSchema, employeePayloadSchema, workerItemSchema } from '../../../domain/employees.ts';
import { createdResponseSchema, okResponseSchema, savedResponseSchema } from '../../../domain/responses.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import { EmployeeService, type Actor } from './employees-service.ts';

const base = '/api/employee';

/** Only signed-in administrators reach the routes that use this (access 'admin'). */
const actorOf = (request: FastifyRequest): Actor => ({ employeeId: request.auth!.user!.id, sessionId: request.auth!.id! });

/**
 * The employee calls (docs/API.md#employees). Everything but the selector carries personal data, so it is for
 * administrators (docs/PRODUCT.md#roles-and-access); the selector, names only, serves every worker's work screen.
 */
export function employeeRoutes(context: AppContext) {
  return async function register(app: FastifyInstance): Promise<void> {
    const service = new EmployeeService(context);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(base, { config: { access: 'admin' }, schema: { response: answers({ 200: z.array(employeeListItemSchema) }) } }, () =>
      service.list(),
    );
    routes.get(`${base}/selector`, { config: { access: 'user' }, schema: { response: answers({ 200: z.array(workerItemSchema) }) } }, () =>
      service.selector(),
    );
    routes.get(
      `${base}/:id`,
      { config: { access: 'admin' }, schema: { params: idParams, response: answers({ 200: employeeDetailSchema }) } },
      (request) => service.get(request.params.id),
    );
    routes.post(
      base,
      { config: { access: 'admin' }, schema: { body: employeePayloadSchema, response: answers({ 201: createdResponseSchema }) } },
      async (request, reply) => {
        const id = await service.create(request.body.employee, actorOf(request));
        return reply.code(201).send({ result: true as const, id });
      },
    );
    routes.put(
      `${base}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          params: idParams,
          body: employeePayloadSchema,
          response: answers({ 200: createdResponseSchema.extend(savedResponseSchema.shape) }),
        },
      },
      async (request) => {
        const version = await service.update(request.params.id, request.body.employee, actorOf(request));
        return { result: true as const, id: request.params.id, version };
      },
    );
    routes.delete(
      `${base}/:id`,
      { config: { access: 'admin' }, schema: { params: idParams, response: answers({ 200: okResponseSchema }) } },
      async (request) => {
        await service.delete(request.params.id, actorOf(request));
        return { result: true as const };
      },
    );
  };
}
