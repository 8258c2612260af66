import { fieldMessages } from './field-limits.ts';

/**
 * The work record's fields as people see them: their limits, labels and messages. The schemas in
 * product-cost.ts check with them; kept apart from those so that the work screen shows its form
 * without loading zod first.
 */

export const INTERRUPTION_OTHER_MAX_LENGTH = 200;
export const PROCESS2_MAX_LENGTH = 1000;

export const workMessages = {
  slipNoRequired: fieldMessages.slipNoRequired,
  slipNoTooLong: fieldMessages.slipNoTooLong,
  slipNoCharacters: fieldMessages.slipNoCharacters,
  slipNoDigit: fieldMessages.slipNoDigit,
  workersRequired: '作業者を選択してください。',
  paperSizeRequired: '用紙サイズを選択してください。',
  processingRequired: '加工内容を入力してください。',
  interruptionRequired: '中断内容を選択してください。',
  interruptionOtherRequired: 'その他の内容を入力してください。',
  interruptionOtherTooLong: `その他の内容は${INTERRUPTION_OTHER_MAX_LENGTH}文字以内で入力してください。`,
  interruptionOtherAtLimit: `その他の内容は${INTERRUPTION_OTHER_MAX_LENGTH}文字までです。`,
  count: fieldMessages.count,
  process2TooLong: `備考は${PROCESS2_MAX_LENGTH}文字以内で入力してください。`,
  unknownWorker: '選択された作業者は登録されていません。',
  unknownPaperSize: '選択された用紙サイズは登録されていません。',
  unknownProcessing: '選択された加工内容は登録されていません。',
  unknownMachine: '選択された加工機は登録されていません。',
  unknownCompany: '選択された会社は登録されていません。',
  unknownInterruption: '選択された中断内容は登録されていません。',
  recordNotFound: '作業記録が見つかりません。',
  notAllowedNow: 'この操作は現在の作業状態では行えません。画面を読み込み直してください。',
  confirmFinish: '作業を終了します。よろしいですか？',
  /** Above 終了's question when 良品数 is empty: the finish would record no good sheets (良品率 0). */
  finishWithoutGoodCount: '良品数が入力されていません。',
  confirmStaleFinish: '要確認：前回の操作から長い時間がたっています。今の時刻で終了すると、その間も作業時間になります。終了しますか？',
  confirmNowork: '終業します。よろしいですか？',
  confirmStartOfDay: 'おはようございます。始業しますか？',
  noworkDone: '途中経過を登録しました。お疲れ様でした。',
  startOfDayDone: '作業を開始しました。',
} as const;

export const countLabels = { superior: '良品数', wound: 'キズ', size: 'サイズミス', miss: 'ポカミス', other: 'その他' } as const;
export type CountField = keyof typeof countLabels;
export const countFields = Object.keys(countLabels) as CountField[];
