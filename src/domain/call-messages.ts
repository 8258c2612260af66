import { WorkState } from './work-state.ts';

/**
 * The messages of calls for help (呼出, docs/PRODUCT.md#calls-for-help). The schemas in calls.ts
 * check with them; kept apart from those so that the work screen's 呼出 shows its message without
 * loading zod with the screen.
 */
export const callMessages = {
  reasonRequired: '呼出内容を選んでください。',
  reasonsUnread: '読み込めませんでした。タップで再読み込みします。',
  unknownReason: '選択された呼出内容は登録されていません。',
  alreadyCalling: 'この作業は既に呼出中です。対応済みになるまで、次の呼出はできません。',
  notInProgress: '作業中でない作業からは呼び出せません。画面を読み込み直してください。',
  endOfDay: '終業中の作業からは呼び出せません。画面を読み込み直してください。',
  endOfDayPanel: '終業中は呼び出せません。始業すると呼び出せます。',
  unsentPanel: '未送信の操作が送信されると呼び出せます。',
  callNotFound: '呼出が見つかりません。',
  alreadyAnswered: 'この呼出は既に対応済みです。',
} as const;

/**
 * Why a job in this state takes no call for help, or null when it takes one: the server refuses with
 * it (the work screen offers no 呼出 on a finished job, and says endOfDayPanel in 終業). A finished job
 * has nobody at it any more, and a job in 終業 nobody until the next shift: a call there would wait the
 * night through.
 */
export function callRefusal(state: WorkState): string | null {
  if (state === WorkState.Finished) return callMessages.notInProgress;
  if (state === WorkState.EndOfDay) return callMessages.endOfDay;
  return null;
}
