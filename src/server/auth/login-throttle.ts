import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Sign-in attempts are counted in the database, before the password is checked: several server
 * processes share the count, a restart keeps it, and parallel guesses cannot all slip in before
 * the first failure is written.
 */
export const throttleRules = {
  perUser: { limit: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 },
} as const;

type Rule = (typeof throttleRules)[keyof typeof throttleRules];

/** Counts one attempt under the key and answers the count within the current window. */
export async function countAttempt(db: Kysely<Database>, key: string, rule: Rule, now: Date): Promise<number> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const expired = sql<boolean>`login_throttles.window_started_at < ${windowStart}`;
  const row = await db
    .insertInto('login_throttles')
    .values({ key, attempts: 1, window_started_at: at })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when ${expired} then 1 else login_throttles.attempts + 1 end`,
        window_started_at: sql<string>`case when ${expired} then ${at} else login_throttles.window_started_at end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function forgetAttempts(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_throttles').where('key', '=', key).execute();
}

/** A successful sign-in gives its address back the attempt it spent. */
export async function returnAttempt(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_throttles')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('key', '=', key)
    .where('attempts', '>', 0)
    .execute();
}
