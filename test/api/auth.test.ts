import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import { throttleRules } from '../../src/server/auth/login-throttle.ts';
import { createEmployee } from '../support/employees.ts';
import { ADMIN, createTestApp } from '../support/test-app.ts';

const t = await createTestApp();

describe('sign-in', () => {
  it('signs the administrator in and answers the user with a new CSRF token', async () => {
    const client = await t.visitor();
    const anonymousToken = client.csrfToken;
    const anonymousCookie = client.cookie;
    const response = await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ result: true, user: { user_name: 'admin', is_admin: true, name: '管理者' } });
    expect(body.csrf_token).not.toBe(anonymousToken);
    expect(client.cookie).not.toBe(anonymousCookie);

    const info = await client.get('/api/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ is_admin: true, employee_id: body.user.id, csrf_token: body.csrf_token });
  });

  it('ends the signed-in session the browser carried, so its old cookie no longer works', async () => {
    const client = await t.signIn();
    const oldCookie = client.cookie;
    const again = await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password });
    expect(again.statusCode).toBe(200);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: oldCookie! } });
    expect(replay.statusCode).toBe(401);
  });

  it('accepts the user ID in any letter case', async () => {
    const client = await t.visitor();
    const response = await client.post('/api/login', { user_name: 'ADMIN', password: ADMIN.password });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same Japanese message', async () => {
    for (const credentials of [
      { user_name: ADMIN.userName, password: 'wrong' },
      { user_name: 'nobody', password: 'whatever' },
    ]) {
      const client = await t.visitor();
      const response = await client.post('/api/login', credentials);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.login.wrongCredentials });
      expect((await client.get('/api/user/info')).statusCode).toBe(401);
    }
  });

  it('refuses a user whose login is turned off', async () => {
    const id = await createEmployee(t, { user_name: 'offline', password: 'secret1' });
    await t.database.db.updateTable('employees').set({ use_login: 0 }).where('id', '=', id).execute();
    const client = await t.visitor();
    expect((await client.post('/api/login', { user_name: 'offline', password: 'secret1' })).statusCode).toBe(401);
  });

  it('asks for the user ID and the password', async () => {
    const client = await t.visitor();
    const noUser = await client.post('/api/login', { user_name: ' ', password: 'x' });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().errorMessage).toBe(messages.login.userNameRequired);
    const noPassword = await client.post('/api/login', { user_name: 'admin', password: '' });
    expect(noPassword.json().errorMessage).toBe(messages.login.passwordRequired);
    const malformed = await client.post('/api/login', { user_name: 12 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorMessage).toBe(messages.http.badRequest);
  });

  it('answers a regular worker as not an administrator', async () => {
    await createEmployee(t, { user_name: 'worker1', password: 'pass1' });
    const client = await t.signIn('worker1', 'pass1');
    const info = await client.get('/api/user/info');
    expect(info.json()).toMatchObject({ is_admin: false, name: '山田 太郎', user_name: 'worker1' });
  });
});

describe('sign-out', () => {
  it('ends the session on the server, so the old cookie no longer works', async () => {
    const client = await t.signIn();
    const oldCookie = client.cookie;
    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ result: true, csrf_token: expect.any(String) });
    expect((await client.get('/api/user/info')).statusCode).toBe(401);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { cookie: oldCookie! } });
    expect(replay.statusCode).toBe(401);
  });

  it('leaves a fresh anonymous session whose token signs in again without a reload', async () => {
    const client = await t.signIn();
    await client.post('/api/logout');
    const again = await client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password });
    expect(again.statusCode).toBe(200);
  });
});

describe('signed-out and CSRF', () => {
  it('answers 401 to a signed-out call', async () => {
    const client = await t.visitor();
    const response = await client.get('/api/user/info');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ result: false, errorMessage: messages.http.unauthenticated });
  });

  it('answers 419 to a mutating call without the token, with a wrong one, or without X-Requested-With', async () => {
    const cases = [{ 'x-csrf-token': '' }, { 'x-csrf-token': 'wrong-token' }, { 'x-requested-with': '' }];
    for (const headers of cases) {
      const client = await t.visitor();
      const response = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: ADMIN.userName, password: ADMIN.password },
        headers,
      });
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.csrf });
      expect((await client.get('/api/user/info')).statusCode).toBe(401);
    }
  });

  it('refuses a sign-in from a client that never loaded the page', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { user_name: ADMIN.userName, password: ADMIN.password },
    });
    expect(response.statusCode).toBe(419);
  });

  it("refuses one session's token used with another session", async () => {
    const first = await t.signIn();
    const second = await t.signIn();
    second.csrfToken = first.csrfToken;
    expect((await second.post('/api/logout')).statusCode).toBe(419);
  });
});

describe('a session that ended under an open page', () => {
  /** What the page does with a 401: takes the token it carries, then signs in again as a person would. */
  const signInAfter = async (client: Awaited<ReturnType<typeof t.visitor>>) => {
    const refused = await client.get('/api/user/info');
    expect(refused.statusCode).toBe(401);
    const token = refused.headers['x-csrf-token'];
    expect(typeof token).toBe('string');
    client.csrfToken = token as string;
    return client.post('/api/login', { user_name: ADMIN.userName, password: ADMIN.password });
  };

  it('answers the 401 with the token of the session the browser has now, so that signing in again needs no reload', async () => {
    const client = await t.signIn();
    // Ended on the server: 12 hours idle, a password changed by an administrator.
    const adminId = (await client.get('/api/user/info')).json().employee_id;
    await t.database.db.deleteFrom('sessions').where('employee_id', '=', adminId).execute();
    expect((await signInAfter(client)).statusCode).toBe(200);
    expect((await client.get('/api/user/info')).statusCode).toBe(200);
  });

  it('starts a session for a browser that dropped its cookie with the session', async () => {
    const client = await t.signIn();
    client.cookies.clear();
    expect((await signInAfter(client)).statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 in Japanese after repeated failures for one user ID, even with the right password', async () => {
    await createEmployee(t, { user_name: 'target', password: 'right-password' });
    const { limit } = throttleRules.perUser;
    for (let attempt = 0; attempt < limit; attempt++) {
      const client = await t.visitor();
      expect((await client.post('/api/login', { user_name: 'target', password: 'wrong' })).statusCode).toBe(401);
    }
    const client = await t.visitor();
    const refused = await client.post('/api/login', { user_name: 'TARGET', password: 'right-password' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorMessage).toMatch(/^ログインの試行回数が多すぎます。\d{1,2}:\d{2}以降に、もう一度お試しください。$/);
  });

  it('forgets the failures of a user ID after a successful sign-in', async () => {
    await createEmployee(t, { user_name: 'forgetful', password: 'right-password' });
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < throttleRules.perUser.limit - 1; attempt++) {
        await (await t.visitor()).post('/api/login', { user_name: 'forgetful', password: 'wrong' });
      }
      const ok = await (await t.visitor()).post('/api/login', { user_name: 'forgetful', password: 'right-password' });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('does not let a forged X-Forwarded-For escape the per-address limit when no proxy is trusted', async () => {
    const fresh = await createTestApp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= throttleRules.perAddress.limit; attempt++) {
      const client = await fresh.visitor();
      const response = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { user_name: `guess${attempt}`, password: 'wrong' },
        headers: { 'x-forwarded-for': `203.0.113.${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('holds under parallel attempts', async () => {
    await createEmployee(t, { user_name: 'parallel', password: 'right-password' });
    const clients = await Promise.all(Array.from({ length: 12 }, () => t.visitor()));
    const answers = await Promise.all(clients.map((c) => c.post('/api/login', { user_name: 'parallel', password: 'wrong' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(throttleRules.perUser.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - throttleRules.perUser.limit);
  });
});

describe('tokens', () => {
  it('carry at least 128 bits of randomness: 32 random bytes each, never repeated', async () => {
    const cookies = new Set<string>();
    const csrfTokens = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const client = await t.visitor();
      const token = client.cookie!.split('=')[1]!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(client.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      cookies.add(token);
      csrfTokens.add(client.csrfToken!);
    }
    expect(cookies.size).toBe(20);
    expect(csrfTokens.size).toBe(20);
  });

  it('are kept in the database only as a keyed hash', async () => {
    const client = await t.signIn();
    const token = client.cookie!.split('=')[1]!;
    const rows = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id))).toBe(true);
  });
});

describe('first administrator', () => {
  it('stores an argon2id hash of at least 19 MiB and 2 iterations, never the password', async () => {
    const admin = await t.database.db
      .selectFrom('employees')
      .select('password_hash')
      .where('user_name', '=', ADMIN.userName)
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=\d+\$/);
    const [, memory, iterations] = /m=(\d+),t=(\d+)/.exec(admin.password_hash!)!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19456);
    expect(Number(iterations)).toBeGreaterThanOrEqual(2);
    expect(admin.password_hash).not.toContain(ADMIN.password);
  });
});
