import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * analytic_days and analytic_day_stops: the kept figures of the finished records summed per work
 * date, machine, processing and detail, so that 分析 adds up a year of a million records from a few
 * tens of thousands of rows (src/server/records/analytic-rollup-repository.ts). Key columns hold 0 where a
 * record has no machine, processing or detail. A database that already holds finished records
 * gets its sums at the next start (ensureRollup).
 *
 * product_costs_cost: the job table's most expensive jobs first, found by walking an index instead of
 * sorting a year of records (its newest first walks product_costs_started_on).
 */
const summed = [
  'worked_seconds',
  'man_seconds',
  'setup_seconds',
  'planned_stop_seconds',
  'unplanned_stop_seconds',
  'good',
  'wound',
  'size',
  'miss',
  'other',
  'machine_cost',
  'labour_cost',
] as const;
const keys = ['work_date', 'machine_key', 'processing_key', 'detail_key'] as const;

const withKey = <T extends string>(table: CreateTableBuilder<T>) =>
  table
    .addColumn('work_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('machine_key', 'integer', (c) => c.notNull())
    .addColumn('processing_key', 'integer', (c) => c.notNull())
    .addColumn('detail_key', 'integer', (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  let days = withKey(db.schema.createTable('analytic_days'))
    .addColumn('jobs', 'integer', (c) => c.notNull())
    .addColumn('rate_missing', 'integer', (c) => c.notNull());
  for (const column of summed) days = days.addColumn(column, 'bigint', (c) => c.notNull());
  await days.addPrimaryKeyConstraint('analytic_days_pk', [...keys]).execute();

  await withKey(db.schema.createTable('analytic_day_stops'))
    .addColumn('interruption_id', 'integer', (c) => c.notNull())
    .addColumn('seconds', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytic_day_stops_pk', [...keys, 'interruption_id'])
    .execute();

  await db.schema
    .createIndex('product_costs_cost')
    .on('product_costs')
    .expression(sql`coalesce(machine_cost + labour_cost, 0)`)
    .where(sql<boolean>`work_date is not null and deleted_at is null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_costs_cost').execute();
  await db.schema.dropTable('analytic_day_stops').execute();
  await db.schema.dropTable('analytic_days').execute();
}
