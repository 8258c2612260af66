import { sql, type Kysely } from 'kysely';

/**
 * 作業別原価 narrowed to a stop reason (the Pareto's drill-down, docs/PERFORMANCE.md, fifteenth
 * sitting):
 * - its page by the reason's time reads product_cost_stops down product_cost_stops_reason: the
 *   reason's stops in order of their seconds, each job looked up until the page is full, instead of
 *   every job of the range looked up and sorted. product_cost_id is in it so that jobs of equal time
 *   come in the page's order of ids, and a download's next batch starts where the last ended. It
 *   begins with interruption_id, so the index on interruption_id alone is redundant and goes.
 * - its count adds up analytic_day_stops.jobs, the jobs stopped for a reason per day and key, when
 *   the rollup answers the other filters. The sums are made anew here from the records, as
 *   rebuildRollup makes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('product_cost_stops_reason')
    .on('product_cost_stops')
    .columns(['interruption_id', 'seconds', 'product_cost_id'])
    .execute();
  await db.schema.dropIndex('product_cost_stops_interruption').execute();

  await db.schema
    .alterTable('analytic_day_stops')
    .addColumn('jobs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const key = sql`pc.work_date, coalesce(pc.machine_id, 0), coalesce(pc.processing_id, 0), coalesce(pc.processing_detail_id, 0)`;
  await sql`delete from analytic_day_stops`.execute(db);
  await sql`insert into analytic_day_stops (work_date, machine_key, processing_key, detail_key, interruption_id, seconds, count, jobs)
    select ${key}, s.interruption_id, sum(s.seconds), sum(s.count), count(*)
    from product_cost_stops s inner join product_costs pc on pc.id = s.product_cost_id
    where pc.work_date is not null and pc.deleted_at is null
    group by ${key}, s.interruption_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytic_day_stops').dropColumn('jobs').execute();
  await db.schema.createIndex('product_cost_stops_interruption').on('product_cost_stops').column('interruption_id').execute();
  await db.schema.dropIndex('product_cost_stops_reason').execute();
}
