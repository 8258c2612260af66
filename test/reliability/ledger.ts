import SQLite from 'better-sqlite3';
import type { ApiSession } from './work-client.ts';

/** What a database holds of the work actions, in the shape the ledger compares with. */
export interface FoundWork {
  /** Record id → whether it is finished, and its count of good sheets. */
  records: Map<number, { finished: boolean; superior: number | null }>;
  /** Break id → its record and whether work was restarted. */
  breaks: Map<number, { recordId: number; restarted: boolean }>;
}

/**
 * Every work action the server acknowledged with a 2xx. Whatever happens afterwards (a kill, a
 * backup and restore), each must still be found; actions left without an answer may or may not be.
 */
export class Ledger {
  readonly records = new Map<number, { finishedWith?: number }>();
  readonly breaks = new Map<number, { recordId: number; restarted: boolean }>();
  size = 0;

  started(recordId: number): void {
    this.records.set(recordId, {});
    this.size++;
  }

  broke(recordId: number, breakId: number): void {
    this.breaks.set(breakId, { recordId, restarted: false });
    this.size++;
  }

  /** The break itself may have gone unanswered; the restart's answer says that it exists. */
  restarted(recordId: number, breakId: number): void {
    this.breaks.set(breakId, { recordId, restarted: true });
    this.size++;
  }

  finished(recordId: number, superior: number): void {
    this.records.get(recordId)!.finishedWith = superior;
    this.size++;
  }

  /** A copy that later actions do not change: what was acknowledged up to now. */
  snapshot(): Ledger {
    const copy = new Ledger();
    for (const [id, record] of this.records) copy.records.set(id, { ...record });
    for (const [id, entry] of this.breaks) copy.breaks.set(id, { ...entry });
    copy.size = this.size;
    return copy;
  }

  /** One line per acknowledged action that `found` lacks; none when everything is there. */
  missingFrom(found: FoundWork): string[] {
    const missing: string[] = [];
    for (const [id, { finishedWith }] of this.records) {
      const record = found.records.get(id);
      if (!record) missing.push(`record ${id} (start acknowledged)`);
      else if (finishedWith !== undefined && !(record.finished && record.superior === finishedWith)) {
        missing.push(`finish of record ${id} with ${finishedWith} good sheets`);
      }
    }
    for (const [id, { recordId, restarted }] of this.breaks) {
      const entry = found.breaks.get(id);
      if (entry?.recordId !== recordId) missing.push(`break ${id} of record ${recordId}`);
      else if (restarted && !entry.restarted) missing.push(`restart of break ${id}`);
    }
    return missing;
  }
}

/** Reads the database file beside a stopped or running server, read-only, with SQLite's integrity check. */
export function readDatabaseFile(file: string): FoundWork & { integrity: string } {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = String(database.pragma('integrity_check', { simple: true }));
    const records = database.prepare('select id, finished_on, superior from product_costs').all() as Array<{
      id: number;
      finished_on: string | null;
      superior: number | null;
    }>;
    const breaks = database.prepare('select id, product_cost_id, restarted_on from break_times').all() as Array<{
      id: number;
      product_cost_id: number;
      restarted_on: string | null;
    }>;
    return {
      integrity,
      records: new Map(records.map((row) => [row.id, { finished: row.finished_on !== null, superior: row.superior }])),
      breaks: new Map(breaks.map((row) => [row.id, { recordId: row.product_cost_id, restarted: row.restarted_on !== null }])),
    };
  } finally {
    database.close();
  }
}

/** Reads the ledger's records through the API, as an administrator sees them on the edit screen. */
export async function readThroughApi(session: ApiSession, ledger: Ledger): Promise<FoundWork> {
  const found: FoundWork = { records: new Map(), breaks: new Map() };
  for (const id of ledger.records.keys()) {
    const { status, json } = await session.send('GET', `/api/productcost/edit/${id}`);
    if (status === 404) continue;
    if (status !== 200) throw new Error(`GET /api/productcost/edit/${id}: ${status} ${JSON.stringify(json)}`);
    const record = json as {
      finished_on: string | null;
      superior: number | null;
      break_times: Array<{ id: number; restarted_on: string | null }>;
    };
    found.records.set(id, { finished: record.finished_on !== null, superior: record.superior });
    for (const entry of record.break_times) found.breaks.set(entry.id, { recordId: id, restarted: entry.restarted_on !== null });
  }
  return found;
}
