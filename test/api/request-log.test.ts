import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { ADMIN, testConfig, TestClient } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

const INFO = 30;
const ERROR = 50;

const lines: LogLine[] = [];
const testDatabase = await createTestDatabase();
// One proxy in front, so that the client's address (request.ip) differs from the nearest peer's.
const config = testConfig({ database: testDatabase.config, logLevel: 'info', trustProxy: 1 });
const { database } = await prepareDatabase(config);
const app = await buildApp({ config, database, logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } });
app.get('/test/fails', async () => {
  throw new Error('a fault inside');
});
// Answered, then its onResponse hook fails: Fastify hands the error to the request's line.
app.get(
  '/test/fails-after',
  {
    onResponse: async () => {
      throw new Error('a fault after the answer');
    },
  },
  async () => 'answered',
);
let answerHanging: (() => void) | undefined;
app.get('/test/hangs', () => new Promise<string>((resolve) => (answerHanging = () => resolve('late'))));
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
  await testDatabase.drop();
});

beforeEach(() => {
  lines.length = 0;
  app.log.level = 'info';
});

const linesOf = (reqId: string | undefined) => lines.filter((line) => line.reqId === reqId);
/** The request's id, from whichever of its lines names its path (Fastify's own carry it in req). */
const reqIdOf = (path: string) => lines.find((line) => (line.url ?? (line.req as { url?: string } | undefined)?.url) === path)?.reqId;

describe('the request log at info', () => {
  it('writes one line per request when its answer is sent: method, path, client address, status and time', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user/info?x=1', headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(response.statusCode).toBe(401);
    const reqId = reqIdOf('/api/user/info?x=1');
    expect(linesOf(reqId)).toHaveLength(1);
    expect(linesOf(reqId)[0]).toMatchObject({
      level: INFO,
      msg: 'request completed',
      method: 'GET',
      url: '/api/user/info?x=1',
      ip: '203.0.113.7',
      statusCode: 401,
      responseTime: expect.any(Number),
    });
  });

  it('writes no cookie and no CSRF token', async () => {
    await app.inject({ method: 'GET', url: '/', headers: { cookie: 'kosu_session=secret-session', 'x-csrf-token': 'secret-token' } });
    expect(JSON.stringify(lines)).not.toMatch(/secret-/);
  });

  it('writes "incoming request" too at debug, for a request that never ends', async () => {
    app.log.level = 'debug';
    await app.inject({ method: 'GET', url: '/api/user/info' });
    const reqId = reqIdOf('/api/user/info');
    expect(linesOf(reqId).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('still writes what failed inside at error, besides the request line with its 500', async () => {
    expect((await app.inject({ method: 'GET', url: '/test/fails' })).statusCode).toBe(500);
    const reqId = reqIdOf('/test/fails');
    const failed = linesOf(reqId).find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ level: ERROR, err: { message: 'a fault inside' } });
    expect(linesOf(reqId).find((line) => line.msg === 'request completed')).toMatchObject({ statusCode: 500 });
  });

  it('writes a request that failed after its answer as one error line that still names it', async () => {
    expect((await app.inject({ method: 'GET', url: '/test/fails-after', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(
      200,
    );
    const errored = lines.filter((line) => line.msg === 'request errored');
    expect(errored).toHaveLength(1);
    expect(errored[0]).toMatchObject({
      level: ERROR,
      method: 'GET',
      url: '/test/fails-after',
      ip: '203.0.113.9',
      statusCode: 200,
      err: { message: 'a fault after the answer' },
    });
    expect(linesOf(errored[0]!.reqId)).toHaveLength(1);
  });

  it('writes a refused request with its status', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(419);
    expect(linesOf(reqIdOf('/api/login'))).toEqual([expect.objectContaining({ level: INFO, statusCode: 419 })]);
  });

  it("writes one line for a request its client gave up on before the answer, with the client's address", async () => {
    // Signed in, as a tablet's event stream is: nothing reads the client's address before the line.
    const client = new TestClient(app);
    await client.loadPage();
    expect((await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password })).statusCode).toBe(200);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    // node:http rather than fetch, whose pool would keep a connection that the app's close waits out.
    const request = http.get(`http://127.0.0.1:${port}/test/hangs`, { headers: { cookie: client.cookie! } }).on('error', () => {});
    await expect.poll(() => answerHanging).toBeDefined();
    request.destroy();
    await expect
      .poll(() => lines.find((line) => line.url === '/test/hangs'))
      .toMatchObject({ level: INFO, msg: 'request aborted', method: 'GET', ip: '127.0.0.1' });
    answerHanging?.();
  });
});
