import { sql, type Kysely } from 'kysely';

/**
 * 分析's 作業伝票No filter (one order's jobs, the slip compared whole, case aside) reads a year of a
 * million records in seconds without this index; with it, the order's few records. The list's search for
 * a slip holding a text (`like '%…%'`) cannot use it and does not need it: it is bounded by its range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index product_costs_slip on product_costs (lower(slip_no))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index product_costs_slip`.execute(db);
}
