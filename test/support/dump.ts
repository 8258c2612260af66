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
] as const;

/** Every saved row of every table, in a fixed order, to compare before and after a request. */
export async function dumpDatabase(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of savedTables) {
    const rows = await db.selectFrom(table).selectAll().execute();
    dump[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return dump;
}
