import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kosu-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The message of the ConfigError that reading the configuration must throw. */
function refusalOf(read: () => unknown): string {
  expect(read).toThrow(ConfigError);
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('configuration', () => {
  it('has the defaults of README.md#configure', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { engine: 'sqlite', file: path.join(dir, 'app.db') },
      timeZone: 'Asia/Tokyo',
      logLevel: 'info',
      adminUserName: 'admin',
      adminPassword: undefined,
      secureCookies: false,
      trustProxy: false,
    });
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://kosu@db/kosu' });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://kosu@db/kosu' });
  });

  it('generates a session secret once and keeps it in the data directory, readable by the owner only', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('reports every invalid setting at once', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        WORKSHOP_TIMEZONE: 'Mars/Olympus',
        DATABASE_URL: 'mysql://x',
        SESSION_SECRET: 'short',
      });
    const message = refusalOf(attempt);
    for (const name of ['PORT', 'WORKSHOP_TIMEZONE', 'DATABASE_URL', 'SESSION_SECRET']) expect(message).toContain(name);
  });

  it('reads HTTPS as a boolean', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SECURE_COOKIES: 'true' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
  const refusal = (value: string) => refusalOf(() => trustProxy(value));

  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', 'false', 'no', '0']) expect(trustProxy(value)).toBe(false);
  });

  it('reads a number as the count of proxies in front of the server', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
  });

  it('reads a comma-separated list of proxy addresses, CIDR ranges and named ranges', () => {
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy('10.0.0.0/8, 192.168.1.5,::1, fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8']);
    expect(trustProxy('loopback,uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses true at start, saying why and what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      const message = refusal(value);
      expect(message).toContain('TRUST_PROXY');
      expect(message).toContain('any X-Forwarded-For a client writes');
      expect(message).toContain('TRUST_PROXY=1');
      expect(message).toContain('docs/OPERATIONS.md');
    }
  });

  it('refuses what is neither a count nor addresses, naming the wrong item', () => {
    expect(refusal('10.0.0.0/33')).toContain('"10.0.0.0/33"');
    expect(refusal('127.0.0.1,proxy.local')).toContain('"proxy.local"');
    expect(refusal('::1/129')).toContain('"::1/129"');
    expect(refusal('10.0.0.1/8/8')).toContain('"10.0.0.1/8/8"');
    expect(refusal('11')).toContain('at most 10');
    expect(refusal('-1')).toContain('"-1"');
  });
});

describe('other limits', () => {
  it('limits anonymous requests to 300 a minute per address unless told otherwise, and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).anonymousRateLimit).toBe(300);
    expect(loadConfig({ DATA_DIR: dataDir(), ANONYMOUS_RATE_LIMIT: '50' }).anonymousRateLimit).toBe(50);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ANONYMOUS_RATE_LIMIT: '0' })).toThrow(/ANONYMOUS_RATE_LIMIT/);
  });

  it('bounds the headers, the whole request and idle connections in time', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 10_000 });
  });
});
