import { z } from 'zod';
import { WorkState } from './work-state.ts';

/** Values an administrator sets in 設定管理 (docs/PRODUCT.md#settings). */
export const settingMessages = {
  staleAfterHours: '要確認までの時間は1〜720の整数（時間）で入力してください。',
} as const;

export const STALE_AFTER_HOURS_MAX = 720;

export const settingsSchema = z.object({
  /** 要確認までの時間: hours without an action after which a job in progress is flagged 要確認. */
  stale_after_hours: z
    .number({ error: settingMessages.staleAfterHours })
    .int(settingMessages.staleAfterHours)
    .min(1, settingMessages.staleAfterHours)
    .max(STALE_AFTER_HOURS_MAX, settingMessages.staleAfterHours),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPayloadSchema = z.object({ setting: settingsSchema });

/**
 * 要確認: a job still in progress whose last action (or correction) is more than `staleAfterHours`
 * ago — most often one left in 作業中 over a night. A finished job never is.
 */
export function isStale(state: WorkState, lastActionAt: string, now: Date, staleAfterHours: number): boolean {
  if (state === WorkState.Finished) return false;
  return now.getTime() - Date.parse(lastActionAt) > staleAfterHours * 60 * 60 * 1000;
}
