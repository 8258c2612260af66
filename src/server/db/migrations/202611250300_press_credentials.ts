import { type Kysely } from 'kysely';
import { columnTypes } from './helpers.ts';

/**
 * press_credentials: what lets a station's outbox send a worker's presses after that worker signed
 * out (docs/SECURITY.md#press-credentials). Only a keyed hash of the token is kept, like sessions;
 * a credential belongs to one worker on one station and ends with either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db);
  await db.schema
    .createTable('press_credentials')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('press_credentials_employee_id').on('press_credentials').column('employee_id').execute();
  await db.schema.createIndex('press_credentials_station_id').on('press_credentials').column('station_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('press_credentials').execute();
}
