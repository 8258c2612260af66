import type { Kysely } from 'kysely';
import type { ProcessingDetailSelectorItem } from '../../../domain/catalog.ts';
import type { Database } from '../../db/schema.ts';

/** The processings themselves are named masters: see masters/masters-repository.ts. Their details live here. */
export interface DetailRow {
  id: number;
  name: string;
  display_order: number;
  deleted_at: string | null;
  standard_speed: number | null;
  standard_setup_minutes: number | null;
}

export type DetailStandards = Pick<DetailRow, 'standard_speed' | 'standard_setup_minutes'>;

/** Every detail of a processing in display order, deleted ones too, so a save can tell a stale id from a foreign one. */
export function listDetails(db: Kysely<Database>, processingId: number): Promise<DetailRow[]> {
  return db
    .selectFrom('processing_details')
    .select(['id', 'name', 'display_order', 'deleted_at', 'standard_speed', 'standard_setup_minutes'])
    .where('processing_id', '=', processingId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export async function insertDetail(
  db: Kysely<Database>,
  values: { processing_id: number; name: string; display_order: number; at: string; by: number } & DetailStandards,
): Promise<number> {
  const { at, by, ...rest } = values;
  const row = await db
    .insertInto('processing_details')
    .values({ ...rest, created_at: at, updated_at: at, created_by: by, updated_by: by, deleted_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDetail(
  db: Kysely<Database>,
  id: number,
  values: { name: string; display_order: number; at: string; by: number } & DetailStandards,
): Promise<void> {
  await db
    .updateTable('processing_details')
    .set({
      name: values.name,
      display_order: values.display_order,
      standard_speed: values.standard_speed,
      standard_setup_minutes: values.standard_setup_minutes,
      updated_at: values.at,
      updated_by: values.by,
    })
    .where('id', '=', id)
    .execute();
}

export async function softDeleteDetails(db: Kysely<Database>, ids: number[], at: string, by: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('processing_details').set({ deleted_at: at, updated_at: at, updated_by: by }).where('id', 'in', ids).execute();
}

/** Active details of active processings, grouped by processing in the order the screens list them. */
export function detailSelector(db: Kysely<Database>, processingId?: number): Promise<ProcessingDetailSelectorItem[]> {
  let query = db
    .selectFrom('processing_details as d')
    .innerJoin('processings as p', 'p.id', 'd.processing_id')
    .select(['d.id', 'd.name', 'd.processing_id'])
    .where('d.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null);
  if (processingId !== undefined) query = query.where('d.processing_id', '=', processingId);
  return query.orderBy('p.display_order').orderBy('p.id').orderBy('d.display_order').orderBy('d.id').execute();
}
