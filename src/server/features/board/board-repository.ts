import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { staleAfterHoursColumn } from '../../settings/settings-repository.ts';

type Db = Kysely<Database>;

/** The jobs in progress, on one machine when asked, with the names the board shows. */
export function findJobsInProgress(db: Db, machineId: number | undefined) {
  let query = db
    .selectFrom('product_costs as pc')
    .leftJoin('processings as p', 'p.id', 'pc.processing_id')
    .leftJoin('processing_details as pd', 'pd.id', 'pc.processing_detail_id')
    .select([
      'pc.id',
      'pc.slip_no',
      'pc.machine_id',
      'pc.started_on',
      'pc.finished_on',
      'pc.superior',
      'pc.workers_name',
      'pc.updated_at',
      'p.name as processing_name',
      'pd.name as processing_detail_name',
      staleAfterHoursColumn(),
    ])
    .where('pc.deleted_at', 'is', null)
    .where('pc.finished_on', 'is', null);
  if (machineId !== undefined) query = query.where('pc.machine_id', '=', machineId);
  return query.orderBy('pc.started_on').orderBy('pc.id').execute();
}

/** The reason of each open interruption (of work or of a setup) among these records. */
export async function findOpenReasons(db: Db, recordIds: number[]): Promise<Map<number, string>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('break_times as b')
    .innerJoin('interruptions as i', 'i.id', 'b.interruption_id')
    .select(['b.product_cost_id', 'i.name', 'b.interruption_other'])
    .where('b.product_cost_id', 'in', recordIds)
    .where('b.restarted_on', 'is', null)
    .unionAll(
      db
        .selectFrom('setup_break_times as sb')
        .innerJoin('interruptions as i', 'i.id', 'sb.interruption_id')
        .select(['sb.product_cost_id', 'i.name', 'sb.interruption_other'])
        .where('sb.product_cost_id', 'in', recordIds)
        .where('sb.restarted_on', 'is', null),
    )
    .execute();
  return new Map(rows.map((row) => [row.product_cost_id, row.interruption_other || row.name]));
}

export function findActiveMachines(db: Db) {
  return db.selectFrom('machines').select(['id', 'name']).where('deleted_at', 'is', null).orderBy('display_order').orderBy('id').execute();
}

/** Deleted machines among these ids, by the name they had: the board names them rather than forget them. */
export async function findDeletedMachines(db: Db, machineIds: number[]) {
  if (machineIds.length === 0) return [];
  return db
    .selectFrom('machines')
    .select(['id', 'name'])
    .where('deleted_at', 'is not', null)
    .where('id', 'in', machineIds)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}
