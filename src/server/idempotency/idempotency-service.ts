import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IDEMPOTENCY_KEY_LIFETIME_MS, idempotencyMessages, readIdempotencyKey } from '../../domain/idempotency.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { errorBody, HttpError } from '../errors.ts';
import * as repository from './idempotency-repository.ts';

type Db = Kysely<Database>;

/**
 * Keeps an action's answer for its request's key, written with the action so that both are or
 * neither: in the action's transaction, or as a row of the one statement the action writes with.
 */
export interface KeepAnswer {
  inTransaction(trx: Db, body: unknown): Promise<void>;
  /** The row that keeps `body`. A statement writing it must fail whole when the key is taken (a plain insert does). */
  row(body: unknown): repository.KeptAnswer;
}

/** The key's primary key: an action that wrote its answer as a plain insert learns from it that the key was taken first. */
const keyIndex = { name: 'idempotency_keys_pk', columns: 'idempotency_keys.employee_id, idempotency_keys.key' };

/** A request as far as its key is concerned. */
export interface KeyedRequest {
  employeeId: number;
  /** The Idempotency-Key header as sent, if it was. */
  header: string | string[] | undefined;
  method: string;
  url: string;
  body: unknown;
}

export interface Answer {
  status: number;
  body: unknown;
  /** The answer kept for the key, sent again. */
  replayed: boolean;
}

/** Another request with the same key kept its answer first: this one's transaction is undone. */
class KeyTaken extends Error {}

/**
 * Runs an action once per user and key. The first answer — success, or a refusal that changed
 * nothing (4xx) — is kept for 24 hours and answered again, exactly, to every later request with that
 * key and the same method, path and body; another request with the key is refused with 422. A
 * failure of the server (5xx) is not kept: nothing was recorded, and the press may be sent again.
 */
export class IdempotencyService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async run(request: KeyedRequest, status: number, action: (keep?: KeepAnswer) => Promise<unknown>): Promise<Answer> {
    if (request.header === undefined) return { status, body: await action(), replayed: false };
    const key = typeof request.header === 'string' ? readIdempotencyKey(request.header) : null;
    if (key === null) throw new HttpError(400, idempotencyMessages.badKey);
    const fingerprint = fingerprintOf(request);
    const known = await this.known(request.employeeId, key, fingerprint);
    if (known) return known;

    const createdAt = this.clock().toISOString();
    const row = (answerStatus: number, body: unknown) => ({
      employee_id: request.employeeId,
      key,
      fingerprint,
      status: answerStatus,
      body: JSON.stringify(body),
      created_at: createdAt,
    });
    try {
      const body = await action({
        inTransaction: async (trx, answer) => {
          if (!(await repository.keepAnswer(trx, row(status, answer)))) throw new KeyTaken();
        },
        row: (answer) => row(status, answer),
      });
      return { status, body, replayed: false };
    } catch (error) {
      // A key kept by another request meanwhile: KeyTaken in a transaction, the key's index in one statement.
      if (error instanceof KeyTaken || isUniqueViolation(error, keyIndex))
        return this.keptBy(request.employeeId, key, fingerprint, error as Error);
      if (error instanceof HttpError && error.statusCode < 500) {
        if (await repository.keepAnswer(this.db, row(error.statusCode, errorBody(error.errorMessage)))) throw error;
        return this.keptBy(request.employeeId, key, fingerprint, error);
      }
      throw error;
    }
  }

  /** Forgets the keys older than their lifetime. Every process may run it; each row goes once. */
  removeExpired(): Promise<number> {
    return repository.deleteAnswersBefore(this.db, this.cutoff());
  }

  private cutoff(): string {
    return new Date(this.clock().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();
  }

  private async known(employeeId: number, key: string, fingerprint: string): Promise<Answer | undefined> {
    const kept = await repository.findAnswer(this.db, employeeId, key);
    if (!kept) return undefined;
    if (kept.created_at < this.cutoff()) {
      await repository.deleteAnswer(this.db, employeeId, key);
      return undefined;
    }
    if (kept.fingerprint !== fingerprint) throw new HttpError(422, idempotencyMessages.otherRequest);
    return { status: kept.status, body: JSON.parse(kept.body) as unknown, replayed: true };
  }

  /** The answer a request with the same key kept while this one ran. */
  private async keptBy(employeeId: number, key: string, fingerprint: string, cause: Error): Promise<Answer> {
    const known = await this.known(employeeId, key, fingerprint);
    if (!known) throw cause;
    return known;
  }
}

/** What makes two requests the same press: method, path with its ids, and the body as read. */
function fingerprintOf(request: KeyedRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}
