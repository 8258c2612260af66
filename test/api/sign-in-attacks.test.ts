import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeMessages } from '../../src/domain/employees.ts';
import { messages } from '../../src/domain/messages.ts';
import { workshopClockTime } from '../../src/domain/time.ts';
import { sweepExpired } from '../../src/server/auth/housekeeping.ts';
import { throttleRules } from '../../src/server/auth/login-throttle.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { ADMIN, createTestApp, TestClient, type TestApp } from '../support/test-app.ts';
import { testEngine } from '../support/test-database.ts';
import { createEmployee } from '../support/employees.ts';

/** A thousand requests take a while on a busy machine, PostgreSQL's round trips above all. */
const THOUSAND_REQUESTS_MS = 120_000;

/**
 * Each finding of the attack on sign-in and anonymous traffic, written as the attack. Every
 * scenario gets an app of its own: all injected requests come from one address, and the
 * per-address counters of one scenario would otherwise decide the next.
 */
async function withApp(work: (t: TestApp) => Promise<void>, overrides: Partial<Config> = {}): Promise<void> {
  const t = await createTestApp(overrides);
  try {
    await work(t);
  } finally {
    await t.close();
  }
}

const signInAt = (client: TestClient, userName: string, password: string, headers: Record<string, string> = {}) =>
  client.request({ method: 'POST', url: '/api/login', payload: { user_name: userName, password }, headers });

/** A browser in which the user signed in and out again: it holds the user's device cookie. */
async function ownDevice(t: TestApp, userName: string, password: string): Promise<TestClient> {
  const device = await t.visitor();
  expect((await signInAt(device, userName, password)).statusCode).toBe(200);
  await device.post('/api/logout');
  return device;
}

/** TRUST_PROXY as an operator writes it, read the way the server reads it. */
const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value, SESSION_SECRET: 'x'.repeat(32) }).trustProxy;

/** The lockout message for a window that began between two instants (the clock moves while we ask). */
const lockoutMessagesBetween = (startedFrom: number, startedTo: number, windowMs: number) =>
  [startedFrom, startedTo].map((at) =>
    messages.login.tooManyAttempts(workshopClockTime(new Date(at + windowMs).toISOString(), 'Asia/Tokyo')),
  );

const countRows = async (t: TestApp, table: 'sessions' | 'login_throttles') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('lockout cannot be used against the real user', () => {
  it('lets the administrator sign in at their own device while someone elsewhere locks the account', () =>
    withApp(async (t) => {
      const desk = await ownDevice(t, ADMIN.userName, ADMIN.password);

      const statuses: number[] = [];
      for (let attempt = 0; attempt < throttleRules.perUser.limit + 3; attempt++) {
        statuses.push((await signInAt(await t.visitor(), ADMIN.userName, `guess-${attempt}`)).statusCode);
      }
      expect(statuses).toEqual([...Array(throttleRules.perUser.limit).fill(401), 429, 429, 429]);
      expect((await signInAt(await t.visitor(), ADMIN.userName, ADMIN.password)).statusCode).toBe(429);

      const atDesk = await signInAt(desk, ADMIN.userName, ADMIN.password);
      expect(atDesk.statusCode).toBe(200);
      expect((await desk.get('/api/user/info')).json()).toMatchObject({ user_name: ADMIN.userName, is_admin: true });
    }));

  it('keeps workers who signed in at their tablet signing in when everyone shares the proxy address and guesses fill it', () =>
    withApp(async (t) => {
      await createEmployee(t, { user_name: 'suzuki', password: 'suzuki-pass' });
      const tablet = await ownDevice(t, 'suzuki', 'suzuki-pass');

      const guesser = await t.visitor();
      for (let attempt = 0; attempt < throttleRules.perAddress.limit; attempt++) {
        expect((await signInAt(guesser, `nobody-${attempt}`, 'guess')).statusCode).toBe(401);
      }
      expect((await signInAt(guesser, 'someone-else', 'guess')).statusCode).toBe(429);

      expect((await signInAt(tablet, 'suzuki', 'suzuki-pass')).statusCode).toBe(200);
    }));

  it('locks a device that guesses for its own user, says until when, and leaves the user alone elsewhere', () =>
    withApp(async (t) => {
      await createEmployee(t, { user_name: 'tanaka', password: 'tanaka-pass' });
      const tablet = await ownDevice(t, 'tanaka', 'tanaka-pass');

      const firstFailureFrom = Date.now();
      expect((await signInAt(tablet, 'tanaka', 'wrong-0')).statusCode).toBe(401);
      const firstFailureTo = Date.now();
      for (let attempt = 1; attempt < throttleRules.perDevice.limit; attempt++) {
        expect((await signInAt(tablet, 'tanaka', `wrong-${attempt}`)).statusCode).toBe(401);
      }
      const refused = await signInAt(tablet, 'tanaka', 'tanaka-pass');
      expect(refused.statusCode).toBe(429);
      expect(lockoutMessagesBetween(firstFailureFrom, firstFailureTo, throttleRules.perDevice.windowMs)).toContain(
        refused.json().errorMessage,
      );

      expect((await signInAt(await t.visitor(), 'tanaka', 'tanaka-pass')).statusCode).toBe(200);
    }));

  it("counts a forged device cookie, or another user's, as none", () =>
    withApp(async (t) => {
      await createEmployee(t, { user_name: 'sato', password: 'sato-pass' });
      const satoProof = (await ownDevice(t, 'sato', 'sato-pass')).cookies.get('kosu_device')!.value;
      const forged = `${'A'.repeat(22)}.${'B'.repeat(22)}`;

      for (const cookie of [satoProof, forged]) {
        const client = await t.visitor();
        client.cookies.set('kosu_device', { value: cookie, path: '/api/login' });
        for (let attempt = 0; attempt < throttleRules.perUser.limit; attempt++) await signInAt(client, ADMIN.userName, 'guess');
        expect((await signInAt(client, ADMIN.userName, ADMIN.password)).statusCode).toBe(429);
        await t.database.db.deleteFrom('login_throttles').execute();
      }
    }));
});

describe('proxies are trusted only as configured', () => {
  const realClient = '203.0.113.7';

  for (const setting of ['1', '127.0.0.1']) {
    it(`counts the address the proxy saw with TRUST_PROXY=${setting}, whatever the client wrote to its left`, () =>
      withApp(
        async (t) => {
          const statuses: number[] = [];
          const guesser = await t.visitor();
          for (let attempt = 0; attempt <= throttleRules.perAddress.limit; attempt++) {
            const forged = `198.51.100.${attempt}, 127.0.0.1`;
            const response = await signInAt(guesser, `guess-${attempt}`, 'wrong', { 'x-forwarded-for': `${forged}, ${realClient}` });
            statuses.push(response.statusCode);
          }
          expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
          expect(statuses.at(-1)).toBe(429);

          const neighbour = await t.visitor();
          const elsewhere = await signInAt(neighbour, 'guess-x', 'wrong', { 'x-forwarded-for': '203.0.113.8' });
          expect(elsewhere.statusCode).toBe(401);
          const signedIn = await signInAt(neighbour, ADMIN.userName, ADMIN.password, { 'x-forwarded-for': `192.0.2.1, 203.0.113.9` });
          expect(signedIn.statusCode).toBe(200);
          const session = await t.database.db.selectFrom('sessions').select('ip').executeTakeFirstOrThrow();
          expect(session.ip).toBe('203.0.113.9');
        },
        { trustProxy: trustProxyOf(setting) },
      ));
  }

  it('answers a 300-character X-Forwarded-For like any other request, and stores an address no longer than one', () =>
    withApp(
      async (t) => {
        for (const header of [
          'a'.repeat(300),
          `${'1'.repeat(300)}`,
          `${'9'.repeat(280)}, 2001:db8::1`,
          `${'f'.repeat(150)}, ${'e'.repeat(149)}`,
        ]) {
          const client = new TestClient(t.app);
          const page = await client.request({ method: 'GET', url: '/', headers: { 'x-forwarded-for': header } });
          expect(page.statusCode).toBe(200);
          client.csrfToken = /<meta name="csrf-token" content="([^"]*)"/.exec(page.body)![1];
          expect((await signInAt(client, 'nobody', 'wrong', { 'x-forwarded-for': header })).statusCode).toBe(401);
          expect((await signInAt(client, ADMIN.userName, ADMIN.password, { 'x-forwarded-for': header })).statusCode).toBe(200);
        }
        const addresses = await t.database.db.selectFrom('sessions').select('ip').execute();
        expect(addresses.map((row) => row.ip).sort()).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '2001:db8::1']);
      },
      { trustProxy: trustProxyOf('1') },
    ));
});

describe('nothing anonymous grows without bound', () => {
  it(
    'stores no row for 1,000 anonymous page views',
    () =>
      withApp(async (t) => {
        for (let view = 0; view < 1000; view++) {
          const response = await new TestClient(t.app).loadPage(view % 2 ? '/' : '/login');
          expect(response.statusCode).toBe(200);
        }
        expect(await countRows(t, 'sessions')).toBe(0);
      }),
    THOUSAND_REQUESTS_MS,
  );

  it(
    'keeps the throttle table bounded under 1,000 sign-ins with random user IDs, and the sweep empties it',
    () =>
      withApp(async (t) => {
        const guesser = await t.visitor();
        const statuses = new Map<number, number>();
        for (let attempt = 0; attempt < 1000; attempt++) {
          const { statusCode } = await signInAt(guesser, randomUUID(), 'wrong');
          statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        }
        expect(Object.fromEntries(statuses)).toEqual({ 401: throttleRules.perAddress.limit, 429: 1000 - throttleRules.perAddress.limit });
        expect(await countRows(t, 'login_throttles')).toBeLessThanOrEqual(throttleRules.perAddress.limit + 1);
        expect(await countRows(t, 'sessions')).toBe(0);

        const windowLater = new Date(Date.now() + throttleRules.perAddress.windowMs + 1000);
        await sweepExpired(t.database.db, t.app.sessions, windowLater);
        expect(await countRows(t, 'login_throttles')).toBe(0);
      }),
    THOUSAND_REQUESTS_MS,
  );

  it('sweeps sessions idle past their limit and keeps the live ones', () =>
    withApp(async (t) => {
      await t.signIn();
      const live = await t.signIn();
      const thirteenHoursAgo = new Date(Date.now() - 13 * 3600 * 1000).toISOString();
      const [idle] = await t.database.db.selectFrom('sessions').select('id').orderBy('created_at').limit(1).execute();
      await t.database.db.updateTable('sessions').set({ last_seen_at: thirteenHoursAgo }).where('id', '=', idle!.id).execute();
      expect((await sweepExpired(t.database.db, t.app.sessions)).sessions).toBe(1);
      expect(await countRows(t, 'sessions')).toBe(1);
      expect((await live.get('/api/user/info')).statusCode).toBe(200);
    }));

  it('answers 429 in Japanese, saying until when, to an address over its limit of anonymous requests, before any work', () =>
    withApp(
      async (t) => {
        const admin = await t.signIn();
        for (let view = 0; view < 3; view++) expect((await new TestClient(t.app).loadPage()).statusCode).toBe(200);
        const sessionsBefore = await countRows(t, 'sessions');

        const requestedAt = Date.now();
        const page = await new TestClient(t.app).loadPage();
        expect(page.statusCode).toBe(429);
        const until = (wait: number) =>
          messages.http.tooManyRequestsUntil(workshopClockTime(new Date(requestedAt + wait).toISOString(), 'Asia/Tokyo'));
        expect([until(Number(page.headers['retry-after']) * 1000), until(Number(page.headers['retry-after']) * 1000 - 1000)]).toContain(
          page.json().errorMessage,
        );
        expect(Number(page.headers['retry-after'])).toBeLessThanOrEqual(60);

        const signIn = await signInAt(await t.visitor(), ADMIN.userName, ADMIN.password);
        expect(signIn.statusCode).toBe(429);
        expect(await countRows(t, 'sessions')).toBe(sessionsBefore);
        expect(await countRows(t, 'login_throttles')).toBe(0);

        expect((await admin.get('/api/user/info')).statusCode).toBe(200);
      },
      { anonymousRateLimit: 5 },
    ));
});

// SQLite is served by one process; the shared count exists for PostgreSQL's several.
if (testEngine() === 'postgres') {
  describe('several server processes on PostgreSQL', () => {
    it('share the count of anonymous requests of an address', () =>
      withApp(
        async (t) => {
          const { database } = await prepareDatabase(t.config);
          const second = await buildApp({ config: t.config, database, logger: false });
          try {
            const statuses: number[] = [];
            for (const app of [t.app, second, t.app, second, t.app, second, t.app])
              statuses.push((await new TestClient(app).loadPage()).statusCode);
            expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
          } finally {
            await second.close();
            await database.close();
          }
        },
        { anonymousRateLimit: 5 },
      ));
  });
}

describe('slow clients', () => {
  const timeouts = { headersMs: 500, requestMs: 1500, keepAliveMs: 1000 };
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ timeouts });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  /** Opens a connection, sends `start`, then one byte every 200 ms; answers what came back and when it closed. */
  function trickle(start: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const openedAt = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(start));
      let answer = '';
      const drip = setInterval(() => socket.write('x'), 200);
      const giveUp = setTimeout(() => socket.destroy(new Error('still open after 10 s')), 10_000);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', (error) => (clearInterval(drip), clearTimeout(giveUp), reject(error)));
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(giveUp);
        resolve({ answer, closedAfterMs: Date.now() - openedAt });
      });
    });
  }

  const connections = () => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)));

  it('cuts a body that arrives a byte at a time within its timeout, and frees the connection', async () => {
    // A client that passes every check made before the body, so that the server waits for it.
    const visitor = await t.visitor();
    const { answer, closedAfterMs } = await trickle(
      [
        'POST /api/login HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        'Content-Length: 100000',
        'X-Requested-With: XMLHttpRequest',
        `X-CSRF-TOKEN: ${visitor.csrfToken}`,
        `Cookie: ${visitor.cookie}`,
        '',
        '{',
      ].join('\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(closedAfterMs).toBeLessThan(timeouts.requestMs + 1500);
    expect(await connections()).toBe(0);
  });

  it('cuts headers that arrive a byte at a time within their timeout', async () => {
    const { answer, closedAfterMs } = await trickle('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(timeouts.headersMs + 1500);
    expect(await connections()).toBe(0);
  });
});

describe('user IDs as people type them', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn();
  });
  afterAll(() => t.close());

  const createEmployee = (userName: string) =>
    admin.post('/api/employee', { employee: { last_name: '試験', use_login: true, user_name: userName, password: 'pass-1234' } });

  it('signs in full-width, accented and mixed-case user IDs however they are typed again', async () => {
    const cases: Array<[string, string[]]> = [
      ['Ｔａｎａｋａ', ['tanaka', 'TANAKA', 'Ｔａｎａｋａ', 'ｔａｎａｋａ']],
      ['Ömer', ['Ömer', 'ömer', 'ÖMER', 'O\u0308mer']],
      ['YamaDa', ['yamada', 'YAMADA', 'ＹＡＭＡＤＡ']],
      ['Straße', ['strasse', 'STRASSE', 'straße']],
    ];
    for (const [registered, typings] of cases) {
      expect((await createEmployee(registered)).statusCode).toBe(201);
      for (const typed of typings) {
        const response = await signInAt(await t.visitor(), typed, 'pass-1234');
        expect(response.statusCode, `${registered} typed as ${typed}`).toBe(200);
        expect(response.json().user.user_name).toBe(registered);
      }
    }
  });

  it('refuses a second employee whose user ID is the same once normalised', async () => {
    expect((await createEmployee('ÄBC')).statusCode).toBe(201);
    for (const taken of ['äbc', 'Ａ\u0308ＢＣ', 'A\u0308bc', 'TANAKA', 'ｔａｎａｋａ', 'STRASSE']) {
      const response = await createEmployee(taken);
      expect(response.statusCode, taken).toBe(409);
      expect(response.json().errorMessage).toBe(employeeMessages.userNameTaken);
    }
    expect((await createEmployee('abc')).statusCode).toBe(201);
  });
});

describe('answers of the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are never kept by a browser: Cache-Control: no-store on every /api answer, refusals included', async () => {
    const admin = await t.signIn();
    const anonymous = await t.visitor();
    for (const route of t.app.apiRoutes) {
      const url = route.url.replace(':id', '1');
      for (const client of [admin, anonymous]) {
        const response = await client.request({ method: route.method as 'GET', url, ...(route.method === 'GET' ? {} : { payload: {} }) });
        expect(response.headers['cache-control'], `${route.method} ${url}: ${response.statusCode}`).toBe('no-store');
      }
    }
    expect((await admin.get('/api/no-such-thing')).headers['cache-control']).toBe('no-store');
  });

  it('answer 415 in Japanese to every body that is not JSON', async () => {
    const admin = await t.signIn();
    for (const url of ['/api/login', '/api/machine', '/api/productcost/download']) {
      for (const [type, payload] of [
        ['text/plain', '{"user_name":"admin"}'],
        ['application/x-www-form-urlencoded', 'user_name=admin'],
        ['multipart/form-data; boundary=x', '--x--'],
        ['application/xml', '<a/>'],
      ]) {
        const response = await admin.request({ method: 'POST', url, payload, headers: { 'content-type': type! } });
        expect(response.statusCode, `${url} ${type}`).toBe(415);
        expect(response.json()).toEqual({ result: false, errorMessage: messages.http.unsupportedMediaType });
      }
    }
  });
});
