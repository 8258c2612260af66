import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/server/config.ts';

/**
 * `npm run backup [-- target-file]`: a consistent copy of the SQLite database made with SQLite's
 * online backup API, safe while the server runs and writes. PostgreSQL is backed up with pg_dump
 * (docs/OPERATIONS.md).
 */
const config = loadConfig();
if (config.database.engine !== 'sqlite') {
  process.stderr.write('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see docs/OPERATIONS.md).\n');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
mkdirSync(path.dirname(target), { recursive: true });

const source = new SQLite(config.database.file, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
try {
  await source.backup(target);
  const copy = new SQLite(target, { readonly: true });
  const integrity = copy.pragma('integrity_check', { simple: true });
  copy.close();
  if (integrity !== 'ok') throw new Error(`the copy failed its integrity check: ${String(integrity)}`);
  process.stdout.write(`Backed up ${config.database.file} to ${target}\n`);
} finally {
  source.close();
}
