import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RunningServer } from '../../e2e/support/server.ts';
import { ensureServerBuild } from '../../scripts/build.ts';
import { createRandom } from '../../scripts/support/random.ts';
import { Ledger, readDatabaseFile } from './ledger.ts';
import { WorkClient } from './work-client.ts';
import { driveLoad, signIn, startWorkServer } from './work-load.ts';

export interface CrashRunOptions {
  seed: number;
  kills: number;
  clients: number;
  /** How long the load runs before each kill: a random time in this range, in milliseconds. */
  loadMs: readonly [number, number];
  log: (line: string) => void;
}

/**
 * The short run that `npm test` makes, or with LONG_TESTS=1 a long one: more kills, more tablets,
 * longer loads. SEED runs a printed seed again.
 */
export function crashRunOptions(log: (line: string) => void): CrashRunOptions {
  const long = process.env.LONG_TESTS === '1';
  const seed = Number(process.env.SEED ?? Math.floor(Math.random() * 1_000_000));
  return { seed, kills: long ? 60 : 10, clients: long ? 8 : 4, loadMs: long ? [50, 5000] : [100, 1000], log };
}

/**
 * Tablets press work actions on the real server on SQLite, and the server is killed with SIGKILL
 * at a random moment, again and again, on the same data directory. After every restart: the server
 * answers, SQLite's integrity check is ok, and every action that was answered with a 2xx is in the
 * database. Throws at the first breach, keeping the data directory for a look.
 */
export async function runCrashTest(options: CrashRunOptions): Promise<{ acknowledged: number }> {
  const { seed, kills, log } = options;
  const random = createRandom(seed);
  const ledger = new Ledger();
  const clients = Array.from({ length: options.clients }, (_, index) => new WorkClient(ledger, createRandom(seed + index + 1)));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-crash-'));
  log(`crash test: seed ${seed} (SEED=${seed} runs it again), ${kills} kills, ${clients.length} tablets`);
  let server: RunningServer | undefined;
  try {
    for (let kill = 1; kill <= kills; kill++) {
      server = await restartAndCheck(dataDir, ledger);
      const sessions = await signIn(server, clients.length);
      let running = true;
      const load = driveLoad(clients, sessions, () => running);
      const loadMs = random.between(...options.loadMs);
      await Promise.race([sleep(loadMs), load]);
      running = false;
      await server.kill();
      await load;
      log(`kill ${kill}/${kills} after ${loadMs} ms of load: ${ledger.size} actions acknowledged so far`);
    }
    server = await restartAndCheck(dataDir, ledger);
    await server.stop();
  } catch (error) {
    await server?.kill();
    log(`crash test failed with seed ${seed}; its data directory is kept: ${dataDir}`);
    throw error;
  }
  rmSync(dataDir, { recursive: true, force: true });
  return { acknowledged: ledger.size };
}

/** A restart after a kill: the server must start and answer, and nothing acknowledged may be gone. */
async function restartAndCheck(dataDir: string, ledger: Ledger): Promise<RunningServer> {
  const server = await startWorkServer(dataDir);
  const found = readDatabaseFile(path.join(dataDir, 'app.db'));
  const missing = ledger.missingFrom(found);
  if (found.integrity !== 'ok' || missing.length > 0) {
    await server.kill();
    throw new Error(`after a restart: integrity ${found.integrity}; missing ${missing.length}: ${missing.slice(0, 20).join(', ')}`);
  }
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await ensureServerBuild();
  const report = await runCrashTest(crashRunOptions((line) => process.stdout.write(`${line}\n`)));
  process.stdout.write(`crash test passed: ${report.acknowledged} acknowledged actions all kept\n`);
}
