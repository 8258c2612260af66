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
  callNotFound: '呼出が見つかりません。',
  alreadyAnswered: 'この呼出は既に対応済みです。',
} as const;
