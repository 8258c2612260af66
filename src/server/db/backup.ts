import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * The backup copies every page in one step, from one snapshot. In steps of 100 pages (the driver's
 * default), each write of the server between two steps restarts the copy from the first page: under
 * steady work a database of 20 MB took seconds and one of 100 MB never finished. One step reads a
 * snapshot, which in WAL mode does not hold the server's writes back.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database `source` to `target` through SQLite's online backup API: a consistent
 * copy even while the server runs and writes. The copy must pass SQLite's integrity check, or this
 * throws.
 */
export async function backupSqlite(source: string, target: string): Promise<void> {
  mkdirSync(path.dirname(target), { recursive: true });
  const database = new SQLite(source, { fileMustExist: true });
  database.pragma('busy_timeout = 5000');
  try {
    await database.backup(target, { progress: () => ALL_PAGES });
    const copy = new SQLite(target, { readonly: true });
    const integrity = copy.pragma('integrity_check', { simple: true });
    copy.close();
    if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
  } finally {
    database.close();
  }
}
