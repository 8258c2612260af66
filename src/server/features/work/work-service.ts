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
import type { StopTime } from '../../../domain/analytics.ts';
import { callEndingActions } from '../../../domain/calls.ts';
import { acceptPressTime, pressMessages } from '../../../domain/pressed-at.ts';
import { defectiveRate, totalDefective } from '../../../domain/product-cost-metrics.ts';
import { toWorkshopIso, toWorkshopIsoOrNull } from '../../../domain/time.ts';
import { isStale } from '../../../domain/settings.ts';
import { SLIP_DEFAULTS_DAYS, type SlipDefaults } from '../../../domain/slip-defaults.ts';
import { fullName } from '../../../domain/user.ts';
import { applyAction, deriveState, isAllowed, type OpenPeriods, type WorkAction } from '../../../domain/work-state.ts';
import { auditRow, writeAudit, type AuditEntry } from '../../audit/audit-log.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import type { EventPublisher } from '../../events/event-bus.ts';
import type { KeepAnswer } from '../../idempotency/idempotency-service.ts';
import { jobColumns, type JobColumn } from '../../records/job-columns.ts';
import { finishedFigures, indexPeriods, totalsOf, workersName } from '../../records/record-totals.ts';
import { replaceStops } from '../../records/analytic-repository.ts';
import { addToRollup } from '../../records/analytic-rollup-repository.ts';
import { endOpenCall } from '../../records/open-calls-repository.ts';
import { findPeriodRows, periodsOfRows, type LockedRecord } from '../../records/record-repository.ts';
import { staleAfterHoursOf } from '../../settings/settings-repository.ts';
import * as writes from './one-statement-repository.ts';
import * as repository from './work-repository.ts';
import { findSlipDefaults } from './slip-defaults-repository.ts';

type Db = Kysely<Database>;

interface ActionContext {
  /** What the plan reads with: the action's transaction, or on PostgreSQL the database, read as of the version decided on. */
  db: Db;
  record: LockedRecord;
  open: repository.OpenPeriodRows;
  /** The server's clock, never earlier than what the record already holds; or the accepted time of a press sent later. */
  at: string;
  actorId: number;
  /** Whether the reason the action names is active (false when it names none). */
  reasonActive: boolean;
}

/** What an action writes and answers, as decided on what it read. */
interface ActionPlan {
  /** The period it opens or closes. */
  period?: repository.PeriodWrite;
  /** The record's columns it changes (its version moves on in any case). */
  changes?: repository.RecordChanges;
  /** Finishing: the stop times by reason the record keeps from now on; it joins 分析's sums. */
  finished?: { stops: readonly StopTime[] };
}

/** Who pressed, the answer to keep for the request's Idempotency-Key, and when a press sent later was made. */
export interface PressedBy {
  actorId: number;
  keep?: KeepAnswer;
  pressedAt?: string;
}

/** A press of an action on an existing record, whichever way it is written. */
interface Press extends PressedBy {
  action: WorkAction;
  plan: (context: ActionContext) => ActionPlan | Promise<ActionPlan>;
}

/** The key of the answer's id of the period an action opens. */
const openedIdKey: Record<repository.PeriodTable, string> = {
  setup_times: 'setup_time_id',
  setup_break_times: 'setup_break_time_id',
  break_times: 'break_time_id',
  nowork_times: 'nowork_time_id',
};

/** The table of the period each action opens, whose id PostgreSQL draws before it writes. */
const opensTable: Partial<Record<WorkAction, repository.PeriodTable>> = {
  setupStart: 'setup_times',
  setupBreak: 'setup_break_times',
  break: 'break_times',
  noworkStart: 'nowork_times',
};

/**
 * How often PostgreSQL reads and decides an action again when others moved its record on meanwhile,
 * before it takes the record's lock instead and waits its turn (a record pressed from many tablets
 * at once would otherwise keep one of them retrying).
 */
const OPTIMISTIC_ATTEMPTS = 3;

/** The columns of a record that the work screen shows. */
type WorkRecordRow = Pick<Selectable<Database['product_costs']>, 'id' | JobColumn | 'process2' | 'started_on' | 'finished_on' | 'version'>;

const noOpenPeriodRows: repository.OpenPeriodRows = { setup: undefined, setupBreak: undefined, workBreak: undefined, nowork: undefined };

const openFlags = (record: LockedRecord, open: repository.OpenPeriodRows): OpenPeriods => ({
  finished: record.finished_on !== null,
  setup: open.setup !== undefined,
  setupBreak: open.setupBreak !== undefined,
  workBreak: open.workBreak !== undefined,
  nowork: open.nowork !== undefined,
});

/**
 * Every work action (docs/PRODUCT.md#work-states). Each is written whole or not at all on the server's
 * clock, derives the record's state again from its open periods, and refuses with 409 what that state
 * does not allow — a second press, a second tablet, a finished record. On PostgreSQL the board's event
 * is part of the action's one statement (the insert and NOTIFY of PostgresEventBus.store, from
 * event-repository.ts), so `events` is used on SQLite and in the transaction.
 */
export class WorkService {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly timeZone: string,
    private readonly events: EventPublisher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * The answer is built from what is written, not read back: starting is the busiest call. On
   * PostgreSQL the references are read, with the new record's id, and the rest is one statement.
   */
  async start(input: StartRequest, { actorId, keep, pressedAt }: PressedBy): Promise<WorkActionResult & { product_cost: WorkRecord }> {
    const employeeIds = [...new Set(input.employees)];
    if (this.engine === 'postgres') {
      const workers = await this.checkStartReferences(this.db, input, employeeIds, { drawId: true });
      const values = this.newRecord(input, workers, actorId, pressedAt);
      const started = this.started(values, workers[0]!.next_record_id!, workers, actorId, pressedAt);
      await writes.writeStart(this.db, {
        record: { ...values, id: started.answer.product_cost.id },
        employeeIds,
        kept: keep?.row(started.answer),
        audit: started.audit && auditRow(started.audit),
        event: started.event,
      });
      return started.answer;
    }
    const { answer, announce } = await this.db.transaction().execute(async (trx) => {
      const workers = await this.checkStartReferences(trx, input, employeeIds);
      const values = this.newRecord(input, workers, actorId, pressedAt);
      const id = await repository.insertRecord(trx, values);
      await repository.insertWorkers(trx, id, employeeIds);
      const { answer, event, audit } = this.started(values, id, workers, actorId, pressedAt);
      if (audit) await writeAudit(trx, audit);
      await keep?.inTransaction(trx, answer);
      return { answer, announce: await this.events.store(trx, event) };
    });
    announce();
    return answer;
  }

  /** The columns of a new record, started now or when the press sent later was made. */
  private newRecord(
    input: StartRequest,
    workers: Awaited<ReturnType<typeof repository.findStartReferences>>,
    actorId: number,
    pressedAt: string | undefined,
  ) {
    const at = pressedAt === undefined ? this.clock().toISOString() : this.pressTime(pressedAt);
    return {
      ...jobColumns(input),
      started_on: at,
      finished_on: null,
      workers_name: workersName(workers),
      created_at: at,
      created_by: actorId,
      updated_at: at,
      updated_by: actorId,
    };
  }

  /** A start's answer, its board event and the audit of a press sent later. */
  private started(
    values: ReturnType<WorkService['newRecord']>,
    id: number,
    workers: Awaited<ReturnType<typeof repository.findStartReferences>>,
    actorId: number,
    pressedAt: string | undefined,
  ) {
    const record = this.toWorkRecord({ ...values, id, version: 1 }, workers, noOpenPeriodRows);
    const at = values.started_on;
    return {
      answer: { result: true as const, state: record.state, product_cost: record },
      event: { type: 'start' as const, product_cost_id: id, state: record.state, at },
      audit: pressedAt === undefined ? undefined : this.pressAudit(id, 'start', 'create', at, actorId),
    };
  }

  startSetup(recordId: number, by: PressedBy) {
    return this.act<{ setup_time_id: number }>({ recordId }, 'setupStart', by, ({ record }) => ({
      period: { open: 'setup_times', values: { product_cost_id: record.id } },
    }));
  }

  finishSetup(setupId: number, by: PressedBy) {
    return this.act({ table: 'setup_times', periodId: setupId }, 'setupFinish', by, ({ open }) =>
      this.closing('setup_times', open.setup?.id, setupId),
    );
  }

  breakSetup(setupId: number, reason: InterruptRequest, by: PressedBy) {
    const target = { table: 'setup_times', periodId: setupId } as const;
    return this.act<{ setup_break_time_id: number }>(
      target,
      'setupBreak',
      by,
      ({ record, open, reasonActive }) => {
        this.requireOpen(open.setup?.id, setupId);
        this.requireActiveReason(reasonActive);
        return {
          period: { open: 'setup_break_times', values: { product_cost_id: record.id, setup_time_id: setupId, ...this.reasonOf(reason) } },
        };
      },
      reason.interruption_id,
    );
  }

  restartSetup(setupBreakId: number, by: PressedBy) {
    return this.act({ table: 'setup_break_times', periodId: setupBreakId }, 'setupRestart', by, ({ open }) =>
      this.closing('setup_break_times', open.setupBreak?.id, setupBreakId),
    );
  }

  breakWork(recordId: number, reason: InterruptRequest, by: PressedBy) {
    return this.act<{ break_time_id: number }>(
      { recordId },
      'break',
      by,
      ({ record, reasonActive }) => {
        this.requireActiveReason(reasonActive);
        return { period: { open: 'break_times', values: { product_cost_id: record.id, ...this.reasonOf(reason) } } };
      },
      reason.interruption_id,
    );
  }

  restartWork(breakId: number, by: PressedBy) {
    return this.act({ table: 'break_times', periodId: breakId }, 'restart', by, ({ open }) =>
      this.closing('break_times', open.workBreak?.id, breakId),
    );
  }

  /** End of day saves the counts it carries, so that the day's progress is on record. */
  startNowork(recordId: number, fields: FinishFields, by: PressedBy) {
    return this.act<{ nowork_time_id: number }>({ recordId }, 'noworkStart', by, ({ record }) => ({
      period: { open: 'nowork_times', values: { product_cost_id: record.id } },
      changes: countChanges(fields),
    }));
  }

  finishNowork(noworkId: number, by: PressedBy) {
    return this.act({ table: 'nowork_times', periodId: noworkId }, 'noworkFinish', by, ({ open }) =>
      this.closing('nowork_times', open.nowork?.id, noworkId),
    );
  }

  /** Finishing keeps the record's totals on it, so that lists and exports need not read its periods. */
  finish(recordId: number, fields: FinishFields, by: PressedBy) {
    return this.act({ recordId }, 'finish', by, async ({ db, record, at }) => {
      const { kept, stops } = await finishedFigures(db, { ...record, finished_on: at }, this.timeZone);
      return { changes: { ...countChanges(fields), finished_on: at, ...kept }, finished: { stops } };
    });
  }

  /** The record as the work screen loads it, with its state, open periods and 要確認 (by the list's rule). */
  async get(recordId: number): Promise<LoadedWorkRecord> {
    const found = await repository.findRecordWithWorkers(this.db, recordId);
    if (!found) throw new HttpError(404, workMessages.recordNotFound);
    const { record } = found;
    const now = this.clock();
    // One read of the periods for both: the open ones the screen resumes, and all of them for the worked time.
    const periods = await findPeriodRows(this.db, recordId, 'all');
    const view = this.toWorkRecord(record, found.workers, repository.openPeriodsOf(periods));
    return {
      ...view,
      stale: isStale(view.state, record.updated_at, now, staleAfterHoursOf(record.stale_after_hours)),
      now: toWorkshopIso(now.toISOString(), this.timeZone),
      // The workers are not wanted for the worked time.
      worked_seconds: totalsOf(indexPeriods(periodsOfRows(recordId, periods, [])).timesOf(record), now).worked_seconds,
    };
  }

  /** What a new job of `slip` takes from the slip's last job of the recent days (docs/PRODUCT.md#work-screen). */
  slipDefaults(slip: string): Promise<SlipDefaults> {
    const since = new Date(this.clock().getTime() - SLIP_DEFAULTS_DAYS * 86_400_000).toISOString();
    return findSlipDefaults(this.db, slip, since);
  }

  /** The work screen's shape of a record (docs/PRODUCT.md#records-and-periods): its fields, state and open periods. */
  private toWorkRecord(
    record: WorkRecordRow,
    workers: ReadonlyArray<{ id: number; last_name: string; first_name: string }>,
    open: repository.OpenPeriodRows,
  ): WorkRecord {
    const counts = { superior: record.superior, wound: record.wound, size: record.size, miss: record.miss, other: record.other };
    const iso = (utc: string) => toWorkshopIso(utc, this.timeZone);
    const openInterruption = (pause: NonNullable<repository.OpenPeriodRows['workBreak']>) => ({
      id: pause.id,
      broken_on: iso(pause.broken_on),
      interruption_id: pause.interruption_id,
      interruption_other: pause.interruption_other,
    });
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
      setup_time: open.setup ? { id: open.setup.id, started_on: iso(open.setup.started_on) } : null,
      setup_break_time: open.setupBreak ? openInterruption(open.setupBreak) : null,
      break_time: open.workBreak ? openInterruption(open.workBreak) : null,
      nowork_time: open.nowork ? { id: open.nowork.id, started_on: iso(open.nowork.started_on), finished_on: null } : null,
    };
  }

  /**
   * The frame of every action on an existing record: read it with its open periods, derive its
   * state, refuse what that state forbids, plan the action, move the record's version on, and keep
   * the answer for the request's idempotency key with the action's writes. On SQLite in one
   * transaction that holds the record (actInTransaction); on PostgreSQL in one statement after the
   * reads (actInOneStatement), read and decided again when another action came first, and after
   * OPTIMISTIC_ATTEMPTS in the transaction.
   */
  private async act<Opened extends object = object>(
    target: repository.ActionTarget,
    action: WorkAction,
    by: PressedBy,
    plan: Press['plan'],
    reasonId?: number,
  ): Promise<WorkActionResult & Opened> {
    const press: Press = { ...by, action, plan };
    if (this.engine === 'postgres') {
      for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt++) {
        const result = await this.actInOneStatement(target, press, reasonId);
        if (result) return result as WorkActionResult & Opened;
      }
    }
    return (await this.actInTransaction(target, press, reasonId)) as WorkActionResult & Opened;
  }

  /**
   * The record locked (on PostgreSQL, so that actions on one record run one after the other whatever
   * number of server processes; SQLite's single writer gives the same) with its open periods and the
   * action's reason in one statement, then every write in the same transaction.
   */
  private async actInTransaction(target: repository.ActionTarget, press: Press, reasonId?: number) {
    const { result, announce } = await this.db.transaction().execute(async (trx) => {
      const { facts, at, flags, plan } = await this.decide(trx, await repository.lockForAction(trx, this.engine, target, reasonId), press);
      const { record } = facts;
      const openedId = plan.period && (await repository.writePeriod(trx, plan.period, at, press.actorId));
      // A record in progress keeps no stop times: there are none to replace.
      if (plan.finished) await replaceStops(trx, record.id, plan.finished.stops, { keptNone: true });
      await repository.touchRecord(trx, record.id, repository.movedOn(plan.changes ?? {}, at, press.actorId, record.version));
      // A record just finished joins the sums 分析 reads.
      if (plan.finished) await addToRollup(trx, record.id);
      // 終了 and 終業 end the job's call for help, if open.
      const endedWith = callEndingActions.find((ending) => ending === press.action);
      if (endedWith) await endOpenCall(trx, record.id, { at, endedWith });
      if (press.pressedAt !== undefined) await writeAudit(trx, this.pressAudit(record.id, press.action, 'update', at, press.actorId));
      const result = this.resultOf(flags, press.action, plan, openedId);
      await press.keep?.inTransaction(trx, result);
      return {
        result,
        announce: await this.events.store(trx, { type: press.action, product_cost_id: record.id, state: result.state, at }),
      };
    });
    announce();
    return result;
  }

  /**
   * On PostgreSQL: the record and its open periods read without a lock, the action decided on them,
   * and all it writes in one statement held to the version read (writes.writeAction). Undefined
   * when another action moved the record on first: nothing was written, and the caller reads again.
   * Two statements, three at 終業 (its open call ended again), six when finishing (its workers, its
   * periods, its rates, and its open call ended again), where the transaction takes six and twelve (the session's lookup aside).
   */
  private async actInOneStatement(target: repository.ActionTarget, press: Press, reasonId?: number) {
    const read = await repository.readForAction(this.db, target, reasonId, opensTable[press.action]);
    const { facts, at, flags, plan } = await this.decide(this.db, read, press);
    const { record } = facts;
    const opens = plan.period && 'open' in plan.period ? plan.period.open : undefined;
    if (opens !== opensTable[press.action]) throw new Error(`${press.action} opens ${opens}, not the table its id was drawn from`);
    const openedId = opens && facts.nextPeriodId;
    const result = this.resultOf(flags, press.action, plan, openedId);
    const endedWith = callEndingActions.find((ending) => ending === press.action);
    const written = await writes.writeAction(this.db, {
      recordId: record.id,
      seenVersion: record.version,
      changes: repository.movedOn(plan.changes ?? {}, at, press.actorId, record.version),
      period: plan.period,
      openedId,
      finished: plan.finished,
      endsOpenCall: endedWith,
      at,
      by: press.actorId,
      kept: press.keep?.row(result),
      audit: press.pressedAt === undefined ? undefined : auditRow(this.pressAudit(record.id, press.action, 'update', at, press.actorId)),
      event: { type: press.action, product_cost_id: record.id, state: result.state, at },
    });
    if (!written) return undefined;
    // A 呼出 committed while the statement waited for the record's lock is not in the statement's
    // snapshot, so its part that ends the open call missed it. A job finished or in 終業 takes no call,
    // so while the action stands any call still open came before it, whatever its clock says; once a
    // 始業 came meanwhile, a call after it is one of its own and stays open. (終了 opens no period; 終業
    // opens its 終業 period, whose id was drawn above.)
    if (endedWith) {
      const whileStands = openedId === undefined ? ({ finished: true } as const) : { noworkId: openedId };
      await endOpenCall(this.db, record.id, { at, endedWith, whileStands });
    }
    return result;
  }

  /**
   * What both frames decide on what they read: 404 for a record or period not found, 409 for an action
   * its state forbids, the action's time, and its plan (which may refuse it too).
   */
  private async decide(db: Db, facts: repository.ActionFacts | undefined, press: Press) {
    if (!facts) throw new HttpError(404, workMessages.recordNotFound);
    const { record, open, reasonActive } = facts;
    const flags = openFlags(record, open);
    if (!isAllowed(deriveState(flags), press.action)) throw new HttpError(409, workMessages.notAllowedNow);
    const at =
      press.pressedAt === undefined
        ? notBefore(this.clock(), latestMoment(record, open))
        : this.pressTime(press.pressedAt, await latestRecordedMoment(db, record));
    const plan = await press.plan({ db, record, open, at, actorId: press.actorId, reasonActive });
    return { facts, at, flags, plan };
  }

  /** The answer of an action: its new state, and the id of the period it opened. */
  private resultOf(flags: OpenPeriods, action: WorkAction, plan: ActionPlan, openedId: number | undefined): WorkActionResult {
    const result = { result: true as const, state: deriveState(applyAction(flags, action)) };
    return plan.period && 'open' in plan.period ? { ...result, [openedIdKey[plan.period.open]]: openedId } : result;
  }

  /** Closing a period the screen names: refused when it is not the record's open one of its kind. */
  private closing(table: repository.PeriodTable, openId: number | undefined, givenId: number): ActionPlan {
    this.requireOpen(openId, givenId);
    return { period: { close: table, id: givenId } };
  }

  /** The accepted time of a press sent from a tablet's outbox (docs/PRODUCT.md#offline-presses), or 409 with why not. */
  private pressTime(pressedAt: string, latest?: string): string {
    const accepted = acceptPressTime(pressedAt, this.clock(), latest);
    if ('refused' in accepted) throw new HttpError(409, accepted.refused);
    return accepted.at;
  }

  /** Every press recorded from an outbox is marked in the audit log with both its times. */
  private pressAudit(
    recordId: number,
    action: WorkAction | 'start',
    kind: 'create' | 'update',
    pressedAt: string,
    actorId: number,
  ): AuditEntry {
    const receivedAt = this.clock().toISOString();
    return {
      entity: 'product_costs',
      entityId: recordId,
      action: kind,
      actorId,
      at: receivedAt,
      after: { note: pressMessages.recordedFromOutbox, action, pressed_at: pressedAt, received_at: receivedAt },
    };
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
  private async checkStartReferences(db: Db, input: StartRequest, workerIds: number[], { drawId = false } = {}) {
    const workers = await repository.findStartReferences(db, { ...input, employees: workerIds }, { drawId });
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
