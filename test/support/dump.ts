import type { Kysely } from 'kysely';
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
