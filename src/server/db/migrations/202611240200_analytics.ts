import { sql, type Kysely } from 'kysely';

/**
 * What 分析 (docs/PRODUCT.md#analytics) needs:
 * - interruptions.category: 計画停止 or 非計画停止; of the default reasons, 打ち合わせ and 清掃 are planned.
 * - machine_rates and employee_rates: 時間チャージ and 労務単価 from a date on.
 * - processing_details.standard_speed (sheets an hour) and standard_setup_minutes.
 * - the figures a finished record keeps for analysis beside its kept totals, so that a year of a
 *   million records is summed without reading a period: its work date, planned and unplanned stop
 *   seconds, number of workers, machine and labour cost and whether a rate was missing, and, in
 *   product_cost_stops, its stop seconds per reason for the loss Pareto. The finished records
 *   already there get them at the next start (keepMissingAnalyticFigures), which knows the
 *   workshop's time zone that work dates are dated in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('interruptions')
    .addColumn('category', 'varchar(10)', (c) => c.notNull().defaultTo('unplanned'))
    .execute();
  await sql`update interruptions set category = 'planned' where name in ('打ち合わせ', '清掃')`.execute(db);

  for (const [table, owner, ownerTable] of [
    ['machine_rates', 'machine_id', 'machines.id'],
    ['employee_rates', 'employee_id', 'employees.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(ownerTable))
      .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
      .addColumn('yen_per_hour', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'valid_from'])
      .execute();
  }

  await db.schema.alterTable('processing_details').addColumn('standard_speed', 'integer').execute();
  await db.schema.alterTable('processing_details').addColumn('standard_setup_minutes', 'integer').execute();

  await db.schema.alterTable('product_costs').addColumn('work_date', 'varchar(10)').execute();
  for (const column of ['planned_stop_seconds', 'unplanned_stop_seconds', 'worker_count', 'machine_rate_missing', 'labour_rate_missing']) {
    await db.schema.alterTable('product_costs').addColumn(column, 'integer').execute();
  }
  for (const column of ['machine_cost', 'labour_cost']) {
    await db.schema.alterTable('product_costs').addColumn(column, 'bigint').execute();
  }
  // Analysis reads a range of work dates of the live, finished records; records in progress are few
  // and found by their own index.
  await db.schema
    .createIndex('product_costs_work_date')
    .on('product_costs')
    .column('work_date')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('product_costs_in_progress')
    .on('product_costs')
    .column('started_on')
    .where(sql<boolean>`deleted_at is null and finished_on is null`)
    .execute();

  await db.schema
    .createTable('product_cost_stops')
    .addColumn('product_cost_id', 'integer', (c) => c.notNull().references('product_costs.id').onDelete('cascade'))
    .addColumn('interruption_id', 'integer', (c) => c.notNull().references('interruptions.id'))
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_cost_stops_pk', ['product_cost_id', 'interruption_id'])
    .execute();
  await db.schema.createIndex('product_cost_stops_interruption').on('product_cost_stops').column('interruption_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_cost_stops').execute();
  await db.schema.dropIndex('product_costs_in_progress').execute();
  await db.schema.dropIndex('product_costs_work_date').execute();
  for (const column of [
    'labour_cost',
    'machine_cost',
    'labour_rate_missing',
    'machine_rate_missing',
    'worker_count',
    'unplanned_stop_seconds',
    'planned_stop_seconds',
    'work_date',
  ]) {
    await db.schema.alterTable('product_costs').dropColumn(column).execute();
  }
  await db.schema.alterTable('processing_details').dropColumn('standard_setup_minutes').execute();
  await db.schema.alterTable('processing_details').dropColumn('standard_speed').execute();
  await db.schema.dropTable('employee_rates').execute();
  await db.schema.dropTable('machine_rates').execute();
  await db.schema.alterTable('interruptions').dropColumn('category').execute();
}
