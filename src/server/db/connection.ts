import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';
import { GroupCommitSqliteDialect } from './sqlite-dialect.ts';
import { preparingPool } from './prepared-statements.ts';

export type Engine = DatabaseConfig['engine'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The SQLite connection itself, for the checks and backups that Kysely does not expose. */
  sqlite?: SQLite.Database;
  /** On PostgreSQL, a connection of its own outside the pool: the event bus LISTENs on one. */
  dedicatedClient?: () => pg.Client;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Called for every statement sent to the database; the tests count them with it. */
  onQuery?: (sql: string) => void;
}

export function openDatabase(config: DatabaseConfig, options: DatabaseOptions = {}): DatabaseHandle {
  return config.engine === 'sqlite' ? openSqlite(config.file, options) : openPostgres(config.url, options);
}

function queryLog(options: DatabaseOptions): KyselyConfig['log'] {
  const { onQuery } = options;
  return onQuery ? (event) => onQuery(event.query.sql) : undefined;
}

/**
 * One connection, so one writer at a time; WAL lets readers go on beside it. synchronous=FULL
 * syncs the log at every commit: an acknowledged work action survives a power cut, not only a
 * crash of the process (docs/OPERATIONS.md). The transactions that arrive together share one
 * commit (group-commit-driver.ts).
 */
function openSqlite(file: string, options: DatabaseOptions): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(sqlite, { onStatement: options.onQuery }),
    log: queryLog(options),
  });
  return { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
}

/**
 * pg is loaded only when PostgreSQL is configured: a workshop on SQLite never needs it, and it is
 * about 14 MB of the server's memory (docs/PERFORMANCE.md, Start). require keeps opening synchronous.
 */
function loadPg(): typeof pg {
  return createRequire(import.meta.url)('pg') as typeof pg;
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** How PostgreSQL writes a timestamptz in the zone UTC: "2026-01-15 08:30:00+00", with up to six decimals of the second. */
const UTC_TIMESTAMPTZ = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as the ISO string of its instant, exactly as `new Date(value).toISOString()` writes
 * it (milliseconds, the rest of the second dropped). In UTC, as the sessions are unless the server is
 * set otherwise, it is rewritten directly: Date's parser, which this form sends down its slow path,
 * was a tenth of a year's CSV export on PostgreSQL.
 */
export function isoOfTimestamptz(value: string): string {
  const utc = UTC_TIMESTAMPTZ.exec(value);
  if (!utc) return new Date(value).toISOString();
  return `${utc[1]!}T${utc[2]!}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** Parses what PostgreSQL answers into the same shapes as SQLite: ISO strings and plain numbers. */
const postgresTypes = (types: typeof pg.types) =>
  ({
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === TIMESTAMPTZ_OID) return isoOfTimestamptz;
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return types.getTypeParser(oid, format);
    },
  }) as pg.CustomTypesConfig;

function openPostgres(url: string, options: DatabaseOptions): DatabaseHandle {
  const pg = loadPg();
  const pool = new pg.Pool({ connectionString: url, types: postgresTypes(pg.types), max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), log: queryLog(options) });
  const dedicatedClient = () => new pg.Client({ connectionString: url });
  return { db, engine: 'postgres', dedicatedClient, close: () => db.destroy() };
}
