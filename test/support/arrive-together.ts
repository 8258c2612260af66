import { sql } from 'kysely';
import { backendPid, waitForLockWaiters } from './lock-waiters.ts';
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
    const holder = await backendPid(trx);
    sent = send();
    await waitForLockWaiters(t.database.db, holder, sent.length);
  });
  return Promise.all(sent);
}
