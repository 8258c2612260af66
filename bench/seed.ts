import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { benchArguments, progress, publish } from './support/report.ts';
import { seedRecords } from './support/seeder.ts';

/**
 * `npm run bench:seed -- --records N [--years Y] [--database-url postgres://…] [--data-dir DIR] [--quick] [--json]`
 *
 * Writes N believable work records — workers, setups, setup interruptions, interruptions,
 * overnight stops, defects — spread evenly over the last Y years (default 1), into the configured
 * database (SQLite in DATA_DIR unless a PostgreSQL URL is given). `--quick` writes 20,000 records into
 * a new SQLite database that is removed afterwards.
 */
const args = benchArguments({
  records: { full: '100000', quick: '20000' },
  years: { full: '1', quick: '1' },
  'data-dir': { full: '', quick: '' },
  seed: { full: '1', quick: '1' },
});
const total = Number(args.records);
const years = Number(args.years);
if (!Number.isInteger(total) || total < 1 || !(years > 0))
  throw new Error('--records must be a positive whole number and --years positive');

const throwaway = args.quick && !args['data-dir'] && !args.databaseUrl ? mkdtempSync(path.join(tmpdir(), 'kosu-seed-')) : undefined;
const dataDir = args['data-dir'] || throwaway;
const config = loadConfig({
  ...process.env,
  ...(args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {}),
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
});
const log = progress(args.json);
try {
  const { seconds, engine } = await seedRecords(config, {
    total,
    years,
    seed: Number(args.seed),
    onProgress: (written) => log.write(`\r${written.toLocaleString('en')} / ${total.toLocaleString('en')} records`),
  });
  log.write('\n');
  publish(
    {
      benchmark: 'seed',
      title: `Data generator, ${engine}`,
      columns: ['records', 'seconds', 'records/s'],
      rows: [[total, Number(seconds.toFixed(1)), Math.round(total / seconds)]],
    },
    args.json,
  );
} finally {
  if (throwaway) rmSync(throwaway, { recursive: true, force: true });
}
