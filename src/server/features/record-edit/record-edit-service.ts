import type { Kysely } from 'kysely';
import { callWaitSeconds } from '../../../domain/calls.ts';
import {
  editMessages,
  validateRecordTimes,
  type DeletedChoices,
  type EditRecord,
  type RecordEdit,
} from '../../../domain/product-cost-edit.ts';
import { workMessages } from '../../../domain/product-cost.ts';
import { defectiveRate, totalDefective } from '../../../domain/product-cost-metrics.ts';
import { toWorkshopIso, toWorkshopIsoOrNull, workDate } from '../../../domain/time.ts';
import { masterIdsOf, readOutboxPress, readSnapshot, recordChanges, type MasterName } from '../../../domain/record-changes.ts';
import { isUnchangedEdit, type RecordContent } from '../../../domain/unchanged-edit.ts';
import { isStale } from '../../../domain/settings.ts';
import { fullName } from '../../../domain/user.ts';
import { deriveState, type WorkState } from '../../../domain/work-state.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import type { EventPublisher } from '../../events/event-bus.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { readSettings } from '../../settings/settings-repository.ts';
import * as repository from './record-edit-repository.ts';
import { addToRollup, removeFromRollup } from '../../records/analytic-rollup-repository.ts';
import { jobColumns } from '../../records/job-columns.ts';
import { endOpenCall } from '../../records/open-calls-repository.ts';
import { keptValues } from '../../records/record-totals.ts';
import { lockRecord, masterIdsAmong, type MasterTable } from '../../records/record-repository.ts';

type Db = Kysely<Database>;

/**
 * An administrator's corrections of a record (docs/PRODUCT.md#record-editor): read it whole, save it whole
 * over the version it was read at, or delete it. Every save that changes the record, and every delete,
 * is in the audit log; a save that changes nothing writes nothing.
 */
export class EditService {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly timeZone: string,
    private readonly events: EventPublisher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get(id: number): Promise<EditRecord> {
    const tree = await repository.findRecordTree(this.db, id);
    if (!tree) throw new HttpError(404, workMessages.recordNotFound);
    const [history, calls, deletedChoices, settings] = await Promise.all([
      this.history(id),
      repository.findCalls(this.db, id),
      this.deletedChoices(tree),
      readSettings(this.db),
    ]);
    const now = this.clock();
    const state = stateOf(tree);
    const nameOf = (last_name: string | null, first_name: string | null) => (last_name === null ? '' : fullName({ last_name, first_name }));
    return {
      ...this.view(tree),
      // As the list names the record: what the clerk came from, heading the editor as saved.
      state,
      work_date: workDate(tree.record.started_on, this.timeZone),
      stale: isStale(state, tree.record.updated_at, now, settings.stale_after_hours),
      // The screen shows and reads typed times in the workshop's zone, which need not be the browser's.
      time_zone: this.timeZone,
      history: history.map(({ entry, changes, pressed }) => ({
        id: entry.id,
        action: entry.action,
        at: toWorkshopIso(entry.at, this.timeZone),
        actor_name: nameOf(entry.last_name, entry.first_name),
        changes,
        pressed: pressed ? { action: pressed.action, pressed_at: toWorkshopIso(pressed.pressed_at, this.timeZone) } : null,
      })),
      calls: calls.map((call) => ({
        id: call.id,
        reason: call.reason,
        called_at: toWorkshopIso(call.called_at, this.timeZone),
        called_by_name: nameOf(call.caller_last_name, call.caller_first_name),
        answered_at: toWorkshopIsoOrNull(call.answered_at, this.timeZone),
        answered_by_name: nameOf(call.answerer_last_name, call.answerer_first_name),
        ended_by_finish: call.ended_with === 'finish',
        ended_with: call.ended_with,
        waited_seconds: callWaitSeconds(call.called_at, call.answered_at, now),
      })),
      deleted_choices: deletedChoices,
    };
  }

  /**
   * The record's audit entries, each correction with what it changed (docs/PRODUCT.md#record-editor), its masters
   * named as they are now, and each press a tablet sent later with its action and the time it was pressed. An entry
   * whose before or after does not read as a record (such a press, a shape of an older version) has no lines.
   */
  private async history(id: number) {
    const entries = await repository.findHistory(this.db, id);
    const read = entries.map((entry) =>
      entry.action === 'update' ? { before: readSnapshot(entry.before_json), after: readSnapshot(entry.after_json) } : {},
    );
    const ids = masterIdsOf(read.flatMap(({ before, after }) => [before, after]));
    const named = async (rows: Promise<Array<{ id: number } & MasterName>>) =>
      new Map((await rows).map(({ id: masterId, name, withdrawn }) => [masterId, { name, withdrawn }]));
    const [paper_sizes, processings, processing_details, machines, companies, interruptions] = await Promise.all([
      named(repository.namesAmong(this.db, 'paper_sizes', ids.paper_sizes)),
      named(repository.namesAmong(this.db, 'processings', ids.processings)),
      named(repository.detailNamesAmong(this.db, ids.processing_details)),
      named(repository.namesAmong(this.db, 'machines', ids.machines)),
      named(repository.namesAmong(this.db, 'companies', ids.companies)),
      named(repository.namesAmong(this.db, 'interruptions', ids.interruptions)),
    ]);
    const names = { paper_sizes, processings, processing_details, machines, companies, interruptions };
    return entries.map((entry, index) => ({
      entry,
      changes: recordChanges(read[index]!.before, read[index]!.after, names, this.timeZone),
      pressed: readOutboxPress(entry.after_json),
    }));
  }

  /** The record's masters that have left the selectors since, by name: the editor names them instead of a bare （削除済み）. */
  private async deletedChoices({ record, breaks, setupBreaks }: repository.RecordTree): Promise<DeletedChoices> {
    const named = (id: number | null) => (id === null ? [] : [id]);
    const reasons = [...new Set([...breaks, ...setupBreaks].map((row) => row.interruption_id))];
    const [paper_sizes, processings, processing_details, machines, companies, interruptions] = await Promise.all([
      repository.deletedAmong(this.db, 'paper_sizes', named(record.paper_size_id)),
      repository.deletedAmong(this.db, 'processings', named(record.processing_id)),
      repository.withdrawnDetailsAmong(this.db, named(record.processing_detail_id)),
      repository.deletedAmong(this.db, 'machines', named(record.machine_id)),
      repository.deletedAmong(this.db, 'companies', named(record.company_id)),
      repository.deletedAmong(this.db, 'interruptions', reasons),
    ]);
    return { paper_sizes, processings, processing_details, machines, companies, interruptions };
  }

  async update(id: number, input: RecordEdit, editorId: number): Promise<{ result: true; version: number }> {
    const checked = validateRecordTimes(input, this.timeZone, this.clock());
    if (!checked.ok) throw new HttpError(400, checked.message);
    const { times } = checked;
    const { answer, announce } = await this.db.transaction().execute(async (trx) => {
      const locked = await lockRecord(trx, this.engine, id);
      if (!locked) throw new HttpError(404, workMessages.recordNotFound);
      if (locked.version !== input.version) throw new HttpError(409, editMessages.conflict);
      const before = await repository.findRecordTree(trx, id);
      // Nothing to write: the version stays, so that a colleague's open editor can still save, and the
      // record's last correction stays, so that 要確認 does not go without one.
      if (isUnchangedEdit({ ...input, times }, contentOf(before!))) return { answer: { result: true as const, version: locked.version } };
      await this.checkReferences(trx, input);
      await removeFromRollup(trx, id);
      const at = this.clock().toISOString();
      const version = locked.version + 1;
      await repository.updateRecord(trx, id, {
        ...jobColumns(input),
        started_on: times.started_on,
        finished_on: times.finished_on,
        version,
        updated_at: at,
        updated_by: editorId,
      });
      await repository.replaceWorkers(trx, id, [...new Set(input.employees)]);
      await repository.replacePeriods(trx, before!, times, editorId);
      await repository.updateRecord(
        trx,
        id,
        await keptValues(
          trx,
          { id, started_on: times.started_on, finished_on: times.finished_on, machine_id: input.machine_id },
          this.timeZone,
        ),
      );
      await addToRollup(trx, id);
      // A correction that leaves the job finished or in 終業 ends its open call as 終了 and 終業 do, at the
      // finish or at the open 終業's start; one typed a little later than now (within
      // FUTURE_TIME_TOLERANCE_MS) ends it now: no call is answered in the future.
      const openNowork = times.nowork_times.find((nowork) => nowork.end === null);
      if (times.finished_on !== null) await endOpenCall(trx, id, { at: earlierOf(times.finished_on, at), endedWith: 'finish' });
      else if (openNowork) await endOpenCall(trx, id, { at: earlierOf(openNowork.start, at), endedWith: 'noworkStart' });
      const after = await repository.findRecordTree(trx, id);
      await writeAudit(trx, {
        entity: 'product_costs',
        entityId: id,
        action: 'update',
        actorId: editorId,
        at,
        before: this.view(before!),
        after: this.view(after!),
      });
      const event = { type: 'edit', product_cost_id: id, state: stateOf(after!), at } as const;
      return { answer: { result: true as const, version }, announce: await this.events.store(trx, event) };
    });
    announce?.();
    return answer;
  }

  /** With the version the screen read, a record changed since is not deleted unseen (409), as a save is not. */
  async delete(id: number, editorId: number, version: number | undefined): Promise<void> {
    const announce = await this.db.transaction().execute(async (trx) => {
      const locked = await lockRecord(trx, this.engine, id);
      if (!locked) throw new HttpError(404, workMessages.recordNotFound);
      if (version !== undefined && locked.version !== version) throw new HttpError(409, editMessages.conflict);
      const before = await repository.findRecordTree(trx, id);
      const at = this.clock().toISOString();
      await removeFromRollup(trx, id);
      await repository.softDeleteRecord(trx, id, at, editorId);
      await writeAudit(trx, { entity: 'product_costs', entityId: id, action: 'delete', actorId: editorId, at, before: this.view(before!) });
      return this.events.store(trx, { type: 'delete', product_cost_id: id, state: stateOf(before!), at });
    });
    announce();
  }

  /** The whole record (docs/API.md#edit-administrators): machine_id and company_id included, times with the workshop's offset. */
  private view(
    tree: repository.RecordTree,
  ): Omit<EditRecord, 'state' | 'work_date' | 'stale' | 'time_zone' | 'history' | 'calls' | 'deleted_choices'> {
    const { record } = tree;
    const iso = (value: string) => toWorkshopIso(value, this.timeZone);
    const isoOrNull = (value: string | null) => toWorkshopIsoOrNull(value, this.timeZone);
    const counts = { superior: record.superior, wound: record.wound, size: record.size, miss: record.miss, other: record.other };
    const breakView = (row: {
      id: number;
      broken_on: string;
      restarted_on: string | null;
      interruption_id: number;
      interruption_other: string | null;
    }) => ({
      id: row.id,
      broken_on: iso(row.broken_on),
      restarted_on: isoOrNull(row.restarted_on),
      interruption_id: row.interruption_id,
      interruption_other: row.interruption_other,
    });
    return {
      id: record.id,
      version: record.version,
      slip_no: record.slip_no,
      employees: tree.workers.map((worker) => ({ id: worker.id, name: fullName(worker) })),
      paper_size_id: record.paper_size_id,
      processing_id: record.processing_id,
      processing_detail_id: record.processing_detail_id,
      machine_id: record.machine_id,
      company_id: record.company_id,
      started_on: iso(record.started_on),
      finished_on: isoOrNull(record.finished_on),
      break_times: tree.breaks.map(breakView),
      setup_times: tree.setups.map((setup) => ({
        id: setup.id,
        started_on: iso(setup.started_on),
        finished_on: isoOrNull(setup.finished_on),
        setup_break_times: tree.setupBreaks.filter((row) => row.setup_time_id === setup.id).map(breakView),
      })),
      nowork_times: tree.noworks.map((nowork) => ({
        id: nowork.id,
        started_on: iso(nowork.started_on),
        finished_on: isoOrNull(nowork.finished_on),
      })),
      ...counts,
      total_defective: totalDefective(counts),
      defective_rate: defectiveRate(counts),
      process2: record.process2,
    };
  }

  /** Every id must name an existing item; one deleted since still counts, so old records stay savable. */
  private async checkReferences(trx: Db, input: RecordEdit): Promise<void> {
    const workers = [...new Set(input.employees)];
    if ((await masterIdsAmong(trx, 'employees', workers, 'any')).size !== workers.length)
      throw new HttpError(400, workMessages.unknownWorker);
    const single: Array<[MasterTable, number | null, string]> = [
      ['paper_sizes', input.paper_size_id, workMessages.unknownPaperSize],
      ['processings', input.processing_id, workMessages.unknownProcessing],
      ['machines', input.machine_id, workMessages.unknownMachine],
      ['companies', input.company_id, workMessages.unknownCompany],
    ];
    for (const [table, id, message] of single) {
      if (id !== null && !(await masterIdsAmong(trx, table, [id], 'any')).has(id)) throw new HttpError(400, message);
    }
    if (input.processing_detail_id !== null && (await repository.detailOf(trx, input.processing_detail_id)) !== input.processing_id) {
      throw new HttpError(400, workMessages.unknownProcessing);
    }
    const reasons = [...input.break_times, ...input.setup_times.flatMap((s) => s.setup_break_times)].map((b) => Number(b.interruption_id));
    const known = await masterIdsAmong(trx, 'interruptions', [...new Set(reasons)], 'any');
    if (reasons.some((reason) => !known.has(reason))) throw new HttpError(400, workMessages.unknownInterruption);
  }
}

/** The state a record's periods put it in: corrected times may open or close any of them. */
function stateOf(tree: repository.RecordTree): WorkState {
  return deriveState({
    finished: tree.record.finished_on !== null,
    setup: tree.setups.some((setup) => setup.finished_on === null),
    setupBreak: tree.setupBreaks.some((row) => row.restarted_on === null),
    workBreak: tree.breaks.some((row) => row.restarted_on === null),
    nowork: tree.noworks.some((nowork) => nowork.finished_on === null),
  });
}

/** The record as stored, as a correction would write it: what an edit is compared with. */
function contentOf({ record, workers, breaks, setups, setupBreaks, noworks }: repository.RecordTree): RecordContent {
  const period = (row: { id: number; started_on: string; finished_on: string | null }) => ({
    id: row.id,
    start: row.started_on,
    end: row.finished_on,
  });
  const interruption = (row: repository.RecordTree['breaks'][number]) => ({
    id: row.id,
    start: row.broken_on,
    end: row.restarted_on,
    interruption_id: row.interruption_id,
    interruption_other: row.interruption_other,
  });
  return {
    ...jobColumns(record),
    employees: workers.map((worker) => worker.id),
    times: {
      started_on: record.started_on,
      finished_on: record.finished_on,
      break_times: breaks.map(interruption),
      setup_times: setups.map((setup) => ({
        ...period(setup),
        setup_break_times: setupBreaks.filter((row) => row.setup_time_id === setup.id).map(interruption),
      })),
      nowork_times: noworks.map(period),
    },
  };
}

/** The earlier of two moments as stored (ISO 8601 in UTC). */
function earlierOf(first: string, second: string): string {
  return Date.parse(first) <= Date.parse(second) ? first : second;
}
