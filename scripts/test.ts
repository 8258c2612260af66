import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureChromium } from './chromium.ts';

/**
 * `npm test`: typecheck, lint, formatting, unit, API on SQLite and PostgreSQL, the build, reliability (kills and
 * backups of the built server), then end-to-end in Chromium against the built client and server. Each suite prints its own
 * count; the last line sums them up.
 */
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'kosu-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/**
 * Commands that do not depend on each other, run side by side: each is single-threaded, and the
 * machine has more than one core. Each one's output is kept and printed whole when it ends.
 */
async function runSideBySide(commands: Array<{ label: string; command: string; args: string[] }>): Promise<void> {
  await Promise.all(
    commands.map(
      ({ label, command, args }) =>
        new Promise<void>((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          // Decoded as a stream, so that a character split between two chunks stays whole.
          for (const stream of [child.stdout, child.stderr]) {
            stream.setEncoding('utf8');
            stream.on('data', (text: string) => (output += text));
          }
          let ended = false;
          // A command that cannot start reports an error, and may then report its close as well.
          const end = (passed: boolean, why = '') => {
            if (ended) return;
            ended = true;
            process.stdout.write(`\n=== ${label} ===\n${output}${why}`);
            if (!passed) failures.push(label);
            resolve();
          };
          child.on('error', (error) => end(false, `${error.message}\n`));
          child.on('close', (code) => end(code === 0));
        }),
    ),
  );
}

/** One suite: vitest's projects of that name, or the ones given, in one run and one count. */
function runVitest(suite: string, projects: string[] = [suite]): void {
  const report = path.join(reports, `${suite}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  run(suite, bin('vitest'), ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    const skipped = summary.numPendingTests + summary.numTodoTests;
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += skipped;
    process.stdout.write(`${suite}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped\n`);
    if (summary.numPassedTests === 0) failures.push(`${suite} ran no test`);
  } catch {
    failures.push(`${suite} wrote no report`);
  }
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

await runSideBySide([
  { label: 'typecheck', command: bin('tsc'), args: ['--noEmit'] },
  { label: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { label: 'format', command: bin('prettier'), args: ['--check', '.'] },
]);
runVitest('unit');
runVitest('api-sqlite', ['api-sqlite', 'api-sqlite-own-modules']);

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
if (await postgresAnswers(postgresUrl)) {
  runVitest('api-postgres', ['api-postgres', 'api-postgres-own-modules']);
} else if (process.env.CI === 'true') {
  process.stdout.write(`\nPostgreSQL does not answer at ${postgresUrl}: under CI that is a failure.\n`);
  failures.push('api-postgres (no PostgreSQL)');
} else {
  process.stdout.write(
    `\n${'!'.repeat(72)}\n!! PostgreSQL does not answer at ${postgresUrl}.\n!! The PostgreSQL API suites were SKIPPED. Set TEST_DATABASE_URL to run them.\n${'!'.repeat(72)}\n`,
  );
}

// The reliability and browser suites run the server as `npm start` does, compiled, so both come after the build.
const built = run('build', bin('tsx'), ['scripts/build.ts', '--always']);
if (built) runVitest('reliability');

try {
  ensureChromium();
  if (built) runVitest('e2e');
} catch (error) {
  process.stdout.write(`\n${(error as Error).message}\n`);
  failures.push('e2e (no Chromium)');
}

process.stdout.write(`\n${failures.length ? `FAILED: ${failures.join(', ')}` : 'All suites passed.'}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failures.length ? 1 : 0);
