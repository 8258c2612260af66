import type { Kysely } from 'kysely';
import { callMessages, callRefusal, type CallRequest, type RecordCall } from '../../../domain/calls.ts';
import { workMessages } from '../../../domain/product-cost.ts';
import { toWorkshopIso } from '../../../domain/time.ts';
import { deriveState, type WorkState } from '../../../domain/work-state.ts';
import type { Engine } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { HttpError } from '../../errors.ts';
import type { EventPublisher } from '../../events/event-bus.ts';
import { findOpenCalls } from '../../records/open-calls-repository.ts';
import { findPeriodRows, lockRecord } from '../../records/record-repository.ts';
import * as repository from './calls-repository.ts';

type Db = Kysely<Database>;

/**
 * Calls for help on a job in progress (docs/PRODUCT.md#calls-for-help): one open call per record, made
 * by any signed-in user and answered (対応済み) by any signed-in user; who and when are kept for both.
 */
export class CallService {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly events: EventPublisher,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The record's open call, for the work screen to show it and offer 対応済み. */
  async openCall(recordId: number): Promise<RecordCall> {
    if (!(await repository.recordExists(this.db, recordId))) throw new HttpError(404, workMessages.recordNotFound);
    const call = (await findOpenCalls(this.db, [recordId])).get(recordId);
    return { call: call ? { ...call, called_at: toWorkshopIso(call.called_at, this.timeZone) } : null };
  }

  async call(recordId: number, input: CallRequest, actorId: number): Promise<{ result: true; call_id: number }> {
    const at = this.clock().toISOString();
    const { callId, announce } = await this.db
      .transaction()
      .execute(async (trx) => {
        const record = await lockRecord(trx, this.engine, recordId);
        if (!record) throw new HttpError(404, workMessages.recordNotFound);
        // Decided under the record's lock: a 終了 or 終業 on another tablet comes wholly before this call,
        // which is then refused, or wholly after it, and ends it.
        const state = await stateOf(trx, recordId, record.finished_on);
        const refusal = callRefusal(state);
        if (refusal !== null) throw new HttpError(409, refusal);
        if (!(await repository.reasonIsActive(trx, input.call_reason_id))) throw new HttpError(400, callMessages.unknownReason);
        if (await repository.hasOpenCall(trx, recordId)) throw new HttpError(409, callMessages.alreadyCalling);
        const id = await repository.insertCall(trx, {
          product_cost_id: recordId,
          call_reason_id: input.call_reason_id,
          called_at: at,
          called_by: actorId,
        });
        const event = { type: 'call', product_cost_id: recordId, state, at } as const;
        return { callId: id, announce: await this.events.store(trx, event) };
      })
      .catch((error: unknown) => {
        // Two presses at the same moment: the database lets one through.
        if (isUniqueViolation(error, repository.oneOpenCall)) throw new HttpError(409, callMessages.alreadyCalling);
        throw error;
      });
    announce();
    return { result: true, call_id: callId };
  }

  async answer(callId: number, actorId: number): Promise<void> {
    const at = this.clock().toISOString();
    const announce = await this.db.transaction().execute(async (trx) => {
      const call = await repository.findCall(trx, callId);
      if (!call) throw new HttpError(404, callMessages.callNotFound);
      if (!(await repository.answerCall(trx, callId, at, actorId))) throw new HttpError(409, callMessages.alreadyAnswered);
      const recordId = call.product_cost_id;
      return this.events.store(trx, { type: 'callAnswer', product_cost_id: recordId, state: await stateOf(trx, recordId), at });
    });
    announce();
  }
}

/** The record's state from its open periods; `finishedOn` as the caller read it already, else read here. */
async function stateOf(db: Db, recordId: number, finishedOn?: string | null): Promise<WorkState> {
  const finished = (finishedOn === undefined ? await repository.finishedOn(db, recordId) : finishedOn) !== null;
  const open = new Set((await findPeriodRows(db, recordId, 'open')).map((row) => row.kind));
  return deriveState({
    finished,
    setup: open.has('setup'),
    setupBreak: open.has('setupBreak'),
    workBreak: open.has('workBreak'),
    nowork: open.has('nowork'),
  });
}
