import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export function insertAuditRow(db: Kysely<Database>, row: Insertable<Database['audit_logs']>): Promise<unknown> {
  return db.insertInto('audit_logs').values(row).execute();
}
