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
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'WORKSHOP_TIMEZONE', 'DATABASE_URL', 'SESSION_SECRET']) expect(message).toContain(name);
  });

  it('reads HTTPS and proxy settings as booleans', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SECURE_COOKIES: 'true', TRUST_PROXY: '1' });
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toBe(true);
  });
});
