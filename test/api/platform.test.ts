import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import { buildApp, BODY_LIMIT_BYTES } from '../../src/server/app.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { ADMIN, createTestApp, testConfig, TestClient } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { createEmployee } from '../support/employees.ts';

const t = await createTestApp();

describe('the page in history mode', () => {
  it('answers every path outside /api with the page carrying a CSRF token', async () => {
    for (const url of ['/', '/login', '/product_cost/show/12', '/no/such/screen?x=1']) {
      const client = new TestClient(t.app);
      const response = await client.loadPage(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(client.csrfToken).toMatch(/^[\w-]{43}$/);
    }
  });

  it('gives the session cookie HttpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const cookie = response.cookies.find((c) => c.name === 'kosu_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  });

  it('keeps the same session and token across page loads', async () => {
    const client = await t.visitor();
    const first = client.csrfToken;
    await client.loadPage('/setting');
    expect(client.csrfToken).toBe(first);
  });

  it('says on the page whether its session is signed in, so that a signed-out visit asks the server nothing', async () => {
    const signedInMeta = (body: string) => /<meta name="signed-in" content="([^"]*)"/.exec(body)?.[1];
    const client = await t.visitor();
    expect(signedInMeta((await client.loadPage('/')).body)).toBe('false');
    await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password });
    expect(signedInMeta((await client.loadPage('/')).body)).toBe('true');
    await client.post('/api/logout');
    expect(signedInMeta((await client.loadPage('/')).body)).toBe('false');
  });

  it('serves the service worker and the manifest at the root, revalidated on every visit, and the icons', async () => {
    const client = new TestClient(t.app);
    const worker = await client.get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('text/javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await client.get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.json()).toMatchObject({ name: '工数', display: 'standalone' });
    const icon = await client.get('/icons/icon-192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers unknown /api paths with 404 JSON, not the page', async () => {
    const client = await t.signIn();
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/no-such-thing'],
      ['GET', '/api'],
    ] as const) {
      const response = await client.request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.notFound });
    }
  });
});

describe('security headers and limits', () => {
  it('sends a content security policy that allows the app and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // The page may compile WebAssembly (スキャン's decoder) and evaluate nothing: no 'unsafe-eval', no inline script.
    expect(csp.split(';')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the same headers with the answers of the API', async () => {
    const client = await t.signIn();
    const response = await client.get('/api/user/info');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a body over the limit with 413 in Japanese', async () => {
    const client = await t.visitor();
    const response = await client.post('/api/login', { user_name: 'admin', password: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ result: false, errorMessage: messages.http.payloadTooLarge });
  });

  it('refuses malformed JSON and an unknown content type in Japanese', async () => {
    const client = await t.visitor();
    const malformed = await client.request({
      method: 'POST',
      url: '/api/login',
      payload: '{"user_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorMessage).toBe(messages.http.badRequest);
    const wrongType = await client.request({
      method: 'POST',
      url: '/api/login',
      payload: 'user_name=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().errorMessage).toBe(messages.http.unsupportedMediaType);
  });
});

describe('text no engine can keep', () => {
  it('refuses a NUL character anywhere in the body or the query, in Japanese, before any query runs', async () => {
    const admin = await t.signIn();
    for (const request of [
      () => admin.post('/api/machine', { machine: { name: 'a\u0000b' } }),
      () => admin.post('/api/login', { user_name: 'ad\u0000min', password: 'x' }),
      () => admin.post('/api/machine', { machine: { name: 'ok', ['x\u0000']: 1 } }),
      () => admin.get('/api/productcost?started_from=%00'),
    ]) {
      const response = await request();
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(messages.http.unstorableText);
    }
    expect(await t.database.db.selectFrom('machines').selectAll().execute()).toEqual([]);
  });
});

describe('roles', () => {
  it('answers 403 to a regular worker on an administrator call, and changes nothing', async () => {
    await createEmployee(t, { user_name: 'regular', password: 'regular-pass' });
    const worker = await t.signIn('regular', 'regular-pass');
    const response = await worker.post('/api/machine', { machine: { name: '断裁機' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ result: false, errorMessage: messages.http.forbidden });
    expect(await t.database.db.selectFrom('machines').selectAll().execute()).toEqual([]);
  });

  it('answers 401 to a signed-out call before looking at its body', async () => {
    const client = await t.visitor();
    const response = await client.post('/api/machine', { nonsense: true });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('end after 12 idle hours', async () => {
    const client = await t.signIn();
    const thirteenHoursAgo = new Date(Date.now() - 13 * 3600 * 1000).toISOString();
    await t.database.db.updateTable('sessions').set({ last_seen_at: thirteenHoursAgo }).where('employee_id', 'is not', null).execute();
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
  });

  it('stay alive while in use within 12 hours', async () => {
    const client = await t.signIn();
    const elevenHoursAgo = new Date(Date.now() - 11 * 3600 * 1000).toISOString();
    await t.database.db.updateTable('sessions').set({ last_seen_at: elevenHoursAgo }).where('employee_id', 'is not', null).execute();
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });

  it('survive a restart of the server, and a second server on the same database shares them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-restart-'));
    const testDatabase = await createTestDatabase();
    const database =
      testDatabase.config.engine === 'sqlite' ? { engine: 'sqlite' as const, file: path.join(dataDir, 'app.db') } : testDatabase.config;
    const config = testConfig({ database, dataDir });
    const start = async () => {
      const prepared = await prepareDatabase(config);
      const app = await buildApp({ config, database: prepared.database, logger: false });
      return { app, db: prepared.database.db, close: async () => (await app.close(), await prepared.database.close()) };
    };
    try {
      const first = await start();
      const client = new TestClient(first.app);
      await client.loadPage();
      expect((await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password })).statusCode).toBe(200);
      const second = await start();
      const elsewhere = await second.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: client.cookie! } });
      expect(elsewhere.statusCode).toBe(200);
      await first.close();
      await second.close();

      const restarted = await start();
      const again = await restarted.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: client.cookie! } });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ user_name: ADMIN.userName });
      const employees = await restarted.db.selectFrom('employees').select('user_name').execute();
      expect(employees).toEqual([{ user_name: ADMIN.userName }]);
      await restarted.close();
    } finally {
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
