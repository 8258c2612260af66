import { createHmac, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { deletedName } from '../../../domain/masters.ts';
import { messages } from '../../../domain/messages.ts';
import { stationLimits, stationMessages, type CurrentStation, type StationInput, type StationItem } from '../../../domain/stations.ts';
import { toWorkshopIso, toWorkshopIsoOrNull } from '../../../domain/time.ts';
import { isUnchangedStation } from '../../../domain/unchanged-master.ts';
import { fullName, fullPhoneticName } from '../../../domain/user.ts';
import { newToken } from '../../auth/session-tokens.ts';
import { stationTokenHash } from '../../auth/station-cookie.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, refuseStaleVersion } from '../../errors.ts';
import * as repository from './stations-repository.ts';

type Db = Kysely<Database>;

const AUDIT_ENTITY = 'stations';

/** The one-time code as shown once, and until when it binds. */
export interface IssuedCode {
  id: number;
  code: string;
  code_expires_at: string;
}

/**
 * 端末 (docs/PRODUCT.md#stations): registering a tablet, its one-time code, and binding the tablet
 * with it. Codes and station cookies are kept only as keyed hashes.
 */
export class StationService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(): Promise<StationItem[]> {
    const now = this.clock().toISOString();
    return (await repository.listStations(this.db)).map((row) => ({
      id: row.id,
      name: row.name,
      machine_id: row.machine_id,
      // Kept by the station when its machine was deleted, never offered again: marked, not shown as in use.
      machine_name: row.machine_name !== null && row.machine_deleted_at !== null ? deletedName(row.machine_name) : row.machine_name,
      bound_at: toWorkshopIsoOrNull(row.bound_at, this.timeZone),
      code_expires_at: row.code_expires_at !== null && row.code_expires_at > now ? toWorkshopIso(row.code_expires_at, this.timeZone) : null,
      version: row.version,
    }));
  }

  /** A new station and its first one-time code. */
  create(input: StationInput, actorId: number): Promise<IssuedCode> {
    return this.db.transaction().execute(async (trx) => {
      await this.requireMachine(trx, input.machine_id);
      const at = this.clock().toISOString();
      const values = { name: input.name, machine_id: input.machine_id };
      const id = await repository.insertStation(trx, {
        ...values,
        token_hash: null,
        bound_at: null,
        created_at: at,
        created_by: actorId,
        updated_at: at,
        updated_by: actorId,
      });
      await writeAudit(trx, { entity: AUDIT_ENTITY, entityId: id, action: 'create', actorId, at, after: values });
      return this.issueCode(trx, id);
    });
  }

  /**
   * Over the version the list was read at, as a master's save (docs/API.md#masters): a station saved
   * since is refused (409). A save that keeps a machine deleted since is refused even when it changes
   * nothing; any other save that changes nothing (isUnchangedStation) writes nothing, no audit entry and
   * no new updated_at. Answers the station's version after the save, the one it stands at when unchanged.
   */
  update(id: number, input: StationInput, actorId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { version, ...before } = await this.existing(trx, id);
      refuseStaleVersion(input.version, version);
      await this.requireMachine(trx, input.machine_id);
      if (isUnchangedStation(input, before)) return version;
      const at = this.clock().toISOString();
      const values = { name: input.name, machine_id: input.machine_id };
      if (!(await repository.updateStation(trx, id, version, { ...values, at, by: actorId }))) throw new HttpError(409, messages.conflict);
      await writeAudit(trx, { entity: AUDIT_ENTITY, entityId: id, action: 'update', actorId, at, before, after: values });
      return version + 1;
    });
  }

  /** The tablet is no longer a station, and whoever signed in on it is signed out. */
  delete(id: number, actorId: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const { version: _, ...before } = await this.existing(trx, id);
      await repository.deleteStation(trx, id);
      await writeAudit(trx, { entity: AUDIT_ENTITY, entityId: id, action: 'delete', actorId, at: this.clock().toISOString(), before });
    });
  }

  /** 再登録: the tablet bound now is unbound, and a new code binds this or another tablet. */
  reissue(id: number, actorId: number): Promise<IssuedCode> {
    return this.db.transaction().execute(async (trx) => {
      const { version: _, ...before } = await this.existing(trx, id);
      const issued = await this.issueCode(trx, id);
      const at = this.clock().toISOString();
      await writeAudit(trx, {
        entity: AUDIT_ENTITY,
        entityId: id,
        action: 'update',
        actorId,
        at,
        before,
        after: { ...before, bound_at: null },
      });
      return issued;
    });
  }

  /** Uses up the code and binds the browser: answers the station and the token of its cookie. */
  async bind(code: string): Promise<{ station: CurrentStation; token: string }> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock().toISOString();
      const stationId = await repository.takeCode(trx, this.codeHash(code), now);
      if (stationId === undefined) throw new HttpError(400, stationMessages.codeWrong);
      const token = newToken();
      await repository.bindStation(trx, stationId, stationTokenHash(token, this.secret), now);
      const station = (await repository.findStation(trx, stationId))!;
      return { station: { id: station.id, name: station.name, machine_id: station.machine_id }, token };
    });
  }

  /** The tiles of a station: every employee with a PIN, by reading, and nothing more about them. */
  async workers() {
    return (await repository.listPinWorkers(this.db)).map((row) => ({
      id: row.id,
      name: fullName(row),
      phonetic_name: fullPhoneticName(row),
    }));
  }

  private async issueCode(trx: Db, stationId: number): Promise<IssuedCode> {
    const code = String(randomInt(0, 10 ** stationLimits.codeLength)).padStart(stationLimits.codeLength, '0');
    const expiresAt = new Date(this.clock().getTime() + stationLimits.codeLifetimeMs).toISOString();
    await repository.replaceCode(trx, stationId, this.codeHash(code), expiresAt);
    return { id: stationId, code, code_expires_at: toWorkshopIso(expiresAt, this.timeZone) };
  }

  private codeHash(code: string): string {
    return createHmac('sha256', this.secret).update(`station-code\0${code}`).digest('hex');
  }

  private async existing(db: Db, id: number) {
    const station = await repository.findStation(db, id);
    if (!station) throw new HttpError(404, stationMessages.notFound);
    return station;
  }

  private async requireMachine(db: Db, machineId: number | null): Promise<void> {
    if (machineId !== null && !(await repository.machineIsActive(db, machineId))) throw new HttpError(400, stationMessages.unknownMachine);
  }
}
