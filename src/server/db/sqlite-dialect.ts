import type SQLite from 'better-sqlite3';
import { SqliteAdapter, SqliteDialect, type Driver, type SqliteDatabase } from 'kysely';
import { GroupCommitSqliteDriver, type GroupCommitOptions } from './group-commit-driver.ts';

/**
 * SQLite's DDL is transactional, but Kysely's adapter says otherwise, so its Migrator would run a
 * migration statement by statement: a crash half-way through (a kill, a power cut during the first
 * start or an upgrade) left tables behind without the migration's record, and every later start
 * failed on "table already exists". Declaring it lets the Migrator run each migration, with its
 * record, in one transaction: all of it or none.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with transactional DDL and group commit (group-commit-driver.ts). */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: SQLite.Database;
  readonly #options: GroupCommitOptions;

  constructor(sqlite: SQLite.Database, options: GroupCommitOptions = {}) {
    super({ database: sqlite as unknown as SqliteDatabase });
    this.#sqlite = sqlite;
    this.#options = options;
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#sqlite, this.#options);
  }
}
