import { z } from 'zod';
import { callMessages } from './call-messages.ts';
import { requiredChoice } from './fields.ts';
import { idSchema } from './fields.ts';
import type { WorkAction } from './work-state.ts';

/** Calls for help (呼出, docs/PRODUCT.md#calls-for-help): the shapes of their calls and how long they waited. */

// Their messages, which the server and the tests take from here too.
export { callMessages, callRefusal } from './call-messages.ts';

export const callRequestSchema = z.object({ call_reason_id: requiredChoice(callMessages.reasonRequired) });
export type CallRequest = z.infer<typeof callRequestSchema>;

export const callResultSchema = z.object({ result: z.literal(true), call_id: idSchema });

/** A call not yet answered: its reason, and when it was made (with the workshop's offset). */
export const openCallSchema = z.object({ id: idSchema, reason: z.string(), called_at: z.string() });
export type OpenCall = z.infer<typeof openCallSchema>;

/** GET /api/productcost/call/{id}: the record's open call, if it has one. */
export const recordCallSchema = z.object({ call: openCallSchema.nullable() });
export type RecordCall = z.infer<typeof recordCallSchema>;

/**
 * The work actions that end a job's open call with nobody as its answerer: 終了, after which the board
 * no longer shows the job, and 終業, after which nobody is at the machine until the next shift. The
 * call keeps which one ended it (calls.ended_with), for 呼出履歴 to say so.
 */
export const callEndingActions = ['finish', 'noworkStart'] as const satisfies readonly WorkAction[];
export type CallEndingAction = (typeof callEndingActions)[number];

/** The seconds a call waited: until it was answered, or until now while it is open. */
export function callWaitSeconds(calledAt: string, answeredAt: string | null, now: Date): number {
  const end = answeredAt === null ? now.getTime() : Date.parse(answeredAt);
  return Math.max(0, Math.floor((end - Date.parse(calledAt)) / 1000));
}

/** 呼出回数 and 呼出待ち時間 of a record (the CSV's columns). */
export interface CallTotals {
  count: number;
  wait_seconds: number;
}

/** 呼出回数 and 呼出待ち時間 of a record (the CSV's columns): its calls, and the seconds they waited together. */
export function callTotals(calls: ReadonlyArray<{ called_at: string; answered_at: string | null }>, now: Date): CallTotals {
  let waitSeconds = 0;
  for (const call of calls) waitSeconds += callWaitSeconds(call.called_at, call.answered_at, now);
  return { count: calls.length, wait_seconds: waitSeconds };
}
