import type { Kysely, Selectable } from 'kysely';
import {
  workMessages,
  type FinishFields,
  type InterruptRequest,
  type StartRequest,
  type LoadedWorkRecord,
  type WorkActionResult,
  type WorkRecord,
} from '../../../domain/product-cost.ts';
import { acceptPressTime, pressMessages } from '../../../domain/pressed-at.ts';
import { defectiveRate, totalDefective } from '../../../domain/product-cost-metrics.ts';
import { toWorkshopIso, toWorkshopIsoOrNull } from '../../../domain/time.ts';
import { isStale } from '../../../domain/settings.ts';
import { fullName } from '../../../domain/user.ts';
import { applyAction, deriveState, isAllowed, type OpenPeriods, type WorkAction } from '../../../domain/work-state.ts';
import { writeAudit } from '../../audit/audit-log.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { EventPublisher } from '../../events/event-bus.ts';
import type { KeepAnswer } from '../../idempotency/idempotency-service.ts';
import { keptValues, workersName } from '../../records/record-totals.ts';
import { addToRollup } from '../../records/analytic-rollup-repository.ts';
import { findPeriodRows, type LockedRecord } from '../../records/record-repository.ts';
import { staleAfterHoursOf } from '../../settings/settings-repository.ts';
import * as repository from './work-repository.ts';

type Db = Kysely<Database>;

interface ActionContext {
  trx: Db;
  record: LockedRecord;
  open: repository.OpenPeriodRows;
  /** The server's clock, never earlier than what the record already holds; or the accepted time of a press sent later. */
  at: string;
  actorId: number;
  /** Whether the reason the action names is active (false when it names none). */
  reasonActive: boolean;
}

/** The columns of a record that the work screen shows. */
type WorkRecordRow = Pick<
  Selectable<Database['product_costs']>,
  | 'id'
  | 'slip_no'
  | 'paper_size_id'
  | 'processing_id'
  | 'processing_detail_id'
  | 'machine_id'
  | 'company_id'
  | 'started_on'
  | 'finished_on'
  | 'superior'
  | 'wound'
  | 'size'
  | 'miss'
  | 'other'
  | 'process2'
  | 'version'
>;

const noOpenPeriodRows: repository.OpenPeriodRows = { setup: undefined, setupBreak: undefined, workBreak: undefined, nowork: undefined };

const openFlags = (record: LockedRecord, open: repository.OpenPeriodRows): OpenPeriods => ({
  finished: record.finished_on !== null,
  setup: open.setup !== undefined,
  setupBreak: open.setupBreak !== undefined,
  workBreak: open.workBreak !== undefined,
  nowork: open.nowork !== undefined,
});

/**
 * Every work action (docs/PRODUCT.md#work-states). Each runs in one transaction on the server's clock, derives the
 * record's state again from its open periods, and refuses with 409 what that state does not allow —
 * a second press, a second tablet, a finished record.
 */
export class WorkService {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly timeZone: string,
    private readonly events: EventPublisher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The answer is built from what was just written, not read back: starting is the busiest call. */
  async start(
    input: StartRequest,
    actorId: number,
    keep?: KeepAnswer,
    pressedAt?: string,
  ): Promise<WorkActionResult & { product_cost: WorkRecord }> {
    const { answer, announce } = await this.db.transaction().execute(async (trx) => {
      const workers = await this.checkStartReferences(trx, input);
      const at = pressedAt === undefined ? this.clock().toISOString() : this.pressTime(pressedAt);
      const values = {
        slip_no: input.slip_no,
        paper_size_id: input.paper_size_id,
        processing_id: input.processing_id,
        processing_detail_id: input.processing_detail_id,
        machine_id: input.machine_id,
        company_id: input.company_id,
        started_on: at,
        finished_on: null,
        superior: input.superior,
        wound: input.wound,
        size: input.size,
        miss: input.miss,
        other: input.other,
        process2: input.process2 ?? null,
        workers_name: workersName(workers),
        created_at: at,
        created_by: actorId,
        updated_at: at,
        updated_by: actorId,
      };
      const id = await repository.insertRecord(trx, values);
      await repository.insertWorkers(trx, id, [...new Set(input.employees)]);
      if (pressedAt !== undefined) await this.auditPress(trx, id, 'start', 'create', at, actorId);
      const record = this.toWorkRecord({ ...values, id, version: 1 }, workers, noOpenPeriodRows);
      const answer = { result: true as const, state: record.state, product_cost: record };
      await keep?.(trx, answer);
      return { answer, announce: await this.events.store(trx, { type: 'start', product_cost_id: id, state: answer.state, at }) };
    });
    announce();
    return answer;
  }

  startSetup(recordId: number, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act({ recordId }, 'setupStart', actorId, { keep, pressedAt }, async ({ trx, record, at }) => ({
      setup_time_id: await repository.openSetup(trx, record.id, at, actorId),
    }));
  }

  finishSetup(setupId: number, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act({ table: 'setup_times', periodId: setupId }, 'setupFinish', actorId, { keep, pressedAt }, async ({ trx, open, at }) => {
      this.requireOpen(open.setup?.id, setupId);
      await repository.closeSetup(trx, setupId, at, actorId);
      return {};
    });
  }

  breakSetup(setupId: number, reason: InterruptRequest, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    const target = { table: 'setup_times', periodId: setupId } as const;
    return this.act(
      target,
      'setupBreak',
      actorId,
      { keep, pressedAt },
      async ({ trx, record, open, at, reasonActive }) => {
        this.requireOpen(open.setup?.id, setupId);
        this.requireActiveReason(reasonActive);
        return { setup_break_time_id: await repository.openSetupBreak(trx, record.id, setupId, this.reasonOf(reason), at, actorId) };
      },
      reason.interruption_id,
    );
  }

  restartSetup(setupBreakId: number, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act(
      { table: 'setup_break_times', periodId: setupBreakId },
      'setupRestart',
      actorId,
      { keep, pressedAt },
      async ({ trx, open, at }) => {
        this.requireOpen(open.setupBreak?.id, setupBreakId);
        await repository.closeSetupBreak(trx, setupBreakId, at, actorId);
        return {};
      },
    );
  }

  breakWork(recordId: number, reason: InterruptRequest, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act(
      { recordId },
      'break',
      actorId,
      { keep, pressedAt },
      async ({ trx, record, at, reasonActive }) => {
        this.requireActiveReason(reasonActive);
        return { break_time_id: await repository.openWorkBreak(trx, record.id, this.reasonOf(reason), at, actorId) };
      },
      reason.interruption_id,
    );
  }

  restartWork(breakId: number, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act({ table: 'break_times', periodId: breakId }, 'restart', actorId, { keep, pressedAt }, async ({ trx, open, at }) => {
      this.requireOpen(open.workBreak?.id, breakId);
      await repository.closeWorkBreak(trx, breakId, at, actorId);
      return {};
    });
  }

  /** End of day saves the counts it carries, so that the day's progress is on record. */
  startNowork(recordId: number, fields: FinishFields, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act({ recordId }, 'noworkStart', actorId, { keep, pressedAt }, async ({ trx, record, at }) => ({
      nowork_time_id: await repository.openNowork(trx, record.id, at, actorId),
      changes: countChanges(fields),
    }));
  }

  finishNowork(noworkId: number, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act(
      { table: 'nowork_times', periodId: noworkId },
      'noworkFinish',
      actorId,
      { keep, pressedAt },
      async ({ trx, open, at }) => {
        this.requireOpen(open.nowork?.id, noworkId);
        await repository.closeNowork(trx, noworkId, at, actorId);
        return {};
      },
    );
  }

  /** Finishing keeps the record's totals on it, so that lists and exports need not read its periods. */
  finish(recordId: number, fields: FinishFields, actorId: number, keep?: KeepAnswer, pressedAt?: string) {
    return this.act({ recordId }, 'finish', actorId, { keep, pressedAt }, async ({ trx, record, at }) => ({
      changes: {
        ...countChanges(fields),
        finished_on: at,
        ...(await keptValues(trx, { ...record, finished_on: at }, this.timeZone, { wasInProgress: true })),
      },
    }));
  }

  /** The record as the work screen loads it, with its state, open periods and 要確認 (by the list's rule). */
  async get(recordId: number): Promise<LoadedWorkRecord> {
    const found = await repository.findRecordWithWorkers(this.db, recordId);
    if (!found) throw new HttpError(404, workMessages.recordNotFound);
    const { record } = found;
    const view = this.toWorkRecord(record, found.workers, await repository.findOpenPeriods(this.db, recordId));
    return { ...view, stale: isStale(view.state, record.updated_at, this.clock(), staleAfterHoursOf(record.stale_after_hours)) };
  }

  /** The work screen's shape of a record (docs/PRODUCT.md#records-and-periods): its fields, state and open periods. */
  private toWorkRecord(
    record: WorkRecordRow,
    workers: ReadonlyArray<{ id: number; last_name: string; first_name: string }>,
    open: repository.OpenPeriodRows,
  ): WorkRecord {
    const counts = { superior: record.superior, wound: record.wound, size: record.size, miss: record.miss, other: record.other };
    return {
      id: record.id,
      slip_no: record.slip_no,
      employees: workers.map((worker) => ({ id: worker.id, name: fullName(worker) })),
      paper_size_id: record.paper_size_id,
      processing_id: record.processing_id,
      processing_detail_id: record.processing_detail_id,
      machine_id: record.machine_id,
      company_id: record.company_id,
      started_on: toWorkshopIso(record.started_on, this.timeZone),
      finished_on: toWorkshopIsoOrNull(record.finished_on, this.timeZone),
      ...counts,
      total_defective: totalDefective(counts),
      defective_rate: defectiveRate(counts),
      process2: record.process2,
      state: deriveState(openFlags(record, open)),
      version: record.version,
      setup_time: open.setup ? { id: open.setup.id } : null,
      setup_break_time: open.setupBreak
        ? {
            id: open.setupBreak.id,
            interruption_id: open.setupBreak.interruption_id,
            interruption_other: open.setupBreak.interruption_other,
          }
        : null,
      break_time: open.workBreak
        ? { id: open.workBreak.id, interruption_id: open.workBreak.interruption_id, interruption_other: open.workBreak.interruption_other }
        : null,
      nowork_time: open.nowork ? { id: open.nowork.id, finished_on: null } : null,
    };
  }

  /**
   * The frame of every action on an existing record: lock it, derive its state from its open
   * periods, refuse what that state forbids, do the action, move the record's version on, and keep
   * the answer for the request's idempotency key in the same transaction. The record, its open
   * periods and the action's reason are read in one statement.
   */
  private async act<Answer extends Partial<WorkActionResult>>(
    target: repository.ActionTarget,
    action: WorkAction,
    actorId: number,
    { keep, pressedAt }: { keep?: KeepAnswer; pressedAt?: string },
    perform: (context: ActionContext) => Promise<Answer & { changes?: Parameters<typeof repository.touchRecord>[2] }>,
    reasonId?: number,
  ): Promise<WorkActionResult & Omit<Answer, 'changes'>> {
    const { result, announce } = await this.db.transaction().execute(async (trx) => {
      const locked = await repository.lockForAction(trx, this.engine, target, reasonId);
      if (!locked) throw new HttpError(404, workMessages.recordNotFound);
      const { record, open, reasonActive } = locked;
      const flags = openFlags(record, open);
      if (!isAllowed(deriveState(flags), action)) throw new HttpError(409, workMessages.notAllowedNow);
      const at =
        pressedAt === undefined
          ? notBefore(this.clock(), latestMoment(record, open))
          : this.pressTime(pressedAt, await latestRecordedMoment(trx, record));
      const { changes, ...answer } = await perform({ trx, record, open, at, actorId, reasonActive });
      await repository.touchRecord(trx, record.id, changes ?? {}, at, actorId, record.version);
      // A record just finished joins the sums 分析 reads.
      if (changes?.finished_on) await addToRollup(trx, record.id);
      if (pressedAt !== undefined) await this.auditPress(trx, record.id, action, 'update', at, actorId);
      const result = { result: true as const, state: deriveState(applyAction(flags, action)), ...answer };
      await keep?.(trx, result);
      return { result, announce: await this.events.store(trx, { type: action, product_cost_id: record.id, state: result.state, at }) };
    });
    announce();
    return result;
  }

  /** The accepted time of a press sent from a tablet's outbox (docs/PRODUCT.md#offline-presses), or 409 with why not. */
  private pressTime(pressedAt: string, latest?: string): string {
    const accepted = acceptPressTime(pressedAt, this.clock(), latest);
    if ('refused' in accepted) throw new HttpError(409, accepted.refused);
    return accepted.at;
  }

  /** Every press recorded from an outbox is marked in the audit log with both its times. */
  private auditPress(
    trx: Db,
    recordId: number,
    action: WorkAction | 'start',
    kind: 'create' | 'update',
    pressedAt: string,
    actorId: number,
  ) {
    const receivedAt = this.clock().toISOString();
    return writeAudit(trx, {
      entity: 'product_costs',
      entityId: recordId,
      action: kind,
      actorId,
      at: receivedAt,
      after: { note: pressMessages.recordedFromOutbox, action, pressed_at: pressedAt, received_at: receivedAt },
    });
  }

  /** A period id from a screen that fell behind (closed since, or another one) is refused. */
  private requireOpen(openId: number | undefined, givenId: number): void {
    if (openId !== givenId) throw new HttpError(409, workMessages.notAllowedNow);
  }

  private reasonOf(reason: InterruptRequest) {
    return { interruption_id: reason.interruption_id, interruption_other: reason.interruption_other || null };
  }

  private requireActiveReason(active: boolean): void {
    if (!active) throw new HttpError(400, workMessages.unknownInterruption);
  }

  /**
   * Every id of a new record must name an active item, and the detail must be of the processing:
   * checked in one statement, refused in this order.
   */
  private async checkStartReferences(trx: Db, input: StartRequest) {
    const workerIds = [...new Set(input.employees)];
    const workers = await repository.findStartReferences(trx, { ...input, employees: workerIds });
    if (workers.length !== workerIds.length) throw new HttpError(400, workMessages.unknownWorker);
    const [references] = workers;
    if (!references!.paper_size_active) throw new HttpError(400, workMessages.unknownPaperSize);
    if (!references!.detail_active) throw new HttpError(400, workMessages.unknownProcessing);
    if (!references!.machine_active) throw new HttpError(400, workMessages.unknownMachine);
    if (!references!.company_active) throw new HttpError(400, workMessages.unknownCompany);
    return workers;
  }
}

function countChanges(fields: FinishFields) {
  return {
    superior: fields.superior,
    wound: fields.wound,
    size: fields.size,
    miss: fields.miss,
    other: fields.other,
    ...(fields.process2 === undefined ? {} : { process2: fields.process2 }),
  };
}

/** The latest moment the record holds: a new period never starts or ends before it. */
function latestMoment(record: LockedRecord, open: repository.OpenPeriodRows): string {
  const moments = [
    record.started_on,
    open.setup?.started_on,
    open.setupBreak?.broken_on,
    open.workBreak?.broken_on,
    open.nowork?.started_on,
  ];
  return moments
    .filter((moment): moment is string => moment !== undefined)
    .sort()
    .at(-1)!;
}

/** The latest moment anywhere on the record, closed periods too: a press sent later may not go before it. */
async function latestRecordedMoment(trx: Db, record: LockedRecord): Promise<string> {
  const periods = await findPeriodRows(trx, record.id, 'all');
  const moments = periods.flatMap((period) => [period.opened_on, period.closed_on ?? '']);
  return [record.started_on, ...moments].sort().at(-1)!;
}

/** If the server's clock was set back, time on the record still only moves forward. */
function notBefore(now: Date, earliest: string): string {
  const at = now.toISOString();
  return at < earliest ? earliest : at;
}
