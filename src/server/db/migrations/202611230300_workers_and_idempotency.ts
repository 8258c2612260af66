import { sql, type Kysely } from 'kysely';
import { columnTypes } from './helpers.ts';

/**
 * 作業者として表示: whether an employee is offered as a worker on the work screen. On for everyone
 * already there but the first administrator, the account the installation created, which is rarely
 * a person at a machine.
 *
 * idempotency_keys: the first answer to each work action sent with an Idempotency-Key, per user, so
 * that a press sent again (a retry after a lost answer, a replayed page) answers the same and
 * records nothing twice. Kept in the database so that every server process sees the same keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .alterTable('employees')
    .addColumn('show_as_worker', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update employees set show_as_worker = 0
    where id = (select min(id) from employees where is_admin = 1)`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('key', 'varchar(36)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['employee_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.alterTable('employees').dropColumn('show_as_worker').execute();
}
