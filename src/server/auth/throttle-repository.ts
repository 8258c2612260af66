import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The tables of counters in fixed windows: sign-in attempts, and anonymous requests on PostgreSQL. */
export type CounterTable = 'login_throttles' | 'request_counts';

export interface Counter {
  attempts: number;
  window_started_at: string;
}

/**
 * Counts one more under the key, in one statement, unless the count has reached the limit within
 * the window: a counter whose window is over starts again at one. Answers the counter after
 * counting, or undefined when the limit is reached, in which case nothing is written. Being one
 * statement, parallel requests cannot all count before the first one's count is seen.
 */
export async function countWithin(
  db: Kysely<Database>,
  table: CounterTable,
  key: string,
  rule: { limit: number; windowMs: number },
  now: Date,
): Promise<Counter | undefined> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const expired = sql<boolean>`${sql.ref(`${table}.window_started_at`)} <= ${windowStart}`;
  const attempts = sql.ref(`${table}.attempts`);
  return db
    .insertInto(table)
    .values({ key, attempts: 1, window_started_at: at })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          attempts: sql<number>`case when ${expired} then 1 else ${attempts} + 1 end`,
          window_started_at: sql<string>`case when ${expired} then ${at} else ${sql.ref(`${table}.window_started_at`)} end`,
        })
        .where(sql<boolean>`${expired} or ${attempts} < ${rule.limit}`),
    )
    .returning(['attempts', 'window_started_at'])
    .executeTakeFirst();
}

export function findCounter(db: Kysely<Database>, table: CounterTable, key: string): Promise<Counter | undefined> {
  return db.selectFrom(table).select(['attempts', 'window_started_at']).where('key', '=', key).executeTakeFirst();
}

/** Takes back one count; a counter back at zero is deleted, so that no row stays for nothing. */
export async function uncount(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
  await db.deleteFrom('login_throttles').where('key', '=', key).where('attempts', '<=', 0).execute();
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}

/** Deletes the counters whose window began before the cutoff: they count nothing any more. */
export async function deleteCountersBefore(db: Kysely<Database>, table: CounterTable, cutoff: string): Promise<number> {
  const result = await db.deleteFrom(table).where('window_started_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Starts a counter's window again at `at`, keeping its count: a lock then lasts a whole window from now. */
export async function restartCounterWindow(db: Kysely<Database>, key: string, at: string): Promise<void> {
  await db.updateTable('login_throttles').set({ window_started_at: at }).where('key', '=', key).execute();
}
