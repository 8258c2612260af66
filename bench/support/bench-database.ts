import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../../e2e/support/server.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { countRecords, seedRecords } from './seeder.ts';

export interface BenchDatabase {
  config: Config;
  /** What the server is started with to use this database. */
  env: Record<string, string>;
  dataDir?: string;
}

/**
 * A database holding `records` generated records over `years` years: SQLite in a folder named for
 * its size (kept between runs, so that a second run skips the seeding), or the PostgreSQL database
 * at `databaseUrl`, seeded when it holds fewer records.
 */
export async function benchDatabase(options: {
  records: number;
  years: number;
  databaseUrl?: string;
  log?: NodeJS.WritableStream;
}): Promise<BenchDatabase> {
  const log = options.log ?? process.stdout;
  const dataDir = path.join(tmpdir(), `kosu-bench-${options.records}-${options.years}y`);
  if (!options.databaseUrl) mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir };
  // The administrator the seeding creates must be the one the benchmarks sign in as.
  const config = loadConfig({
    ...process.env,
    ...env,
    DATA_DIR: dataDir,
    ADMIN_USER_NAME: E2E_ADMIN.userName,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  const present = await countRecords(config);
  if (present < options.records) {
    log.write(`Seeding ${(options.records - present).toLocaleString('en')} records…\n`);
    const { seconds } = await seedRecords(config, { total: options.records - present, years: options.years, seed: 1 });
    log.write(`Seeded in ${seconds.toFixed(1)} s.\n`);
  }
  return { config, env: { ...env, DATA_DIR: dataDir }, dataDir: options.databaseUrl ? undefined : dataDir };
}

/** The first and last day of the month before this one: a whole month of data. */
export function lastWholeMonth(): { from: string; to: string } {
  const today = new Date();
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
