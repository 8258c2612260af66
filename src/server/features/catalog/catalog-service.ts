import type { Kysely } from 'kysely';
import type { SelectorItem } from '../../../domain/masters.ts';
import {
  duplicateDetail,
  processingMessages,
  type ProcessingDetailItem,
  type ProcessingInput,
  type ProcessingItem,
} from '../../../domain/catalog.ts';
import { messages } from '../../../domain/messages.ts';
import { sameName } from '../../../domain/name-key.ts';
import { isUnchangedProcessing } from '../../../domain/unchanged-master.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import { nowIso } from '../../db/bootstrap.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, refuseStaleVersion } from '../../errors.ts';
import { namedMasterStore as masters } from '../masters/index.ts';
import * as repository from './catalog-repository.ts';

const table = 'processings';

/**
 * A processing and its details are saved as one, over the processing's version that was read: the
 * form's list of details is the truth, in its order. Nothing is hard-deleted, so work records that
 * name a removed item still show its name.
 */
export class ProcessingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  async list(): Promise<SelectorItem[]> {
    return (await masters.listActive(this.db, table)).map(({ id, name }) => ({ id, name }));
  }

  /** With its version, read before the details, as a machine's before its rates (NamedMasterService.get). */
  get(id: number): Promise<ProcessingItem> {
    return this.existing(this.db, id);
  }

  detailSelector(processingId?: number) {
    return repository.detailSelector(this.db, processingId);
  }

  create(input: ProcessingInput, actorId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await this.refuseDuplicate(trx, input.name);
      const at = nowIso();
      const display_order = await masters.nextDisplayOrder(trx, table);
      const id = await masters.insert(trx, table, { name: input.name, display_order, at, by: actorId });
      const details = await this.saveDetails(trx, id, input.details, at, actorId);
      await writeAudit(trx, { entity: table, entityId: id, action: 'create', actorId, at, after: { name: input.name, details } });
      return id;
    });
  }

  /**
   * Refused (409) once the processing has been saved since the version the form read, details
   * included; its name is checked for twins only when it changes, as a named master's is
   * (NamedMasterService.update), and its details as duplicateDetail says. A save that changes
   * nothing (isUnchangedProcessing) writes nothing and keeps the version. Answers the version after
   * the save.
   */
  update(id: number, input: ProcessingInput, actorId: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const locked = await masters.lockActive(trx, this.engine, table, id);
      if (!locked) throw new HttpError(404, processingMessages.notFound);
      refuseStaleVersion(input.version, locked.version);
      const { id: _, version: __, ...before } = await this.existing(trx, id);
      if (isUnchangedProcessing(input, before)) return locked.version;
      if (!sameName(input.name, before.name)) await this.refuseDuplicate(trx, input.name, id);
      const at = nowIso();
      const details = await this.saveDetails(trx, id, input.details, at, actorId);
      await masters.update(trx, table, id, { name: input.name, at, by: actorId });
      await writeAudit(trx, { entity: table, entityId: id, action: 'update', actorId, at, before, after: { name: input.name, details } });
      return locked.version + 1;
    });
  }

  /** The details stay as they were: hidden with their processing, and back with it should it ever return. */
  delete(id: number, actorId: number): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      const { id: _, version: __, ...before } = await this.existing(trx, id);
      const at = nowIso();
      await masters.softDelete(trx, table, id, at, actorId);
      await writeAudit(trx, { entity: table, entityId: id, action: 'delete', actorId, at, before });
    });
  }

  /**
   * Renames the listed details, adds those without an id, removes the active ones left out, and
   * numbers them in list order. Every id is checked before anything is written.
   */
  private async saveDetails(
    trx: Kysely<Database>,
    processingId: number,
    details: ProcessingInput['details'],
    at: string,
    by: number,
  ): Promise<ProcessingDetailItem[]> {
    const rows = new Map((await repository.listDetails(trx, processingId)).map((row) => [row.id, row]));
    for (const detail of details) {
      if (detail.id === null) continue;
      const row = rows.get(detail.id);
      if (!row) throw new HttpError(404, processingMessages.detailNotFound);
      // Removed by someone else since this form was opened.
      if (row.deleted_at !== null) throw new HttpError(409, messages.conflict);
    }
    const stored = new Map([...rows.values()].filter((row) => row.deleted_at === null).map((row) => [row.id, row.name]));
    const duplicate = duplicateDetail(details, stored);
    if (duplicate) throw new HttpError(400, duplicate.message);

    const listed = new Set(details.map((detail) => detail.id));
    const removed = [...rows.values()].filter((row) => row.deleted_at === null && !listed.has(row.id)).map((row) => row.id);
    await repository.softDeleteDetails(trx, removed, at, by);

    const saved: ProcessingDetailItem[] = [];
    for (const [index, detail] of details.entries()) {
      const display_order = index + 1;
      const row = detail.id === null ? undefined : rows.get(detail.id);
      const standards = { standard_speed: detail.standard_speed, standard_setup_minutes: detail.standard_setup_minutes };
      if (!row) {
        const id = await repository.insertDetail(trx, {
          processing_id: processingId,
          name: detail.name,
          display_order,
          ...standards,
          at,
          by,
        });
        saved.push({ id, name: detail.name, ...standards });
        continue;
      }
      const changed =
        row.name !== detail.name ||
        row.display_order !== display_order ||
        row.standard_speed !== standards.standard_speed ||
        row.standard_setup_minutes !== standards.standard_setup_minutes;
      if (changed) await repository.updateDetail(trx, row.id, { name: detail.name, display_order, ...standards, at, by });
      saved.push({ id: row.id, name: detail.name, ...standards });
    }
    return saved;
  }

  private async existing(db: Kysely<Database>, id: number): Promise<ProcessingItem> {
    const processing = await masters.findActive(db, table, id);
    if (!processing) throw new HttpError(404, processingMessages.notFound);
    const details = (await repository.listDetails(db, id))
      .filter((row) => row.deleted_at === null)
      .map((row) => ({
        id: row.id,
        name: row.name,
        standard_speed: row.standard_speed,
        standard_setup_minutes: row.standard_setup_minutes,
      }));
    return { id: processing.id, name: processing.name, details, version: processing.version };
  }

  private async refuseDuplicate(db: Kysely<Database>, name: string, exceptId?: number): Promise<void> {
    if (await masters.nameTaken(db, this.engine, table, name, exceptId)) throw new HttpError(409, processingMessages.duplicate);
  }
}
