import type { Kysely } from 'kysely';
import type { SlipDefaults } from '../../../domain/slip-defaults.ts';
import type { Database } from '../../db/schema.ts';
import { isWholeSlip } from '../../records/whole-slip-repository.ts';

/**
 * The 用紙サイズ and 会社 of the slip's newest live job started since `since`, each as long as it is not
 * deleted; both null without such a job.
 */
export async function findSlipDefaults(db: Kysely<Database>, slip: string, since: string): Promise<SlipDefaults> {
  const row = await db
    .selectFrom('product_costs as pc')
    .leftJoin('paper_sizes as ps', (join) => join.onRef('ps.id', '=', 'pc.paper_size_id').on('ps.deleted_at', 'is', null))
    .leftJoin('companies as c', (join) => join.onRef('c.id', '=', 'pc.company_id').on('c.deleted_at', 'is', null))
    .select(['ps.id as paper_size_id', 'c.id as company_id'])
    .where('pc.deleted_at', 'is', null)
    .where(isWholeSlip(slip))
    .where('pc.started_on', '>=', since)
    .orderBy('pc.started_on', 'desc')
    .orderBy('pc.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { paper_size_id: row?.paper_size_id ?? null, company_id: row?.company_id ?? null };
}
