import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../domain/user.ts';
import { fullName } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import * as sessions from './session-repository.ts';
import { newToken, sessionIdOf } from './session-tokens.ts';

/** Sessions end after this long without a request (docs/DECISIONS.md#the-ground-rules). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reading pages does not mean writing rows. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface ActiveSession {
  id: string;
  csrfToken: string;
  user: CurrentUser | null;
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

  /** The live session the cookie names, or null when it is unknown or idle too long. */
  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const id = sessionIdOf(token, this.secret);
    const row = await sessions.findSession(this.db, id);
    if (!row) return null;
    const now = this.clock();
    const idleFor = now.getTime() - Date.parse(row.last_seen_at);
    if (idleFor > SESSION_IDLE_MS) {
      await sessions.deleteSession(this.db, id);
      return null;
    }
    const touched = idleFor > TOUCH_INTERVAL_MS;
    if (touched) await sessions.touchSession(this.db, id, now.toISOString());
    return { id, csrfToken: row.csrf_token, user: toCurrentUser(row), touched };
  }

  /** A new session: new id, new token, new CSRF token, whatever the request carried before. */
  async start(employeeId: number | null, client: ClientInfo): Promise<StartedSession> {
    const token = newToken();
    const started = { id: sessionIdOf(token, this.secret), token, csrfToken: newToken() };
    await sessions.insertSession(this.db, {
      id: started.id,
      csrfToken: started.csrfToken,
      employeeId,
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
   * Ends every session of an employee but, optionally, the one making the change. Given a
   * transaction, the sessions end together with the change that ends them, or not at all.
   */
  endAllOf(employeeId: number, exceptId?: string, db: Kysely<Database> = this.db): Promise<void> {
    return sessions.deleteSessionsOfEmployee(db, employeeId, exceptId);
  }

  removeIdle(): Promise<number> {
    return sessions.deleteSessionsIdleSince(this.db, new Date(this.clock().getTime() - SESSION_IDLE_MS).toISOString());
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
