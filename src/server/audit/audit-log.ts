import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertAuditRow } from './audit-repository.ts';

export interface AuditEntry {
  entity: string;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  actorId: number | null;
  before?: unknown;
  after?: unknown;
  at: string;
}

/** The audit log's row of an entry. */
export function auditRow(entry: AuditEntry): Insertable<Database['audit_logs']> {
  return {
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    actor_id: entry.actorId,
    at: entry.at,
    before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
    after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
  };
}

/** Writes who changed what, in the same transaction as the change itself. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await insertAuditRow(db, auditRow(entry));
}
