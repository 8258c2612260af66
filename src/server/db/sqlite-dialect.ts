import { SqliteAdapter, SqliteDialect } from 'kysely';

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

export class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
