import type { Kysely } from 'kysely';
import { masterMessages, OTHER_INTERRUPTION_ID, type NamedMasterDefinition, type NamedMasterInput } from '../../../domain/masters.ts';
import { sameName } from '../../../domain/name-key.ts';
import { ratesChanged, type RateItem } from '../../../domain/rates.ts';
import { isUnchangedNamedMaster } from '../../../domain/unchanged-master.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { nowIso } from '../../db/bootstrap.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, refuseStaleVersion } from '../../errors.ts';
import { recostRecords } from '../../records/analytic-repository.ts';
import { findRates, replaceRates } from '../../records/rates-repository.ts';
import * as repository from './masters-repository.ts';

/**
 * The rules of a master that is a name: trimmed, unique among active items (under nameKey), saved
 * over the version that was read, soft-deleted.
 */
export class NamedMasterService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
    private readonly definition: NamedMasterDefinition,
    private readonly table: repository.NamedMasterTable,
  ) {}

  list() {
    return repository.listActive(this.db, this.table).then((rows) => rows.map(({ display_order: _, ...item }) => item));
  }

  /**
   * The item with its version; a machine with its rates too. The row is read before the rates: a save
   * landing between the two reads gives newer rates under the older version, which a save sending
   * that version is refused over, never older rates under the newer version.
   */
  async get(id: number) {
    const row = await repository.findActive(this.db, this.table, id);
    if (!row) throw new HttpError(404, masterMessages.notFound(this.definition.noun));
    const { display_order: _, ...item } = row;
    return this.definition.hasRates ? { ...item, rates: await findRates(this.db, 'machine', id) } : item;
  }

  create(input: NamedMasterInput, actorId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await this.refuseDuplicate(trx, input.name);
      const at = nowIso();
      const values = this.stored(input);
      const id = await repository.insert(trx, this.table, {
        ...values,
        at,
        by: actorId,
        display_order: await repository.nextDisplayOrder(trx, this.table),
      });
      const rates = await this.keepRates(trx, id, input, []);
      await writeAudit(trx, { entity: this.table, entityId: id, action: 'create', actorId, at, after: { ...values, ...rates?.after } });
      return id;
    });
  }

  /**
   * With the version the form read, an item saved by someone else since is refused (409) and left as
   * it is: the form would otherwise put back what it showed, a machine's rates among them. A name is
   * checked for twins only when it changes under nameKey: an item that already has a twin (saved
   * before names were compared this way) keeps its name, rates and category savable, since such a
   * save makes nothing more alike than it was; renaming either of the two, to anything else, is
   * checked as any rename. A save that changes nothing (isUnchangedNamedMaster) writes nothing, so
   * that the item keeps its version and a colleague's form open on it stays savable. Answers the
   * item's version after the save.
   */
  update(id: number, input: NamedMasterInput, actorId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await repository.lockActive(trx, this.engine, this.table, id);
      if (!locked) throw new HttpError(404, masterMessages.notFound(this.definition.noun));
      const { version, ...before } = locked;
      refuseStaleVersion(input.version, version);
      const storedRates = this.definition.hasRates ? await findRates(trx, 'machine', id) : [];
      if (isUnchangedNamedMaster(this.definition, input, { ...before, rates: storedRates })) return version;
      if (!sameName(input.name, before.name)) await this.refuseDuplicate(trx, input.name, id);
      const at = nowIso();
      const values = this.stored(input);
      await repository.update(trx, this.table, id, { ...values, at, by: actorId });
      const rates = await this.keepRates(trx, id, input, storedRates);
      if (this.definition.hasCategory && before.category !== values.category) await recostRecords(trx, { interruptionId: id });
      await writeAudit(trx, {
        entity: this.table,
        entityId: id,
        action: 'update',
        actorId,
        at,
        before: { ...before, ...rates?.before },
        after: { ...before, ...values, ...rates?.after },
      });
      return version + 1;
    });
  }

  delete(id: number, actorId: number): Promise<void> {
    if (this.table === 'interruptions' && id === OTHER_INTERRUPTION_ID) {
      throw new HttpError(409, masterMessages.otherCannotBeDeleted);
    }
    return this.db.transaction().execute(async (trx) => {
      const before = await this.existing(trx, id);
      const at = nowIso();
      await repository.softDelete(trx, this.table, id, at, actorId);
      await writeAudit(trx, { entity: this.table, entityId: id, action: 'delete', actorId, at, before });
    });
  }

  /** What the table keeps of an input: a reading only where the master has one, so the audit log shows no field that was not stored. */
  private stored(input: NamedMasterInput): { name: string; phonetic_name?: string; category?: 'planned' | 'unplanned' } {
    return {
      name: input.name,
      ...(this.definition.hasPhoneticName ? { phonetic_name: input.phonetic_name ?? '' } : {}),
      ...(this.definition.hasCategory ? { category: input.category } : {}),
    };
  }

  /** A machine's rates when the payload gives them other than `before`, and the finished records they cost worked out again. */
  private async keepRates(db: Kysely<Database>, id: number, input: NamedMasterInput, before: readonly RateItem[]) {
    if (!this.definition.hasRates || input.rates === undefined) return undefined;
    if (!ratesChanged(before, input.rates)) return undefined;
    await replaceRates(db, 'machine', id, input.rates);
    await recostRecords(db, { machineId: id });
    return { before: { rates: before }, after: { rates: input.rates } };
  }

  /** The item as the audit log keeps it: without its version. */
  private async existing(db: Kysely<Database>, id: number) {
    const row = await repository.findActive(db, this.table, id);
    if (!row) throw new HttpError(404, masterMessages.notFound(this.definition.noun));
    const { version: _, ...item } = row;
    return item;
  }

  private async refuseDuplicate(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
    if (await repository.nameTaken(db, this.engine, this.table, name, exceptId)) {
      throw new HttpError(409, masterMessages.duplicate(this.definition.noun));
    }
  }
}
