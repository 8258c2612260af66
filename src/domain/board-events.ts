import { z } from 'zod';
import { workStateSchema } from './product-cost.ts';
import { workActions, type WorkAction, type WorkState } from './work-state.ts';

/**
 * What a change on the floor publishes (docs/API.md#events-any-signed-in-user): a work action, a record correction or
 * deletion by an administrator, a call for help and its answer. `state` is the record's state after
 * the change; `at` is the server's time of it, with the workshop's offset.
 */
export type BoardEventType = WorkAction | 'edit' | 'delete' | 'call' | 'callAnswer';

export const boardEventTypes: readonly BoardEventType[] = [...workActions, 'edit', 'delete', 'call', 'callAnswer'];

export interface BoardEvent {
  type: BoardEventType;
  product_cost_id: number;
  state: WorkState;
  at: string;
}

/** An event as the stream sends it: its number is the SSE `id:` a reconnecting board gives back. */
export interface NumberedBoardEvent extends BoardEvent {
  id: number;
}

export const boardEventSchema = z.object({
  type: z.enum(boardEventTypes as [BoardEventType, ...BoardEventType[]]),
  product_cost_id: z.number().int(),
  state: workStateSchema,
  at: z.string(),
});

export const eventMessages = {
  tooManyConnections: '現場モニターの接続数が上限に達しています。しばらくしてから開き直してください。',
  badLastEventId: '最後に受け取ったイベントの番号が正しくありません。画面を読み込み直してください。',
} as const;

/** The number of the last event a board received, as it sends it back (Last-Event-ID or last_event_id). */
export const lastEventIdSchema = z
  .string({ error: eventMessages.badLastEventId })
  .regex(/^\d{1,15}$/, eventMessages.badLastEventId)
  .transform(Number);
