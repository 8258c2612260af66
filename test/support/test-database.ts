import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/server/config.ts';

export type TestEngine = 'sqlite' | 'postgres';

export const testEngine = (): TestEngine => (process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite');

export const testDatabaseUrl = (): string => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Drops what was created for the test. */
  drop(): Promise<void>;
}

/**
 * A database of its own for each test file: SQLite in memory, or a new PostgreSQL database created
 * beside TEST_DATABASE_URL's, so that files run in parallel without seeing each other's rows.
 */
export async function createTestDatabase(engine: TestEngine = testEngine()): Promise<TestDatabase> {
  if (engine === 'sqlite') return { config: { engine: 'sqlite', file: ':memory:' }, drop: async () => {} };

  const adminUrl = testDatabaseUrl();
  const name = `kosu_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { engine: 'postgres', url: url.toString() },
    drop: () => withClient(adminUrl, (client) => dropWhenClosed(client, name)),
  };
}

const OBJECT_IN_USE = '55006';

/**
 * pg's pool resolves end() before its sockets are closed. Forcing the drop would kill those
 * connections mid-goodbye, and the pool reports that as an unhandled error; so wait them out.
 */
async function dropWhenClosed(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
