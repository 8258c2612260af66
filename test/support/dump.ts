import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import type { Database } from '../../src/server/db/schema.ts';

/** Tables that hold what users saved; sessions and sign-in counters move with every request. */
export const savedTables = [
  'employees',
  'machines',
  'companies',
  'interruptions',
  'paper_sizes',
  'processings',
  'processing_details',
  'product_costs',
  'product_cost_workers',
  'break_times',
  'setup_times',
  'setup_break_times',
  'nowork_times',
  'audit_logs',
  'stations',
  'station_codes',
  'press_credentials',
  'machine_rates',
  'employee_rates',
  'product_cost_stops',
  'analytic_days',
  'analytic_day_stops',
  'call_reasons',
  'calls',
  'settings',
] as const;

/** Every saved row of every table, in a fixed order, to compare before and after a request. */
export async function dumpDatabase(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  // Side by side: on PostgreSQL the pool answers them at once, and the malformed-request test dumps thousands of times.
  const tables = await Promise.all(savedTables.map((table) => db.selectFrom(table).selectAll().execute()));
  return Object.fromEntries(savedTables.map((table, index) => [table, tables[index]!.map((row) => JSON.stringify(row)).sort()]));
}

/**
 * A cheap sign that no saved row changed: two equal marks mean none did, so the dumps need not be
 * compared (the malformed-request test checks after thousands of refusals). SQLite counts every row
 * its connection has inserted, updated or deleted (total_changes(), rolled back or not; the app and
 * the test share the connection). On PostgreSQL each row version carries the transaction that wrote
 * it (xmin): a committed insert, update or delete moves its table's row count or the sum of its xmins.
 * Unequal marks prove nothing by themselves (sessions and sign-in counters move them on SQLite):
 * compare the dumps then. The PostgreSQL statement takes a parameter, which makes it a named
 * prepared statement (src/server/db/prepared-statements.ts): planned once per connection, it costs a
 * tenth of a dump instead of as much.
 */
export async function changeMark({ db, engine }: Pick<DatabaseHandle, 'db' | 'engine'>): Promise<string> {
  const query =
    engine === 'sqlite'
      ? sql<{ mark: string }>`select cast(total_changes() as text) as mark`
      : sql<{ mark: string }>`select concat_ws(',', ${sql.join(
          savedTables.map((table) => sql`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${sql.table(table)})`),
        )}) as mark where ${true}`;
  return (await query.execute(db)).rows[0]!.mark;
}
