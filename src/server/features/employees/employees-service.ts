import type { Kysely } from 'kysely';
import {
  employeeMessages,
  needsPassword,
  type EmployeeDetail,
  type EmployeeInput,
  type EmployeeListItem,
  type WorkerItem,
} from '../../../domain/employees.ts';
import { ratesChanged } from '../../../domain/rates.ts';
import { isUnchangedEmployee } from '../../../domain/unchanged-master.ts';
import { fullName, fullPhoneticName } from '../../../domain/user.ts';
import { userIdColumns } from '../../../domain/user-id.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { recostRecords } from '../../records/analytic-repository.ts';
import { findRates, replaceRates } from '../../records/rates-repository.ts';
import { hashPassword } from '../../auth/password.ts';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/bootstrap.ts';
import type { Database, Employee } from '../../db/schema.ts';
import { HttpError, refuseStaleVersion } from '../../errors.ts';
import * as repository from './employees-repository.ts';

/** The administrator making a change, and the session they make it from. */
export interface Actor {
  employeeId: number;
  sessionId: string;
}

export const AUDIT_ENTITY = 'employees';

const canSignIn = (row: Employee): boolean => row.use_login === 1 && row.password_hash !== null;
const isSignInAdministrator = (row: Employee): boolean => canSignIn(row) && row.is_admin === 1;

/** The employee as the API shows it and the audit log keeps it: never the password hash; the version only in a read. */
function detailOf(row: Employee): Omit<EmployeeDetail, 'rates' | 'version'> {
  return {
    id: row.id,
    last_name: row.last_name,
    first_name: row.first_name,
    last_phonetic_name: row.last_phonetic_name,
    first_phonetic_name: row.first_phonetic_name,
    email: row.email,
    user_name: row.user_name ?? '',
    is_admin: row.is_admin === 1,
    is_responsible: row.is_responsible === 1,
    show_as_worker: row.show_as_worker === 1,
    use_login: row.use_login === 1,
    using_login: canSignIn(row),
    has_pin: row.pin_hash !== null,
  };
}

/**
 * The columns a save writes. Without login an employee keeps neither a user ID nor a password hash:
 * a stale hash would be a credential that one tick of システムを利用する brings back to life, and a
 * user ID kept for someone who cannot sign in would hold it from everyone else. Being an
 * administrator needs login.
 */
function savedColumns(input: EmployeeInput, passwordHash: string | null) {
  return {
    last_name: input.last_name,
    first_name: input.first_name,
    last_phonetic_name: input.last_phonetic_name,
    first_phonetic_name: input.first_phonetic_name,
    email: input.email,
    show_as_worker: input.show_as_worker ? 1 : 0,
    use_login: input.use_login ? 1 : 0,
    ...userIdColumns(input.use_login ? input.user_name : null),
    password_hash: input.use_login ? passwordHash : null,
    is_admin: input.use_login && input.is_admin ? 1 : 0,
  };
}

/** Employees: trimmed and checked, user IDs unique, one administrator always left, soft-deleted. */
export class EmployeeService {
  constructor(private readonly context: Pick<AppContext, 'db' | 'engine' | 'sessions'>) {}

  async list(): Promise<EmployeeListItem[]> {
    return (await repository.listActive(this.context.db)).map((row) => ({ id: row.id, full_name: fullName(row) }));
  }

  /** The workers the work screen offers: those shown as workers, with their reading for the kana filter. */
  async selector(): Promise<WorkerItem[]> {
    return (await repository.listWorkers(this.context.db)).map((row) => ({
      id: row.id,
      name: fullName(row),
      phonetic_name: fullPhoneticName(row),
    }));
  }

  /** With its version, read with the row before the rates, as a machine's (NamedMasterService.get). */
  async get(id: number): Promise<EmployeeDetail> {
    const row = await this.existing(this.context.db, id);
    return { ...(await this.withRates(this.context.db, row)), version: row.version };
  }

  async create(input: EmployeeInput, actor: Actor): Promise<number> {
    if (needsPassword(input, false)) throw new HttpError(400, employeeMessages.passwordRequired);
    const passwordHash = await this.hashOf(input);
    const pinHash = await this.pinHashOf(input);
    return this.transaction(async (trx) => {
      await this.refuseTakenUserName(trx, input);
      const at = nowIso();
      const id = await repository.insert(trx, {
        ...savedColumns(input, passwordHash),
        pin_hash: pinHash,
        is_responsible: input.is_responsible ? 1 : 0,
        display_order: await repository.nextDisplayOrder(trx),
        created_at: at,
        created_by: actor.employeeId,
        updated_at: at,
        updated_by: actor.employeeId,
        deleted_at: null,
      });
      if (input.rates) await replaceRates(trx, 'employee', id, input.rates);
      const after = await this.withRates(trx, await this.existing(trx, id));
      await writeAudit(trx, { entity: AUDIT_ENTITY, entityId: id, action: 'create', actorId: actor.employeeId, at, after });
      return id;
    });
  }

  /**
   * With the version the form read, an employee saved by someone else since is refused (409) and left
   * as they are: the form would otherwise put back what it showed, the rates and the name among them.
   * The row is locked only after the administrators' rows (refuseLastAdministrator), in the order
   * every save and delete of an employee locks them, so that two saves never wait on each other; the
   * version is compared again then, for a save that committed in between. A save that changes
   * nothing (isUnchangedEmployee) writes nothing and signs nobody out, so that the employee keeps
   * their version and a colleague's form open on them stays savable. Answers the version after the save.
   */
  async update(id: number, input: EmployeeInput, actor: Actor): Promise<number> {
    const newHash = await this.hashOf(input);
    const newPinHash = await this.pinHashOf(input);
    return this.transaction(async (trx) => {
      const before = await this.existing(trx, id);
      refuseStaleVersion(input.version, before.version);
      if (needsPassword(input, canSignIn(before))) throw new HttpError(400, employeeMessages.passwordRequired);
      await this.refuseTakenUserName(trx, input, id);
      if (isSignInAdministrator(before) && !(input.use_login && input.is_admin)) {
        const message = input.use_login ? employeeMessages.lastAdministratorDemote : employeeMessages.lastAdministratorLoginOff;
        await this.refuseLastAdministrator(trx, id, message);
      }
      const version = await repository.lockedVersion(trx, this.context.engine, id);
      if (version === undefined) throw new HttpError(404, employeeMessages.notFound);
      refuseStaleVersion(input.version, version);
      // A save without a version may come after one that committed since `before` was read: it is
      // compared with, and written over, the employee as they are now.
      const stored = version === before.version ? before : await this.existing(trx, id);
      const beforeDetail = await this.withRates(trx, stored);
      if (isUnchangedEmployee(input, { ...beforeDetail, has_password: stored.password_hash !== null })) return version;

      const at = nowIso();
      if (input.rates && ratesChanged(beforeDetail.rates, input.rates)) {
        await replaceRates(trx, 'employee', id, input.rates);
        await recostRecords(trx, { employeeId: id });
      }
      await repository.update(trx, id, {
        ...savedColumns(input, newHash ?? stored.password_hash),
        ...(input.remove_pin ? { pin_hash: null } : newPinHash === null ? {} : { pin_hash: newPinHash }),
        ...(input.is_responsible === undefined ? {} : { is_responsible: input.is_responsible ? 1 : 0 }),
        updated_at: at,
        updated_by: actor.employeeId,
      });
      // Whoever signed in as this employee before must sign in again with what holds now; the
      // administrator editing themself keeps the session they are editing from.
      const loginEnded = stored.use_login === 1 && !input.use_login;
      const pinChanged = newPinHash !== null || (input.remove_pin === true && stored.pin_hash !== null);
      if (loginEnded || newHash !== null || pinChanged) await this.context.sessions.endAllOf(id, actor.sessionId, trx);

      const after = {
        ...(await this.withRates(trx, await this.existing(trx, id))),
        password_changed: newHash !== null,
        pin_changed: pinChanged,
      };
      await writeAudit(trx, {
        entity: AUDIT_ENTITY,
        entityId: id,
        action: 'update',
        actorId: actor.employeeId,
        at,
        before: beforeDetail,
        after,
      });
      return version + 1;
    });
  }

  async delete(id: number, actor: Actor): Promise<void> {
    if (id === actor.employeeId) throw new HttpError(403, employeeMessages.cannotDeleteSelf);
    await this.transaction(async (trx) => {
      const before = await this.existing(trx, id);
      if (isSignInAdministrator(before)) await this.refuseLastAdministrator(trx, id, employeeMessages.lastAdministratorDelete);
      const at = nowIso();
      await repository.softDelete(trx, id, at, actor.employeeId);
      await this.context.sessions.endAllOf(id, undefined, trx);
      await writeAudit(trx, {
        entity: AUDIT_ENTITY,
        entityId: id,
        action: 'delete',
        actorId: actor.employeeId,
        at,
        before: detailOf(before),
      });
    });
  }

  private async withRates(db: Kysely<Database>, row: Parameters<typeof detailOf>[0]): Promise<Omit<EmployeeDetail, 'version'>> {
    return { ...detailOf(row), rates: await findRates(db, 'employee', row.id) };
  }

  /** Hashed before the transaction opens: argon2id takes a while, and SQLite has one writer. */
  private async hashOf(input: EmployeeInput): Promise<string | null> {
    return input.use_login && input.password !== '' ? hashPassword(input.password) : null;
  }

  /** The PIN is hashed like the password, argon2id, whether or not the employee signs in with a password. */
  private async pinHashOf(input: EmployeeInput): Promise<string | null> {
    return input.pin !== '' ? hashPassword(input.pin) : null;
  }

  /** One transaction; a user ID taken by a request that committed first is a 409 too, never a 500. */
  private async transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    try {
      return await this.context.db.transaction().execute(work);
    } catch (error) {
      if (repository.isUserNameConflict(error)) throw new HttpError(409, employeeMessages.userNameTaken);
      throw error;
    }
  }

  private async existing(db: Kysely<Database>, id: number): Promise<Employee> {
    const row = await repository.findActive(db, id);
    if (!row) throw new HttpError(404, employeeMessages.notFound);
    return row;
  }

  private async refuseTakenUserName(db: Kysely<Database>, input: EmployeeInput, exceptId?: number): Promise<void> {
    if (input.use_login && (await repository.userNameTaken(db, input.user_name, exceptId))) {
      throw new HttpError(409, employeeMessages.userNameTaken);
    }
  }

  private async refuseLastAdministrator(db: Kysely<Database>, id: number, message: string): Promise<void> {
    const administrators = await repository.signInAdministratorIds(db, this.context.engine);
    if (administrators.every((administratorId) => administratorId === id)) throw new HttpError(409, message);
  }
}
