import { describe, expect, it } from 'vitest';
import { isStale, settingsSchema } from './settings.ts';
import { WorkState } from './work-state.ts';

describe('isStale (要確認)', () => {
  const lastAction = '2026-11-23T09:00:00.000Z';
  it('flags a job in progress with no action for longer than the limit', () => {
    // 18:00 in Tokyo one evening, still 作業中 at 06:00:01 the next morning: 12 h and a second.
    expect(isStale(WorkState.Working, lastAction, new Date('2026-11-23T21:00:01.000Z'), 12)).toBe(true);
    expect(isStale(WorkState.EndOfDay, lastAction, new Date('2026-11-24T09:00:00.000Z'), 12)).toBe(true);
  });
  it('does not flag one at the limit or under it, nor a finished job however old', () => {
    expect(isStale(WorkState.Working, lastAction, new Date('2026-11-23T21:00:00.000Z'), 12)).toBe(false);
    expect(isStale(WorkState.SettingUp, lastAction, new Date('2026-11-23T10:00:00.000Z'), 12)).toBe(false);
    expect(isStale(WorkState.Finished, lastAction, new Date('2026-12-23T09:00:00.000Z'), 12)).toBe(false);
  });
  it('follows the setting', () => {
    expect(isStale(WorkState.Working, lastAction, new Date('2026-11-23T11:00:01.000Z'), 2)).toBe(true);
    expect(isStale(WorkState.Working, lastAction, new Date('2026-11-23T11:00:01.000Z'), 24)).toBe(false);
  });
});

describe('the settings', () => {
  it('take 要確認までの時間 as whole hours from 1 to 720', () => {
    expect(settingsSchema.safeParse({ stale_after_hours: 12 }).success).toBe(true);
    for (const wrong of [0, -1, 1.5, 721, '12', null]) expect(settingsSchema.safeParse({ stale_after_hours: wrong }).success).toBe(false);
  });
});
