import { sql, type Kysely } from 'kysely';
import { addAuditColumns, columnTypes } from './helpers.ts';

const namedMasters = ['machines', 'companies', 'interruptions', 'paper_sizes', 'processings'] as const;

/** The whole data model: masters, work records with their periods, sessions and the audit log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, addId } = columnTypes(db);

  await addAuditColumns(
    addId(db.schema.createTable('employees'))
      .addColumn('last_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('first_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_phonetic_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('first_phonetic_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_name', 'varchar(100)')
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_responsible', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('use_login', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
    timestamp,
  )
    .addColumn('deleted_at', timestamp)
    .execute();
  // A user ID signs in one active employee, whatever its letter case.
  await db.schema
    .createIndex('employees_user_name_unique')
    .on('employees')
    .unique()
    .expression(sql`lower(user_name)`)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  for (const table of namedMasters) {
    let builder = addId(db.schema.createTable(table)).addColumn('name', 'varchar(100)', (c) => c.notNull());
    if (table === 'companies') builder = builder.addColumn('phonetic_name', 'varchar(100)', (c) => c.notNull().defaultTo(''));
    await addAuditColumns(
      builder.addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
      timestamp,
    )
      .addColumn('deleted_at', timestamp)
      .execute();
  }

  await addAuditColumns(
    addId(db.schema.createTable('processing_details'))
      .addColumn('processing_id', 'integer', (c) => c.notNull().references('processings.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
    timestamp,
  )
    .addColumn('deleted_at', timestamp)
    .execute();
  await db.schema.createIndex('processing_details_processing').on('processing_details').column('processing_id').execute();

  await addAuditColumns(
    addId(db.schema.createTable('product_costs'))
      .addColumn('slip_no', 'varchar(15)', (c) => c.notNull())
      .addColumn('paper_size_id', 'integer', (c) => c.references('paper_sizes.id'))
      .addColumn('processing_id', 'integer', (c) => c.references('processings.id'))
      .addColumn('processing_detail_id', 'integer', (c) => c.references('processing_details.id'))
      .addColumn('machine_id', 'integer', (c) => c.references('machines.id'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('started_on', timestamp, (c) => c.notNull())
      .addColumn('finished_on', timestamp)
      .addColumn('superior', 'integer')
      .addColumn('wound', 'integer')
      .addColumn('size', 'integer')
      .addColumn('miss', 'integer')
      .addColumn('other', 'integer')
      .addColumn('process2', 'varchar(1000)')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)),
    timestamp,
  )
    .addColumn('deleted_at', timestamp)
    .execute();
  // The list filters and sorts by work date, which is a range of started_on.
  await db.schema
    .createIndex('product_costs_started_on')
    .on('product_costs')
    .column('started_on')
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('product_cost_workers')
    .addColumn('product_cost_id', 'integer', (c) => c.notNull().references('product_costs.id').onDelete('cascade'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addPrimaryKeyConstraint('product_cost_workers_pk', ['product_cost_id', 'employee_id'])
    .execute();
  await db.schema.createIndex('product_cost_workers_employee').on('product_cost_workers').column('employee_id').execute();

  await createPeriodTable(db, 'break_times', 'broken_on', 'restarted_on', true);
  await createPeriodTable(db, 'setup_times', 'started_on', 'finished_on', false);
  await createPeriodTable(db, 'setup_break_times', 'broken_on', 'restarted_on', true);
  await createPeriodTable(db, 'nowork_times', 'started_on', 'finished_on', false);
  await db.schema.createIndex('setup_break_times_setup').on('setup_break_times').column('setup_time_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .execute();
  await db.schema.createIndex('sessions_last_seen_at').on('sessions').column('last_seen_at').execute();
  await db.schema.createIndex('sessions_employee').on('sessions').column('employee_id').execute();

  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', timestamp, (c) => c.notNull())
    .execute();

  await addId(db.schema.createTable('audit_logs'))
    .addColumn('entity', 'varchar(50)', (c) => c.notNull())
    .addColumn('entity_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('employees.id'))
    .addColumn('at', timestamp, (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_logs_entity').on('audit_logs').columns(['entity', 'entity_id']).execute();
}

/**
 * A period of a work record. The partial unique index holds, in the database itself, that a record
 * has at most one open period of each kind, whatever two tablets send at the same moment.
 */
async function createPeriodTable(
  db: Kysely<unknown>,
  table: 'break_times' | 'setup_times' | 'setup_break_times' | 'nowork_times',
  openedColumn: string,
  closedColumn: string,
  hasReason: boolean,
): Promise<void> {
  const { timestamp, addId } = columnTypes(db);
  let builder = addId(db.schema.createTable(table))
    .addColumn('product_cost_id', 'integer', (c) => c.notNull().references('product_costs.id').onDelete('cascade'))
    .addColumn(openedColumn, timestamp, (c) => c.notNull())
    .addColumn(closedColumn, timestamp)
    .addColumn('opened_by', 'integer', (c) => c.references('employees.id'))
    .addColumn('closed_by', 'integer', (c) => c.references('employees.id'));
  if (table === 'setup_break_times') {
    builder = builder.addColumn('setup_time_id', 'integer', (c) => c.notNull().references('setup_times.id').onDelete('cascade'));
  }
  if (hasReason) {
    builder = builder
      .addColumn('interruption_id', 'integer', (c) => c.notNull().references('interruptions.id'))
      .addColumn('interruption_other', 'varchar(200)');
  }
  await builder.execute();
  await db.schema.createIndex(`${table}_product_cost`).on(table).column('product_cost_id').execute();
  await db.schema
    .createIndex(`${table}_one_open`)
    .on(table)
    .unique()
    .column('product_cost_id')
    .where(sql.ref(closedColumn), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'audit_logs',
    'login_throttles',
    'sessions',
    'nowork_times',
    'setup_break_times',
    'setup_times',
    'break_times',
    'product_cost_workers',
    'product_costs',
    'processing_details',
    ...namedMasters,
    'employees',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
