import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp, type TestClient } from '../support/test-app.ts';
import { createEmployee } from '../support/employees.ts';

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  'x-access'?: string;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let admin: TestClient;
let worker: TestClient;
let visitor: TestClient;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  await createEmployee(t, { user_name: 'reader', password: 'reader-pass' });
  admin = await t.signIn();
  worker = await t.signIn('reader', 'reader-pass');
  visitor = await t.visitor();
  const response = await worker.get('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** The routes the description must hold: all but the reference page's own files. */
const describedRoutes = () => t.app.apiRoutes.filter((route) => !(route.schema as { hide?: boolean } | undefined)?.hide);
/** Fastify's /api/x/:id is OpenAPI's /api/x/{id}. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const keysOf = (schema: unknown) => Object.keys((schema as z.ZodObject).shape);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 description for every signed-in user, not for a visitor', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect((await admin.get('/api/openapi.json')).statusCode).toBe(200);
    const refused = await visitor.get('/api/openapi.json');
    expect(refused.statusCode).toBe(401);
  });

  it('lists every route of the route table with its access, and nothing else', () => {
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(
      describedRoutes()
        .map((route) => `${route.method} ${pathOf(route.url)}`)
        .sort(),
    );
    for (const route of describedRoutes()) {
      expect(document.paths[pathOf(route.url)]![route.method.toLowerCase()]!['x-access'], `${route.method} ${route.url}`).toBe(
        route.access,
      );
    }
  });

  it('gives each route its request schemas: path parameters, query and body', () => {
    for (const route of describedRoutes()) {
      const label = `${route.method} ${route.url}`;
      const operation = document.paths[pathOf(route.url)]![route.method.toLowerCase()]!;
      const parameters = (place: string) => (operation.parameters ?? []).filter((p) => p.in === place).map((p) => p.name);
      expect(parameters('path'), label).toEqual(route.schema?.params ? keysOf(route.schema.params) : []);
      expect(parameters('query').sort(), label).toEqual(route.schema?.querystring ? keysOf(route.schema.querystring).sort() : []);
      if (route.schema?.body) expect(operation.requestBody?.content['application/json']?.schema, label).toBeDefined();
      else expect(operation.requestBody, label).toBeUndefined();
    }
  });

  it('gives each route its answers: a success with a schema, and the one error shape for 4xx and 5xx', () => {
    for (const route of describedRoutes()) {
      const label = `${route.method} ${route.url}`;
      const { responses } = document.paths[pathOf(route.url)]![route.method.toLowerCase()]!;
      const successes = Object.keys(responses).filter((status) => status.startsWith('2'));
      expect(successes, label).toHaveLength(1);
      const success = responses[successes[0]!]!.content!;
      expect(
        Object.values(success).every((media) => media.schema !== undefined),
        label,
      ).toBe(true);
      for (const status of ['4XX', '5XX']) {
        const error = responses[status]?.content?.['application/json']?.schema;
        expect(Object.keys(error?.properties ?? {}), `${label} ${status}`).toEqual(['result', 'errorMessage']);
      }
    }
  });
});

describe('GET /api/docs', () => {
  it('is a reference page for administrators only', async () => {
    const page = await admin.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await worker.get('/api/docs')).statusCode).toBe(403);
    expect((await visitor.get('/api/docs')).statusCode).toBe(401);
    expect((await worker.get('/api/docs/json')).statusCode).toBe(403);
  });

  it('runs under the strict Content-Security-Policy: only scripts of its own, served here', async () => {
    const page = await admin.get('/api/docs');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-eval');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.startsWith('/api/docs/')).toBe(true);
      const response = await admin.get(script);
      expect(response.statusCode, script).toBe(200);
      expect(response.headers['content-type'], script).toContain('javascript');
    }
    expect((await admin.get('/api/docs/json')).json().paths).toEqual(document.paths);
  });
});
