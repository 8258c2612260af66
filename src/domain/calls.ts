import { z } from 'zod';
import { requiredChoice } from './fields.ts';
import { idSchema } from './fields.ts';

/** Calls for help (呼出, docs/PRODUCT.md#calls-for-help): their messages and the shapes of their calls. */
export const callMessages = {
  reasonRequired: '呼出内容を選んでください。',
  unknownReason: '選択された呼出内容は登録されていません。',
  alreadyCalling: 'この作業は既に呼出中です。対応済みになるまで、次の呼出はできません。',
  notInProgress: '作業中でない作業からは呼び出せません。画面を読み込み直してください。',
  callNotFound: '呼出が見つかりません。',
  alreadyAnswered: 'この呼出は既に対応済みです。',
} as const;

export const callRequestSchema = z.object({ call_reason_id: requiredChoice(callMessages.reasonRequired) });
export type CallRequest = z.infer<typeof callRequestSchema>;

export const callResultSchema = z.object({ result: z.literal(true), call_id: idSchema });

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
