import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { getCurrentTest } from 'vitest/suite';
import { buildApp } from '../../src/server/app.ts';
import { defaultTimeouts, EVENT_HEARTBEAT_MS, type Config } from '../../src/server/config.ts';
import type { DatabaseHandle, DatabaseOptions } from '../../src/server/db/connection.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { checkAnswers } from './answer-check.ts';
import { createTestDatabase, testEngine, type TestEngine } from './test-database.ts';

export const ADMIN = { userName: 'admin', password: 'admin-password' } as const;

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  engine: TestEngine;
  config: Config;
  /** A browser without a session yet. */
  visitor(): Promise<TestClient>;
  /** A browser signed in with these credentials (the administrator when none are given). */
  signIn(userName?: string, password?: string): Promise<TestClient>;
  /**
   * Closes the app and drops its database. It runs by itself after the file (or, for an app made
   * inside a test, after that test); a test that restarts on the same database calls it earlier.
   */
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { engine: 'sqlite', file: ':memory:' },
    timeZone: 'Asia/Tokyo',
    sessionSecret: 'test-secret-test-secret-test-secret-42',
    logLevel: 'silent',
    adminUserName: ADMIN.userName,
    adminPassword: ADMIN.password,
    secureCookies: false,
    trustProxy: false,
    // Tests load pages and sign in far more often than a person; the rate limit has tests of its own.
    anonymousRateLimit: 100_000,
    timeouts: defaultTimeouts,
    webRoot: path.resolve(import.meta.dirname, '../fixtures/web'),
    eventStreams: { limit: 500, heartbeatMs: EVENT_HEARTBEAT_MS },
    ...overrides,
  };
}

/**
 * A freshly migrated database with the default masters and the administrator, and the app on it,
 * torn down by itself: after the test file when made at its top (`const t = await createTestApp()`),
 * after the test when made inside one. Every JSON answer is checked against its route's response
 * schema (answer-check.ts); a mismatch fails the file when it closes.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: DatabaseOptions = {},
  { clock }: { clock?: () => Date } = {},
): Promise<TestApp> {
  const engine = testEngine();
  const testDatabase = await createTestDatabase(engine);
  const config = testConfig({ database: testDatabase.config, ...overrides });
  const { database } = await prepareDatabase(config, options);
  const app = await buildApp({ config, database, logger: false, clock });
  const mismatches: string[] = [];
  checkAnswers(app, mismatches);
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await app.close();
      await database.close();
      await testDatabase.drop();
      if (mismatches.length) throw new Error(`answers that do not match their response schemas:\n${mismatches.join('\n')}`);
    })());
  if (getCurrentTest()) onTestFinished(close);
  else afterAll(close);
  await app.ready();

  const visitor = async () => {
    const client = new TestClient(app);
    await client.loadPage();
    return client;
  };
  return {
    app,
    database,
    engine,
    config,
    visitor,
    async signIn(userName = ADMIN.userName, password = ADMIN.password) {
      const client = await visitor();
      const response = await client.post('/api/login', { user_name: userName, password });
      if (response.statusCode !== 200) throw new Error(`sign-in as ${userName} failed: ${response.body}`);
      return client;
    },
    close,
  };
}

/** Holds cookies and the CSRF token the way the browser and the client's API module do. */
export class TestClient {
  csrfToken: string | undefined;
  /** Cookies by name, each sent only under its path, as a browser sends them. */
  readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(private readonly app: FastifyInstance) {}

  /** The session cookie as a Cookie header. */
  get cookie(): string | undefined {
    const session = this.cookies.get('kosu_session');
    return session && `kosu_session=${session.value}`;
  }

  async loadPage(url = '/'): Promise<LightMyRequestResponse> {
    const response = await this.request({ method: 'GET', url });
    const token = /<meta name="csrf-token" content="([^"]*)"/.exec(response.body)?.[1];
    if (token) this.csrfToken = token;
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }

  /** Sends as the client does: the session cookie, X-Requested-With and the CSRF header. */
  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const path = String(options.url ?? '/');
    const cookie = [...this.cookies]
      .filter(([, stored]) => path.startsWith(stored.path))
      .map(([name, stored]) => `${name}=${stored.value}`)
      .join('; ');
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
      ...(cookie ? { cookie } : {}),
      ...(options.headers as Record<string, string> | undefined),
    };
    const response = await this.app.inject({ ...options, headers });
    this.keepCookie(response);
    const body = String(response.headers['content-type'] ?? '').includes('json') ? safeJson(response.body) : undefined;
    if (body && typeof body === 'object' && 'csrf_token' in body && typeof body.csrf_token === 'string') {
      this.csrfToken = body.csrf_token;
    }
    return response;
  }

  private keepCookie(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      if (cookie.maxAge !== undefined && cookie.maxAge <= 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
