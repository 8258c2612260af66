import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { collectApiRoutes, grantAccess } from '../../src/server/route-table.ts';

describe('the route table', () => {
  it('refuses an /api route that declares no access', async () => {
    const app = Fastify();
    collectApiRoutes(app);
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow('/api/undeclared declares no access');
    await app.close();
  });

  it('gives the routes of a scope the access granted to it, and its own routes keep theirs', async () => {
    const app = Fastify();
    collectApiRoutes(app);
    await app.register(async (scope) => {
      grantAccess(scope, 'admin');
      scope.get('/api/granted', async (request) => ({ access: request.routeOptions.config.access }));
      scope.get('/api/own', { config: { access: 'user' } }, async () => ({}));
    });
    app.get('/api/outside', { config: { access: 'public' } }, async () => ({}));
    await app.ready();
    expect(app.apiRoutes.map(({ method, url, access }) => `${method} ${url} ${access}`)).toEqual([
      'GET /api/granted admin',
      'GET /api/own user',
      'GET /api/outside public',
    ]);
    expect((await app.inject('/api/granted')).json()).toEqual({ access: 'admin' });
    await app.close();
  });
});
