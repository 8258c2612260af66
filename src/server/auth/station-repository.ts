import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** The station whose cookie hashes to this, if it is still bound to that cookie. */
export function findBoundStation(db: Db, tokenHash: string) {
  return db.selectFrom('stations').select(['id', 'name', 'machine_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** One-time codes past their expiry: no tablet can use them any more. */
export async function deleteExpiredStationCodes(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('station_codes').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
