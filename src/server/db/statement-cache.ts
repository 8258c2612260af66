import type SQLite from 'better-sqlite3';
import { answersArrays } from './array-rows.ts';

const CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare(), and Kysely prepares every query it runs.
 * The application runs a few hundred distinct queries again and again, so the compiled statements
 * are kept, the oldest forgotten first. Kysely runs one query at a time on this connection, so a
 * statement is never reused while another run of it is under way.
 */
export function withStatementCache(database: SQLite.Database): { prepare(sql: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (answersArrays(sql)) statement.raw(true);
        if (statements.size >= CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
