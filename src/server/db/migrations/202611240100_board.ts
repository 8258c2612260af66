import { sql, type Kysely } from 'kysely';
import { defaultCallReasons, defaultStaleAfterHours, STALE_AFTER_HOURS_KEY } from '../defaults.ts';
import { addAuditColumns, columnTypes } from './helpers.ts';

/**
 * 現場モニター (docs/PRODUCT.md#calls-for-help, #stale-jobs):
 *
 * - `call_reasons`: the master 呼出内容, a named master like the others, with its defaults. An existing
 *   site receives them here, since the first start that fills empty masters has long passed.
 * - `calls`: a call for help on a record, who made it and when, who answered it and when. The partial
 *   unique index keeps one open call per record in the database itself, for every server process.
 * - `settings`: values an administrator sets in 設定管理, one row per key; 要確認までの時間 starts at 12 hours.
 * - `board_events`: every published change, numbered, for an hour, so that a board that lost its
 *   connection gets what it missed from any server process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, addId } = columnTypes(db);
  const at = new Date().toISOString();

  await addAuditColumns(
    addId(db.schema.createTable('call_reasons'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
    timestamp,
  )
    .addColumn('deleted_at', timestamp)
    .execute();
  await db
    .insertInto('call_reasons' as never)
    .values(
      defaultCallReasons.map((name, index) => ({
        name,
        display_order: index + 1,
        created_at: at,
        updated_at: at,
        created_by: null,
        updated_by: null,
        deleted_at: null,
      })) as never,
    )
    .execute();

  await addId(db.schema.createTable('calls'))
    .addColumn('product_cost_id', 'integer', (c) => c.notNull().references('product_costs.id'))
    .addColumn('call_reason_id', 'integer', (c) => c.notNull().references('call_reasons.id'))
    .addColumn('called_at', timestamp, (c) => c.notNull())
    .addColumn('called_by', 'integer', (c) => c.references('employees.id'))
    .addColumn('answered_at', timestamp)
    .addColumn('answered_by', 'integer', (c) => c.references('employees.id'))
    .execute();
  await db.schema.createIndex('calls_product_cost_id').on('calls').column('product_cost_id').execute();
  await sql`create unique index calls_one_open on calls (product_cost_id) where answered_at is null`.execute(db);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('employees.id'))
    .execute();
  await db
    .insertInto('settings' as never)
    .values({ key: STALE_AFTER_HOURS_KEY, value: String(defaultStaleAfterHours), updated_at: at, updated_by: null } as never)
    .execute();

  await addId(db.schema.createTable('board_events'))
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('product_cost_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('board_events_at').on('board_events').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('board_events').execute();
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('calls').execute();
  await db.schema.dropTable('call_reasons').execute();
}
