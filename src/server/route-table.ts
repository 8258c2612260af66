import type { FastifyInstance } from 'fastify';
import type { Access } from './auth/request-auth.ts';

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access it declared; the authorization tests are generated from it. */
    apiRoutes: ApiRoute[];
  }
}

/** Refuses to start with an /api route that does not say who may call it. */
export function collectApiRoutes(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, access });
  });
}
