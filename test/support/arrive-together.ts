import { sql } from 'kysely';
import type { TestApp } from './test-app.ts';

/**
 * Sends requests that are to reach the server at the same moment, as two administrators' saves or a
 * double click do, and answers their responses in order.
 *
 * The test client's requests, merely started together, seldom interleave: the first is usually done
 * before the second reads, and a save without its guard against a race would still pass. So on
 * PostgreSQL the test holds the row they save (`for update`, in a transaction of its own) until each
 * of them waits for it — all are then past what they read without a lock, and stopped where they lock
 * or write — and then lets them go on together. SQLite writes one transaction at a time, so there the
 * requests are simply sent together.
 */
export async function arriveTogether<T>(t: TestApp, row: { table: string; id: number }, send: () => Promise<T>[]): Promise<T[]> {
  if (t.engine === 'sqlite') return Promise.all(send());
  let sent: Promise<T>[] = [];
  await t.database.db.transaction().execute(async (trx) => {
    await sql`select id from ${sql.table(row.table)} where id = ${row.id} for update`.execute(trx);
    sent = send();
    await waitForLockWaiters(t, sent.length);
  });
  return Promise.all(sent);
}

async function waitForLockWaiters(t: TestApp, count: number): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { rows } = await sql<{ waiting: string }>`select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
    if (Number(rows[0]!.waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} requests came to wait for the held row`);
}
