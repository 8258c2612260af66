import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtServer, ensureServerBuild, serverNodeFlags } from '../scripts/build.ts';
import { median } from './support/load.ts';
import { processMemory } from './support/memory.ts';
import { benchArguments, progress, publish } from './support/report.ts';

/**
 * `npm run bench:start [-- --runs 10 --idle 3] [--quick] [--json]`
 *
 * The server as `npm start` and the tests run it (compiled, dist/server/main.js) and, in the same
 * run, as TypeScript through tsx's loader: time from spawn to the first answered request on an
 * already migrated SQLite database, and resident memory after `--idle` seconds without traffic.
 */
const args = benchArguments({ runs: { full: '10', quick: '4' }, idle: { full: '3', quick: '2' } });
const root = path.resolve(import.meta.dirname, '..');
const log = progress(args.json);

await ensureServerBuild();
const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-start-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startOnce(command: string[]): Promise<{ listeningMs: number; idleRssMb: number }> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited with ${child.exitCode}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/user/info`).then(
        () => true,
        () => false,
      );
      if (answered) break;
      await sleep(5);
    }
    const listeningMs = performance.now() - began;
    await sleep(Number(args.idle) * 1000);
    return { listeningMs, idleRssMb: processMemory(child.pid!).rssMb };
  } finally {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

const variants = [
  { name: 'compiled (npm start)', command: [...serverNodeFlags, builtServer] },
  { name: 'TypeScript through tsx', command: ['--import', 'tsx', path.join(root, 'src/server/main.ts')] },
];
try {
  // The first start creates and migrates the database; what is measured is every start after it.
  await startOnce(variants[0]!.command);
  const rows: Array<Array<string | number>> = [];
  for (const variant of variants) {
    const runs = [];
    for (let run = 0; run < Number(args.runs); run++) {
      log.write(`\r${variant.name}: start ${run + 1} of ${args.runs}`);
      runs.push(await startOnce(variant.command));
    }
    rows.push([
      variant.name,
      runs.length,
      Math.round(median(runs.map((run) => run.listeningMs))),
      Math.round(median(runs.map((run) => run.idleRssMb))),
    ]);
  }
  log.write('\n');
  publish(
    {
      benchmark: 'start',
      title: `Server start on a migrated SQLite database, idle ${args.idle} s`,
      columns: ['server', 'starts', 'start to first answer ms (median)', 'idle RSS MB (median)'],
      rows,
    },
    args.json,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
