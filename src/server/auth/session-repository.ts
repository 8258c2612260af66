import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared-query.ts';
import type { Database } from '../db/schema.ts';

/** A session row with the signed-in employee, when there is one who may still sign in. */
export interface SessionWithUser {
  id: string;
  csrf_token: string;
  last_seen_at: string;
  station_id: number | null;
  employee_id: number | null;
  last_name: string | null;
  first_name: string | null;
  user_name: string | null;
  is_admin: number | null;
}

const sessionWithUser = preparedQuery<{ id: string }, SessionWithUser>((db, value) =>
  db
    .selectFrom('sessions')
    .leftJoin('employees', (join) =>
      join
        .onRef('employees.id', '=', 'sessions.employee_id')
        .on('employees.deleted_at', 'is', null)
        // A PIN sign-in on a station needs no password sign-in (システムを利用する); a PIN does.
        .on((eb) =>
          eb.or([
            eb('employees.use_login', '=', 1),
            eb.and([eb('sessions.station_id', 'is not', null), eb('employees.pin_hash', 'is not', null)]),
          ]),
        ),
    )
    .select([
      'sessions.id',
      'sessions.csrf_token',
      'sessions.last_seen_at',
      'sessions.station_id',
      'employees.id as employee_id',
      'employees.last_name',
      'employees.first_name',
      'employees.user_name',
      'employees.is_admin',
    ])
    .where('sessions.id', '=', value('id')),
);

/** Every request looks its session up, so the query is prepared once (db/prepared-query.ts). */
export async function findSession(db: Kysely<Database>, id: string): Promise<SessionWithUser | undefined> {
  return (await sessionWithUser(db, { id }))[0];
}

export async function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    csrfToken: string;
    employeeId: number;
    stationId: number | null;
    at: string;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      csrf_token: session.csrfToken,
      employee_id: session.employeeId,
      station_id: session.stationId,
      created_at: session.at,
      last_seen_at: session.at,
      ip: session.ip,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function touchSession(db: Kysely<Database>, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of an employee but, optionally, the one making the change. */
export async function deleteSessionsOfEmployee(db: Kysely<Database>, employeeId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('employee_id', '=', employeeId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function deleteSessionsIdleSince(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('last_seen_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
