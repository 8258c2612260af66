import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface PressCredentialWorker {
  employee_id: number;
  last_name: string;
  first_name: string;
  user_name: string | null;
  is_admin: number;
}

export async function insertPressCredential(
  db: Kysely<Database>,
  credential: { tokenHash: string; employeeId: number; stationId: number; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('press_credentials')
    .values({
      token_hash: credential.tokenHash,
      employee_id: credential.employeeId,
      station_id: credential.stationId,
      expires_at: credential.expiresAt,
    })
    .execute();
}

/**
 * The worker a live credential acts for, when it was issued on this station and the worker may still
 * sign in by PIN (not deleted, a PIN set: changing the PIN deletes the credentials with the sessions).
 */
export function findPressCredentialWorker(
  db: Kysely<Database>,
  tokenHash: string,
  stationId: number,
  now: string,
): Promise<PressCredentialWorker | undefined> {
  return db
    .selectFrom('press_credentials')
    .innerJoin('employees', 'employees.id', 'press_credentials.employee_id')
    .select(['employees.id as employee_id', 'employees.last_name', 'employees.first_name', 'employees.user_name', 'employees.is_admin'])
    .where('press_credentials.token_hash', '=', tokenHash)
    .where('press_credentials.station_id', '=', stationId)
    .where('press_credentials.expires_at', '>', now)
    .where('employees.deleted_at', 'is', null)
    .where('employees.pin_hash', 'is not', null)
    .executeTakeFirst();
}

export async function deleteExpiredPressCredentials(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('press_credentials').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every credential of a worker, with their sessions (a new PIN, a deleted employee). */
export async function deletePressCredentialsOf(db: Kysely<Database>, employeeId: number): Promise<void> {
  await db.deleteFrom('press_credentials').where('employee_id', '=', employeeId).execute();
}
