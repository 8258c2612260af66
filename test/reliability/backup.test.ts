import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { createRandom } from '../../scripts/support/random.ts';
import { backupSqlite } from '../../src/server/db/backup.ts';
import { Ledger, readDatabaseFile, readThroughApi } from './ledger.ts';
import { WorkClient } from './work-client.ts';
import { driveLoad, signIn, startWorkServer } from './work-load.ts';

const root = path.resolve(import.meta.dirname, '../..');
const seed = Number(process.env.SEED ?? Math.floor(Math.random() * 1_000_000));

it('takes a copy under load that holds every action acknowledged before it, and restores it', async () => {
  console.log(`backup under load: seed ${seed} (SEED=${seed} runs it again)`);
  const server = await startWorkServer();
  const ledger = new Ledger();
  const clients = Array.from({ length: 4 }, (_, index) => new WorkClient(ledger, createRandom(seed + index)));
  let running = true;
  const load = driveLoad(clients, await signIn(server, clients.length), () => running);
  const restoreDir = mkdtempSync(path.join(tmpdir(), 'kosu-restore-'));
  try {
    // Racing the load makes a failed press fail the test at once.
    await Promise.race([sleep(500), load]);
    const acknowledged = ledger.snapshot();
    const copy = path.join(server.dataDir, 'backups', 'copy.db');
    // The command of docs/OPERATIONS.md, in a process of its own beside the running server.
    const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' };
    await Promise.race([promisify(execFile)('npm', ['run', '--silent', 'backup', '--', copy], { cwd: root, env }), load]);
    const duringBackup = ledger.size - acknowledged.size;
    running = false;
    await load;
    expect(duringBackup, 'actions acknowledged while the backup ran').toBeGreaterThan(0);

    const inCopy = readDatabaseFile(copy);
    expect(inCopy.integrity).toBe('ok');
    expect(acknowledged.missingFrom(inCopy)).toEqual([]);

    // Restore as docs/OPERATIONS.md says: the copy becomes app.db of a data directory, then start.
    copyFileSync(copy, path.join(restoreDir, 'app.db'));
    const restored = await startWorkServer(restoreDir);
    try {
      const [session] = await signIn(restored, 1);
      expect(acknowledged.missingFrom(await readThroughApi(session!, acknowledged))).toEqual([]);
    } finally {
      await restored.stop();
    }
  } finally {
    running = false;
    await load.catch(() => {});
    await server.stop();
    rmSync(restoreDir, { recursive: true, force: true });
  }
});

it('finishes a copy of a large database that is written to without pause', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-backup-'));
  const file = path.join(dataDir, 'app.db');
  const writer = new SQLite(file);
  try {
    writer.pragma('journal_mode = WAL');
    writer.exec('create table filler (data blob)');
    const fill = writer.prepare('insert into filler values (randomblob(4000))');
    // 20 MB: fifty of the driver's default steps, with a write between any two of them.
    writer.transaction(() => {
      for (let row = 0; row < 5000; row++) fill.run();
    })();
    let writing = true;
    const writeOn = () => {
      if (!writing) return;
      fill.run();
      setImmediate(writeOn);
    };
    writeOn();
    await backupSqlite(file, path.join(dataDir, 'copy.db')).finally(() => (writing = false));
  } finally {
    writer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 15_000);
