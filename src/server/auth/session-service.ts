import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../domain/user.ts';
import { fullName } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { deletePressCredentialsOf } from './press-credential-repository.ts';
import * as sessions from './session-repository.ts';
import { anonymousCsrfToken, newToken, sessionIdOf, TOKEN_FORM } from './session-tokens.ts';

/** Sessions end after this long without a request (docs/DECISIONS.md#the-ground-rules). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reading pages does not mean writing rows. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * The session a request comes with: a signed-in one, kept in the database (id and user), or an
 * anonymous one, which lives only in the cookie (no id, no user) and is never written anywhere.
 */
export interface ActiveSession {
  id: string | null;
  csrfToken: string;
  user: CurrentUser | null;
  /** The station of a PIN sign-in, whose reach is the work screen and the list; null otherwise. */
  stationId: number | null;
  /** True when this request moved the idle deadline, so the cookie is sent again. */
  touched: boolean;
}

export interface StartedSession {
  id: string;
  token: string;
  csrfToken: string;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export class SessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * The live signed-in session the cookie names; otherwise, for a cookie of the right form, the
   * anonymous session it stands for; null without one.
   */
  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || !TOKEN_FORM.test(token)) return null;
    const id = sessionIdOf(token, this.secret);
    const row = await sessions.findSession(this.db, id);
    const user = row ? toCurrentUser(row) : null;
    if (row && user) {
      const now = this.clock();
      const idleFor = now.getTime() - Date.parse(row.last_seen_at);
      if (idleFor <= SESSION_IDLE_MS) {
        const touched = idleFor > TOUCH_INTERVAL_MS;
        if (touched) await sessions.touchSession(this.db, id, now.toISOString());
        return { id, csrfToken: row.csrf_token, user, stationId: row.station_id, touched };
      }
    }
    if (row) await sessions.deleteSession(this.db, id);
    return { id: null, csrfToken: anonymousCsrfToken(token, this.secret), user: null, stationId: null, touched: false };
  }

  /** A new anonymous session: a new token for the cookie and its CSRF token, and nothing stored. */
  startAnonymous(): Omit<StartedSession, 'id'> {
    const token = newToken();
    return { token, csrfToken: anonymousCsrfToken(token, this.secret) };
  }

  /** A new signed-in session: new id, new token, new CSRF token, whatever the request carried before. */
  async start(employeeId: number, client: ClientInfo, stationId: number | null = null): Promise<StartedSession> {
    const token = newToken();
    const started = { id: sessionIdOf(token, this.secret), token, csrfToken: newToken() };
    await sessions.insertSession(this.db, {
      id: started.id,
      csrfToken: started.csrfToken,
      employeeId,
      stationId,
      at: this.clock().toISOString(),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    return started;
  }

  end(id: string): Promise<void> {
    return sessions.deleteSession(this.db, id);
  }

  /**
   * Ends every session and press credential of an employee but, optionally, the session making the change. Given a
   * transaction, the sessions end together with the change that ends them, or not at all.
   */
  async endAllOf(employeeId: number, exceptId?: string, db: Kysely<Database> = this.db): Promise<void> {
    await sessions.deleteSessionsOfEmployee(db, employeeId, exceptId);
    // A credential carries presses already made; what ends the sessions ends it too (docs/SECURITY.md#press-credentials).
    await deletePressCredentialsOf(db, employeeId);
  }

  removeIdle(now: Date = this.clock()): Promise<number> {
    return sessions.deleteSessionsIdleSince(this.db, new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
  }
}

function toCurrentUser(row: sessions.SessionWithUser): CurrentUser | null {
  if (row.employee_id === null || row.last_name === null) return null;
  return {
    id: row.employee_id,
    employee_id: row.employee_id,
    name: fullName({ last_name: row.last_name, first_name: row.first_name }),
    user_name: row.user_name ?? '',
    is_admin: row.is_admin === 1,
  };
}
