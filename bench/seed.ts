import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { seedRecords } from './support/seeder.ts';

/**
 * `npm run bench:seed -- --records N [--years Y] [--database-url postgres://…] [--data-dir DIR]`
 *
 * Writes N believable work records — workers, setups, setup interruptions, interruptions,
 * overnight stops, defects — spread evenly over the last Y years (default 1), into the configured
 * database (SQLite in DATA_DIR unless a PostgreSQL URL is given).
 */
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    years: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const total = Number(values.records);
const years = Number(values.years);
if (!Number.isInteger(total) || total < 1 || !(years > 0))
  throw new Error('--records must be a positive whole number and --years positive');

const config = loadConfig({
  ...process.env,
  ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
});
const { seconds, engine } = await seedRecords(config, {
  total,
  years,
  seed: Number(values.seed),
  onProgress: (written) => process.stdout.write(`\r${written.toLocaleString('en')} / ${total.toLocaleString('en')} records`),
});
process.stdout.write(
  `\nWrote ${total.toLocaleString('en')} records in ${seconds.toFixed(1)} s: ${Math.round(total / seconds).toLocaleString('en')} records/s (${engine}).\n`,
);
