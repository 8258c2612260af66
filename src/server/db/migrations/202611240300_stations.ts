import { type Kysely } from 'kysely';
import { addAuditColumns, columnTypes } from './helpers.ts';

/**
 * 端末 (stations): the shop-floor tablets an administrator registered. A tablet binds itself with a
 * one-time code (kept only as a keyed hash, valid for minutes, deleted when used) and then holds a
 * long-lived station cookie, of which the table keeps only the keyed hash, like sessions.
 *
 * employees.pin_hash: the argon2id hash of the 暗証番号 a worker signs in with on a station.
 * sessions.station_id: the station a PIN sign-in happened on; such a session reaches only the
 * work screen and the list, and ends with its station.
 *
 * Wrong PINs are counted in login_throttles, like passwords, so that every process sees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, addId } = columnTypes(db);
  await addAuditColumns(
    addId(db.schema.createTable('stations'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('machine_id', 'integer', (c) => c.references('machines.id'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
      .addColumn('bound_at', timestamp),
    timestamp,
  ).execute();

  await db.schema
    .createTable('station_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('station_id', 'integer', (c) => c.notNull().unique().references('stations.id').onDelete('cascade'))
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('employees').addColumn('pin_hash', 'varchar(255)').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('station_id', 'integer', (c) => c.references('stations.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_station_id').on('sessions').column('station_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_station_id').execute();
  await db.schema.alterTable('sessions').dropColumn('station_id').execute();
  await db.schema.alterTable('employees').dropColumn('pin_hash').execute();
  await db.schema.dropTable('station_codes').execute();
  await db.schema.dropTable('stations').execute();
}
