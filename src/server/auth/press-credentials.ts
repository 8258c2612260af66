import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PRESS_CREDENTIAL_LIFETIME_MS } from '../../domain/press-credential.ts';
import { fullName } from '../../domain/user.ts';
import type { Database } from '../db/schema.ts';
import { findPressCredentialWorker, insertPressCredential } from './press-credential-repository.ts';
import type { ActiveSession } from './session-service.ts';
import { newToken, TOKEN_FORM } from './session-tokens.ts';

function tokenHash(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`press\0${token}`).digest('hex');
}

/**
 * Press credentials (docs/SECURITY.md#press-credentials): a worker signed in by PIN gets one for the
 * station, and the station's outbox sends that worker's presses with it, whoever is signed in then.
 */
export class PressCredentials {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async issue(employeeId: number, stationId: number): Promise<{ token: string; expiresAt: string }> {
    const token = newToken();
    const expiresAt = new Date(this.clock().getTime() + PRESS_CREDENTIAL_LIFETIME_MS).toISOString();
    await insertPressCredential(this.db, { tokenHash: tokenHash(token, this.secret), employeeId, stationId, expiresAt });
    return { token, expiresAt };
  }

  /**
   * The session a credential stands in for, on the station the request comes from; null for an
   * unknown, expired or other station's credential. It carries no CSRF token: the credential is a
   * header a page sets itself, which no other site can make a browser send.
   */
  async resolve(token: string, stationId: number): Promise<ActiveSession | null> {
    if (!TOKEN_FORM.test(token)) return null;
    const worker = await findPressCredentialWorker(this.db, tokenHash(token, this.secret), stationId, this.clock().toISOString());
    if (!worker) return null;
    const user = {
      id: worker.employee_id,
      employee_id: worker.employee_id,
      name: fullName(worker),
      user_name: worker.user_name ?? '',
      is_admin: worker.is_admin === 1,
    };
    return { id: null, csrfToken: '', user, stationId, touched: false };
  }
}
