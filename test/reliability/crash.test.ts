import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createRandom } from '../../scripts/support/random.ts';
import { crashRunOptions, runCrashTest } from './crash.ts';
import { readDatabaseFile } from './ledger.ts';
import { startWorkServer } from './work-load.ts';

const options = crashRunOptions((line) => console.log(line));

it(
  `keeps every acknowledged work action through ${options.kills} kills of the server under load`,
  async () => {
    const { acknowledged } = await runCrashTest(options);
    expect(acknowledged).toBeGreaterThan(options.kills);
  },
  options.kills * 15_000,
);

it('starts after a kill in the middle of creating its schema', async () => {
  // Statements 1 and 2 are the migrator's own tables; the schema's 19 follow.
  const killAfter = createRandom(options.seed).between(3, 21);
  console.log(`kill during the first migration: seed ${options.seed}, after create statement ${killAfter}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-crash-'));
  try {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'die-during-migration.ts'), String(killAfter)],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    const server = await startWorkServer(dataDir);
    await server.stop();
    expect(readDatabaseFile(path.join(dataDir, 'app.db')).integrity).toBe('ok');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
