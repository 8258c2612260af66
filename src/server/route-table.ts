import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Access } from './auth/request-auth.ts';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  /** What the route declared: its request and response schemas. */
  schema: FastifySchema | undefined;
  /** The answer is an endless event stream (text/event-stream), not one JSON document. */
  stream: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    stream?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared; the authorization tests are generated from it. */
    apiRoutes: ApiRoute[];
  }
}

/** Where a plugin's routes take the access granted to the scope they are registered in. */
const grantedAccess = Symbol('granted access');
type Scope = FastifyInstance & { [grantedAccess]?: Access };

/**
 * Grants an access to every route registered in this scope, for a plugin whose routes cannot
 * declare one themselves (the API reference page). The scope's plugins inherit it.
 */
export function grantAccess(scope: FastifyInstance, access: Access): void {
  (scope as Scope)[grantedAccess] = access;
}

/** Refuses to start with an /api route that does not say who may call it. */
export function collectApiRoutes(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access ?? (this as Scope)[grantedAccess];
    if (!access) throw new Error(`${route.url} declares no access`);
    route.config = { ...route.config, access };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD') routes.push({ method, url: route.url, access, schema: route.schema, stream: route.config?.stream === true });
  });
}
