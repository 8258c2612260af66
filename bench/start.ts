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
 * `npm run bench:start [-- --runs 10 --idle 3 --rest 40] [--quick] [--json]`
 *
 * The server as `npm start` and the tests run it (compiled, dist/server/main.js) and, in the same
 * run, as TypeScript through tsx's loader: time from spawn to the first answered request on an
 * already migrated SQLite database, and resident memory after `--idle` seconds without traffic.
 * The first few starts of each also wait until `--rest` seconds: V8's memory reducer gives back the
 * young generation that the start grew only some 20–30 s after the last collection, so the memory a
 * server holds while it waits for its first tablet is that second figure (0: not measured).
 */
const args = benchArguments({
  runs: { full: '10', quick: '4' },
  idle: { full: '3', quick: '2' },
  rest: { full: '40', quick: '0' },
});
const restingStarts = 3;
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

interface StartFigures {
  listeningMs: number;
  idleRssMb: number;
  /** After `--rest` seconds, when asked for. */
  restRssMb?: number;
}

async function startOnce(command: string[], restSeconds = 0): Promise<StartFigures> {
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
    const idleRssMb = processMemory(child.pid!).rssMb;
    if (restSeconds <= Number(args.idle)) return { listeningMs, idleRssMb };
    await sleep((restSeconds - Number(args.idle)) * 1000);
    return { listeningMs, idleRssMb, restRssMb: processMemory(child.pid!).rssMb };
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
    const runs: StartFigures[] = [];
    for (let run = 0; run < Number(args.runs); run++) {
      log.write(`\r${variant.name}: start ${run + 1} of ${args.runs}`);
      runs.push(await startOnce(variant.command, run < restingStarts ? Number(args.rest) : 0));
    }
    const resting = runs.flatMap((run) => (run.restRssMb === undefined ? [] : [run.restRssMb]));
    rows.push([
      variant.name,
      runs.length,
      Math.round(median(runs.map((run) => run.listeningMs))),
      Math.round(median(runs.map((run) => run.idleRssMb))),
      resting.length > 0 ? Math.round(median(resting)) : '—',
    ]);
  }
  log.write('\n');
  publish(
    {
      benchmark: 'start',
      title: `Server start on a migrated SQLite database, idle ${args.idle} s, at rest ${args.rest} s`,
      columns: [
        'server',
        'starts',
        'start to first answer ms (median)',
        `RSS MB after ${args.idle} s (median)`,
        `RSS MB at rest, ${args.rest} s (median of the first ${restingStarts})`,
      ],
      rows,
    },
    args.json,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
