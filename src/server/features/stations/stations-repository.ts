import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Every station with its machine's name and the expiry of its one-time code, if one is pending. */
export function listStations(db: Db) {
  return db
    .selectFrom('stations')
    .leftJoin('machines', 'machines.id', 'stations.machine_id')
    .leftJoin('station_codes', 'station_codes.station_id', 'stations.id')
    .select([
      'stations.id',
      'stations.name',
      'stations.machine_id',
      'machines.name as machine_name',
      'machines.deleted_at as machine_deleted_at',
      'stations.bound_at',
      'station_codes.expires_at as code_expires_at',
      'stations.version',
    ])
    .orderBy('stations.name')
    .orderBy('stations.id')
    .execute();
}

export function findStation(db: Db, id: number) {
  return db.selectFrom('stations').select(['id', 'name', 'machine_id', 'bound_at', 'version']).where('id', '=', id).executeTakeFirst();
}

export async function insertStation(db: Db, values: Insertable<Database['stations']>): Promise<number> {
  const { id } = await db.insertInto('stations').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Saves the station over the version it was read at, and moves that on: false when another save moved
 * it first (on PostgreSQL the second of two saves at once waits for the first, then finds no row).
 */
export async function updateStation(
  db: Db,
  id: number,
  readVersion: number,
  values: { name: string; machine_id: number | null; at: string; by: number },
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('stations')
    .set({
      name: values.name,
      machine_id: values.machine_id,
      version: readVersion + 1,
      updated_at: values.at,
      updated_by: values.by,
    })
    .where('id', '=', id)
    .where('version', '=', readVersion)
    .executeTakeFirstOrThrow();
  return numUpdatedRows > 0n;
}

/** Its code and the sessions signed in on it go with it (foreign keys). */
export async function deleteStation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('stations').where('id', '=', id).execute();
}

/** Whether the machine exists and is not deleted. */
export async function machineIsActive(db: Db, machineId: number): Promise<boolean> {
  const row = await db.selectFrom('machines').select('id').where('id', '=', machineId).where('deleted_at', 'is', null).executeTakeFirst();
  return row !== undefined;
}

/**
 * 再登録: the tablet holding the station's cookie is no longer the station, those signed in on it
 * are signed out, and a new one-time code replaces any earlier one.
 */
export async function replaceCode(db: Db, stationId: number, codeHash: string, expiresAt: string): Promise<void> {
  await db.updateTable('stations').set({ token_hash: null, bound_at: null }).where('id', '=', stationId).execute();
  await db.deleteFrom('sessions').where('station_id', '=', stationId).execute();
  await db.deleteFrom('station_codes').where('station_id', '=', stationId).execute();
  await db.insertInto('station_codes').values({ code_hash: codeHash, station_id: stationId, expires_at: expiresAt }).execute();
}

/**
 * Uses up a code in one statement: of two tablets entering it at once, one gets the station. An
 * expired code is used up too, and answers nothing.
 */
export async function takeCode(db: Db, codeHash: string, now: string): Promise<number | undefined> {
  const taken = await db
    .deleteFrom('station_codes')
    .where('code_hash', '=', codeHash)
    .returning(['station_id', 'expires_at'])
    .executeTakeFirst();
  return taken && taken.expires_at > now ? taken.station_id : undefined;
}

export async function bindStation(db: Db, stationId: number, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('stations').set({ token_hash: tokenHash, bound_at: at }).where('id', '=', stationId).execute();
}

/** The employees a station offers: those not deleted who have a PIN, by reading. */
export function listPinWorkers(db: Db) {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'last_phonetic_name', 'first_phonetic_name'])
    .where('deleted_at', 'is', null)
    .where('pin_hash', 'is not', null)
    .orderBy('last_phonetic_name')
    .orderBy('first_phonetic_name')
    .orderBy('id')
    .execute();
}

export function findPinEmployee(db: Db, id: number) {
  return db
    .selectFrom('employees')
    .select(['id', 'last_name', 'first_name', 'user_name', 'is_admin', 'pin_hash'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('pin_hash', 'is not', null)
    .executeTakeFirst();
}
