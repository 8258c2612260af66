import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { table, type BenchReport } from './support/report.ts';

/**
 * `npm run bench`: the quick variant of every benchmark, one after another (about a minute on SQLite),
 * then one table of all their figures. `npm run bench -- --json` prints the reports as JSON lines
 * instead, for a script that compares runs.
 */
const benchmarks = ['start', 'seed', 'actions', 'list', 'csv', 'export-under-load', 'frontend', 'board', 'analytics'];
const files: Record<string, string> = { actions: 'work-actions.ts' };
const root = path.resolve(import.meta.dirname, '..');
const json = process.argv.includes('--json');

const reports: BenchReport[] = [];
const failed: string[] = [];
for (const name of benchmarks) {
  process.stderr.write(`\n— ${name}\n`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, files[name] ?? `${name}.ts`), '--quick', '--json'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
  );
  if (result.status !== 0) failed.push(name);
  for (const line of result.stdout.split('\n')) if (line.startsWith('{')) reports.push(JSON.parse(line) as BenchReport);
}

if (json) {
  for (const report of reports) process.stdout.write(`${JSON.stringify(report)}\n`);
} else {
  const rows = reports.flatMap((report) =>
    report.rows.map((row) => [report.benchmark, row.map((cell, column) => `${report.columns[column]}: ${cell}`).join('; ')]),
  );
  process.stdout.write(
    `\nQuick benchmarks (figures of small data; docs/PERFORMANCE.md has the full runs)\n\n${table(['benchmark', 'figures'], rows)}\n`,
  );
}
if (failed.length) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
