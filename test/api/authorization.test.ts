import { describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/auth/request-auth.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';
import { dumpDatabase } from '../support/dump.ts';
import { createEmployee } from '../support/employees.ts';
import { openStream } from '../support/event-stream.ts';

/**
 * Who may call each route, written out by hand. The server's own route table must match it entry
 * for entry: a new route without a line here fails, and so does a route whose guard differs.
 */
const expectedAccess: Record<string, Access> = {
  'POST /api/login': 'public',
  'POST /api/logout': 'public',
  'GET /api/user/info': 'user',
  ...masterRoutes('machine', { selector: false }),
  ...masterRoutes('company', { selector: false }),
  ...masterRoutes('interruption', { selector: true }),
  ...masterRoutes('paper_size', { selector: true }),
  'GET /api/processing': 'user',
  'GET /api/processing/selector': 'user',
  'GET /api/processing/:id': 'user',
  'POST /api/processing': 'admin',
  'PUT /api/processing/:id': 'admin',
  'DELETE /api/processing/:id': 'admin',
  'GET /api/processing_detail/selector': 'user',
  'GET /api/employee': 'admin',
  'GET /api/employee/selector': 'user',
  'GET /api/employee/:id': 'admin',
  'POST /api/employee': 'admin',
  'PUT /api/employee/:id': 'admin',
  'DELETE /api/employee/:id': 'admin',
  'POST /api/productcost/start': 'user',
  'GET /api/productcost/slip_defaults': 'user',
  'GET /api/productcost/:id': 'user',
  'POST /api/productcost/setup/start/:id': 'user',
  'POST /api/productcost/setup/finish/:id': 'user',
  'POST /api/productcost/setup/break/:id': 'user',
  'POST /api/productcost/setup/restart/:id': 'user',
  'POST /api/productcost/break/:id': 'user',
  'POST /api/productcost/restart/:id': 'user',
  'POST /api/productcost/nowork/start/:id': 'user',
  'POST /api/productcost/nowork/finish/:id': 'user',
  'POST /api/productcost/finish/:id': 'user',
  'GET /api/productcost': 'user',
  'POST /api/productcost/download': 'user',
  'GET /api/productcost/edit/:id': 'admin',
  'PUT /api/productcost/:id': 'admin',
  'DELETE /api/productcost/:id': 'admin',
  'GET /api/openapi.json': 'user',
  'GET /api/analytics/summary': 'admin',
  'GET /api/analytics/missing_rates': 'admin',
  'GET /api/analytics/losses': 'admin',
  'GET /api/analytics/breakdown': 'admin',
  'GET /api/analytics/jobs': 'admin',
  'GET /api/analytics/jobs/:id': 'admin',
  'GET /api/analytics/jobs/export': 'admin',
  'GET /api/analytics/breakdown/export': 'admin',
  'GET /api/analytics/losses/export': 'admin',
  'GET /api/events': 'user',
  ...masterRoutes('call_reason', { selector: true }),
  'GET /api/productcost/call/:id': 'user',
  'POST /api/productcost/call/:id': 'user',
  'POST /api/productcost/call/answer/:call_id': 'user',
  'GET /api/setting': 'user',
  'PUT /api/setting': 'admin',
  'GET /api/board': 'user',
  // The API reference page and its files (@fastify/swagger-ui).
  'GET /api/docs': 'admin',
  'GET /api/docs/static/index.html': 'admin',
  'GET /api/docs/static/swagger-initializer.js': 'admin',
  'GET /api/docs/static/*': 'admin',
  'GET /api/docs/json': 'admin',
  'GET /api/docs/yaml': 'admin',
  'GET /api/station': 'admin',
  'POST /api/station': 'admin',
  'PUT /api/station/:id': 'admin',
  'DELETE /api/station/:id': 'admin',
  'POST /api/station/:id/code': 'admin',
  'POST /api/station/bind': 'public',
  'GET /api/station/current': 'station',
  'GET /api/station/workers': 'station',
  'POST /api/login/pin': 'station',
  'POST /api/station/press_credential': 'station',
};

function masterRoutes(resource: string, { selector }: { selector: boolean }): Record<string, Access> {
  return {
    [`GET /api/${resource}`]: 'user',
    ...(selector ? { [`GET /api/${resource}/selector`]: 'user' as const } : {}),
    [`GET /api/${resource}/:id`]: 'user',
    [`POST /api/${resource}`]: 'admin',
    [`PUT /api/${resource}/:id`]: 'admin',
    [`DELETE /api/${resource}/:id`]: 'admin',
  };
}

const t = await createTestApp();
await createEmployee(t, { user_name: 'matrix', password: 'matrix-pass' });
const admin = await t.signIn();
const worker = await t.signIn('matrix', 'matrix-pass');
const visitor = await t.visitor();
/** A browser bound as a station, signed in by no one. */
const tablet = await t.visitor();
await tablet.post('/api/station/bind', { code: (await admin.post('/api/station', { station: { name: '認可' } })).json().code });

/** An id that names nothing, so that a call let through changes nothing. */
const concrete = (url: string) => url.replace(/:\w+/, '999999');
const routeKeys = () => t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);

describe('the route table', () => {
  it('has an entry here for every route, and every entry here is a route', () => {
    expect([...routeKeys()].sort()).toEqual(Object.keys(expectedAccess).sort());
  });

  it('declares on each route the access written here', () => {
    for (const route of t.app.apiRoutes)
      expect(route.access, `${route.method} ${route.url}`).toBe(expectedAccess[`${route.method} ${route.url}`]);
  });
});

describe('every route × {signed out, regular worker, administrator}', () => {
  const allowedStatus = (status: number) => status !== 401 && status !== 403 && status < 500;

  it('answers as its access says', async () => {
    const before = await dumpDatabase(t.database.db);
    for (const route of t.app.apiRoutes) {
      if (route.url === '/api/logout' || route.url === '/api/login') continue;
      const access = expectedAccess[`${route.method} ${route.url}`];
      const call = async (client: TestClient) => {
        if (route.stream) {
          const stream = await openStream(t, client, concrete(route.url));
          stream.close();
          return { statusCode: stream.status };
        }
        return client.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
      };
      const label = `${route.method} ${route.url}`;
      const signedOut = await call(visitor);
      const asWorker = await call(worker);
      const asAdmin = await call(admin);
      if (access === 'public') {
        expect(allowedStatus(signedOut.statusCode), `${label} signed out: ${signedOut.statusCode}`).toBe(true);
        continue;
      }
      if (access === 'station') {
        // None of the three is a bound station (test/api/stations.test.ts binds one).
        for (const response of [signedOut, asWorker, asAdmin]) expect(response.statusCode, `${label} not a station`).toBe(403);
        continue;
      }
      expect(signedOut.statusCode, `${label} signed out`).toBe(401);
      if (access === 'admin') expect(asWorker.statusCode, `${label} worker`).toBe(403);
      else expect(allowedStatus(asWorker.statusCode), `${label} worker: ${asWorker.statusCode}`).toBe(true);
      expect(allowedStatus(asAdmin.statusCode), `${label} admin: ${asAdmin.statusCode}`).toBe(true);
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
  });
});

describe('CSRF on every mutating route', () => {
  it('refuses a call without the token, with a wrong one, or without X-Requested-With, and changes nothing', async () => {
    const before = await dumpDatabase(t.database.db);
    const forged = [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'forged' }, { 'x-requested-with': '' }];
    for (const route of t.app.apiRoutes.filter((r) => r.method !== 'GET')) {
      for (const headers of forged) {
        const client = { public: visitor, station: tablet, user: admin, admin }[route.access];
        const response = await client.request({ method: route.method as 'POST', url: concrete(route.url), payload: {}, headers });
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(419);
      }
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    expect((await admin.get('/api/user/info')).statusCode).toBe(200);
  });
});
