import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { backupSqlite } from '../src/server/db/backup.ts';

/**
 * `npm run backup [-- target-file]`: a consistent copy of the SQLite database, safe while the server
 * runs and writes. PostgreSQL is backed up with pg_dump (docs/OPERATIONS.md).
 */
const config = loadConfig();
if (config.database.engine !== 'sqlite') {
  process.stderr.write('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see docs/OPERATIONS.md).\n');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
await backupSqlite(config.database.file, target);
process.stdout.write(`Backed up ${config.database.file} to ${target}\n`);
