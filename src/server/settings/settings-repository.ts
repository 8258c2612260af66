import { sql, type Kysely } from 'kysely';
import type { Settings } from '../../domain/settings.ts';
import { defaultStaleAfterHours, STALE_AFTER_HOURS_KEY } from '../db/defaults.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database>;

/** The settings of 設定管理, which several features read (the list's 要確認, the board). */
export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return { stale_after_hours: staleAfterHoursOf(stored.get(STALE_AFTER_HOURS_KEY)) };
}

/**
 * 要確認までの時間 as a column of a record's query, read with staleAfterHoursOf: the readers of 要確認
 * take it with their rows rather than in a statement of its own.
 */
export const staleAfterHoursColumn = () =>
  sql<string | null>`(select value from settings where key = ${STALE_AFTER_HOURS_KEY})`.as('stale_after_hours');

/** 要確認までの時間 as stored, or its default when it is missing. */
export function staleAfterHoursOf(stored: string | null | undefined): number {
  const hours = Number(stored);
  return stored != null && Number.isInteger(hours) && hours > 0 ? hours : defaultStaleAfterHours;
}

export async function writeSettings(db: Db, settings: Settings, at: string, by: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: STALE_AFTER_HOURS_KEY, value: String(settings.stale_after_hours), updated_at: at, updated_by: by })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({ value: String(settings.stale_after_hours), updated_at: at, updated_by: by }),
    )
    .execute();
}
