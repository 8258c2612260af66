import { doneOnConflict } from './api-error.ts';
import { api } from './client.ts';

/**
 * 対応済み (docs/PRODUCT.md#calls-for-help), from the floor board or the worker's 呼出 panel: answers an
 * open call; one answered elsewhere since it was read (409) is done as the person meant.
 */
export function answerCall(callId: number): Promise<unknown> {
  return doneOnConflict(api('POST', `/api/productcost/call/answer/${callId}`));
}
