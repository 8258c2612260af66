/** What the outbox says to the worker (docs/PRODUCT.md#offline-presses). */
export const outboxTexts = {
  unsent: (count: number) => `未送信 ${count}件`,
  offline: 'オフライン',
  willSend: '接続が戻ると、押した順に自動で送信します。',
  /** After 終了 or 終業 went to the outbox, in place of 登録しました。 */
  kept: '未送信の記録として保存しました。接続が戻ると自動で送信します。',
  refusedTitle: '送信できなかった記録',
  refusedHint: '管理者に伝えて、作業記録を修正してもらってください。',
  /** A press whose period was opened by a press the server refused. */
  afterRefused: '前の記録が送信できなかったため、送信できません。',
  /** A press a station refused with 401: the worker's session had ended on the server (a new PIN…). */
  sessionEnded: 'ログインの有効期限が切れたため、記録されていません。',
  dismiss: '確認済み',
  confirmDismiss: 'この記録を一覧から消します。管理者に伝えましたか？',
} as const;
