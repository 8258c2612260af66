import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './auth/request-auth.ts';
import { answers } from './responses.ts';
import { grantAccess } from './route-table.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who may call an operation, in the terms of the description's security schemes. */
function securityOf(access: Access | undefined, method: string): Array<Record<string, string[]>> {
  const csrf: Record<string, string[]> = MUTATING_METHODS.has(method) ? { csrfToken: [] } : {};
  if (access === 'public') return MUTATING_METHODS.has(method) ? [csrf] : [];
  return [{ session: [], ...csrf }];
}

/** The operations grouped as the screens are: by the path's resource. */
function tagOf(url: string): string {
  const resource = url.split('/')[2] ?? '';
  if (['login', 'logout', 'user'].includes(resource)) return 'sign-in';
  if (resource === 'processing_detail') return 'processing';
  return resource;
}

/** fastify-type-provider-zod's transform (zod → JSON Schema 2020-12), plus each route's access. */
const transform: SwaggerTransform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const access = document.route.config?.access;
  const method = String(document.route.method);
  return { url, schema: { ...schema, tags: [tagOf(url)], security: securityOf(access, method), 'x-access': access } as typeof schema };
};

/** What /api/openapi.json answers: an OpenAPI document, whose parts are passed through as they are. */
const openApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  components: z.record(z.string(), z.unknown()),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * Starts collecting the description of every route (@fastify/swagger): registered before the routes,
 * which it reads as they are added.
 */
export async function describeApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '工数 API',
        version: '1',
        description:
          'Conventions (errors, CSRF, times, paging) are in docs/API.md. `x-access` names who may call an operation: ' +
          'public, user (any signed-in employee) or admin.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'kosu_session' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN', description: 'with X-Requested-With: XMLHttpRequest' },
        },
      },
    },
    transform,
  });
}

/** The description as JSON for every signed-in user, and the reference page for administrators. */
export async function serveApiDocs(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      OPENAPI_PATH,
      { config: { access: 'user' }, schema: { response: answers({ 200: openApiDocumentSchema }) } },
      () => app.swagger() as z.infer<typeof openApiDocumentSchema>,
    );
  await app.register(async (scope) => {
    grantAccess(scope, 'admin');
    // Swagger UI's page loads only its own scripts, so it runs under the app's Content-Security-Policy as it is.
    await scope.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, theme: { title: '工数 API' } });
  });
}
