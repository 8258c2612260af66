import { sql, type QueryExecutorProvider } from 'kysely';

/** The PostgreSQL server process of this connection or transaction, whose locks others may come to wait for. */
export async function backendPid(db: QueryExecutorProvider): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]!.pid;
}

/**
 * On PostgreSQL, until `count` statements wait for the locks that the process `holder` holds (a row the
 * test keeps locked in its own transaction), directly or behind another such waiter (the second of two
 * updates of a row waits for the first, in the row's queue); waits for anything else, a session's row
 * say, do not count.
 */
export async function waitForLockWaiters(db: QueryExecutorProvider, holder: number, count = 1): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const { rows } = await sql<{ waiting: string }>`with recursive behind(pid) as (
        select pid from pg_stat_activity where datname = current_database() and ${holder}::integer = any(pg_blocking_pids(pid))
        union
        select waiting.pid from pg_stat_activity waiting join behind on behind.pid = any(pg_blocking_pids(waiting.pid))
        where waiting.datname = current_database()
      )
      select count(*) as waiting from behind`.execute(db);
    if (Number(rows[0]!.waiting) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} statements came to wait for the locks of process ${holder}`);
}
