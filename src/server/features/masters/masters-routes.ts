import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  namedMasterItemSchemaOf,
  namedMasterPayloadSchema,
  type NamedMasterDefinition,
  type NamedMasterInput,
} from '../../../domain/masters.ts';
import { createdResponseSchema, okResponseSchema, savedResponseSchema, selectorItemSchema } from '../../../domain/responses.ts';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../params.ts';
import { answers } from '../../responses.ts';
import type { NamedMasterTable } from './masters-repository.ts';
import { NamedMasterService } from './masters-service.ts';

/**
 * The calls of one named master (docs/API.md#masters): list, read, create, update, delete, and, where the
 * work screens need one, the selector. Reads are for every signed-in user, writes for administrators.
 */
export function namedMasterRoutes(definition: NamedMasterDefinition, table: NamedMasterTable, options: { selector: boolean }) {
  return (context: AppContext) =>
    async function register(app: FastifyInstance): Promise<void> {
      const service = new NamedMasterService(context.db, context.engine, definition, table);
      const routes = app.withTypeProvider<ZodTypeProvider>();
      const base = `/api/${definition.resource}`;
      const body = namedMasterPayloadSchema(definition);
      const itemOf = (payload: Record<string, unknown>) => payload[definition.resource] as NamedMasterInput;
      const item = namedMasterItemSchemaOf(definition);
      const written = { response: answers({ 200: okResponseSchema }) };

      routes.get(base, { config: { access: 'user' }, schema: { response: answers({ 200: z.array(item) }) } }, () => service.list());
      if (options.selector) {
        routes.get(
          `${base}/selector`,
          { config: { access: 'user' }, schema: { response: answers({ 200: z.array(selectorItemSchema) }) } },
          async () => (await service.list()).map(({ id, name }) => ({ id, name })),
        );
      }
      const oneItem = namedMasterItemSchemaOf(definition, true);
      routes.get(
        `${base}/:id`,
        { config: { access: 'user' }, schema: { params: idParams, response: answers({ 200: oneItem }) } },
        (request) => service.get(request.params.id),
      );
      routes.post(
        base,
        { config: { access: 'admin' }, schema: { body, response: answers({ 201: createdResponseSchema }) } },
        async (request, reply) => {
          const id = await service.create(itemOf(request.body), request.auth!.user!.id);
          return reply.code(201).send({ result: true as const, id });
        },
      );
      routes.put(
        `${base}/:id`,
        { config: { access: 'admin' }, schema: { params: idParams, body, response: answers({ 200: savedResponseSchema }) } },
        async (request) => {
          const version = await service.update(request.params.id, itemOf(request.body), request.auth!.user!.id);
          return { result: true as const, version };
        },
      );
      routes.delete(`${base}/:id`, { config: { access: 'admin' }, schema: { params: idParams, ...written } }, async (request) => {
        await service.delete(request.params.id, request.auth!.user!.id);
        return { result: true as const };
      });
    };
}
