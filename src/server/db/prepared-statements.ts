import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { answersArrays } from './array-rows.ts';

/**
 * How many distinct statements one process names. The product's statements are a few hundred; a
 * statement whose text varies with its input (a list of ids of any length) would otherwise name a
 * new one on every connection each time, and PostgreSQL keeps every named statement in memory.
 */
const MOST_NAMED_STATEMENTS = 500;

/**
 * A pool whose clients run each statement as a named prepared statement: PostgreSQL parses and plans
 * its text once per connection, and afterwards only binds and runs it (node-postgres keeps track of
 * what each connection has prepared). Only statements with parameters are named: they are the
 * queries the product builds; `begin`, `commit` and the migrations' DDL stay as they are.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= MOST_NAMED_STATEMENTS) return known;
    const name = `kosu_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  // Kysely knows a connection by its client object: the same client must come back as the same wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (text: string, values: readonly unknown[]) => {
      const config = { text, values: [...values], name: values.length > 0 ? nameOf(text) : undefined };
      return answersArrays(text) ? client.query({ ...config, rowMode: 'array' }) : client.query(config);
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
