import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, type QueryResult, CompiledQuery } from 'kysely';
import { withStatementCache } from './statement-cache.ts';

export interface GroupCommitOptions {
  /** Hears the statements the driver sends of its own (begin, savepoint, release, commit), which Kysely's log does not. */
  onStatement?: (sql: string) => void;
  /** The most transactions one commit holds while others wait: 64. */
  memberLimit?: number;
  /** How long a group may stay open while others wait: 10 ms. */
  ageLimitMs?: number;
}

/** The savepoint each transaction runs in; they run one after another, so one name is enough. */
const MEMBER = 'group_member';

/** Transactions that share one commit: each is answered when that commit is on disk, or fails with it. */
class Group {
  members = 0;
  readonly openedAt = performance.now();
  readonly committed: Promise<void>;
  resolve!: () => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A group nobody waits for (its members only read) must not report an unhandled rejection.
    this.committed.catch(() => undefined);
  }
}

/** What one turn on the connection is: a transaction, a member of `group` once begun, and whether it wrote. */
interface Use {
  group: Group | undefined;
  wrote: boolean;
}

/**
 * Kysely's SQLite driver with group commit. With `synchronous = FULL`, each commit waits for the
 * disk, and a work action's commit (nine pages of the log) was four fifths of the database's time.
 * So the transactions that arrive together share one commit: the first opens the group's
 * transaction, each runs in a savepoint of it (a failure rolls back its own savepoint only), and
 * the group commits as soon as no other transaction waits for the connection, or when it holds
 * 64 transactions or is 10 ms old. A transaction that wrote is
 * answered only once its group's commit has returned: nothing is acknowledged that a power cut
 * could still take away. If the commit fails, every member fails with it and nothing of theirs is
 * stored. A write outside a transaction first commits the open group, then commits itself, so it
 * is on disk when answered and never shares a failure with the group.
 *
 * A read outside a transaction does not wait for the group: it may see the group's writes before
 * they are committed. Only a failed commit (a full or failing disk) could take back what it showed;
 * no write is acknowledged before its commit.
 *
 * Two things Kysely's own driver allowed are not safe here, and the product does neither:
 * - a transaction that waits, inside its callback, for a transaction begun before it outside it: that
 *   one waits for the group's commit, which waits for the connection the waiting transaction holds;
 * - `db.startTransaction()`: its `commit()` would answer before the group's commit, so its savepoints
 *   are not offered either. The lint refuses it in the server, scripts, benchmarks and tests.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: SQLite.Database;
  readonly #prepare: (sql: string) => SQLite.Statement;
  readonly #connection: DatabaseConnection;
  readonly #waiting: (() => void)[] = [];
  #locked = false;
  #group: Group | undefined;
  #use: Use = { group: undefined, wrote: false };
  #commitScheduled = false;
  #destroyed = false;
  readonly #onStatement: ((sql: string) => void) | undefined;
  readonly #memberLimit: number;
  readonly #ageLimitMs: number;

  constructor(sqlite: SQLite.Database, { onStatement, memberLimit = 64, ageLimitMs = 10 }: GroupCommitOptions = {}) {
    this.#sqlite = sqlite;
    this.#onStatement = onStatement;
    this.#memberLimit = memberLimit;
    this.#ageLimitMs = ageLimitMs;
    this.#prepare = withStatementCache(sqlite).prepare;
    this.#connection = {
      executeQuery: <R>(query: CompiledQuery) => Promise.resolve(this.#execute<R>(query)),
      streamQuery: <R>(query: CompiledQuery) => this.#stream<R>(query),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#locked) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#locked = true;
    this.#use = { group: undefined, wrote: false };
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    if (!this.#sqlite.inTransaction) this.#fail(new Error('SQLite rolled the group back'));
    if (!this.#group) {
      this.#run('begin');
      this.#group = new Group();
    }
    this.#group.members++;
    this.#use.group = this.#group;
    this.#run(`savepoint ${MEMBER}`);
  }

  async commitTransaction(): Promise<void> {
    this.#run(`release ${MEMBER}`);
  }

  async rollbackTransaction(): Promise<void> {
    if (this.#sqlite.inTransaction) {
      this.#run(`rollback to ${MEMBER}`);
      this.#run(`release ${MEMBER}`);
    } else {
      // An error such as a full disk made SQLite roll back the whole transaction, the group's other
      // members included.
      this.#fail(new Error('SQLite rolled the group back'));
    }
    this.#use = { group: undefined, wrote: false };
  }

  async releaseConnection(): Promise<void> {
    const { group, wrote } = this.#use;
    this.#unlock();
    if (group && wrote) await group.committed;
  }

  /**
   * Commits the group when nobody holds the connection; a transaction still under way when the
   * database closes is cut off with its group, none of which has been answered yet.
   */
  async destroy(): Promise<void> {
    if (this.#group && !this.#locked) this.#commit();
    else if (this.#group) {
      if (this.#sqlite.inTransaction) this.#run('rollback');
      this.#fail(new Error('the database was closed during the transaction'));
    }
    this.#destroyed = true;
    this.#sqlite.close();
  }

  #execute<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(sql);
    if (!statement.readonly) {
      if (this.#use.group === undefined && this.#group) this.#commit();
      this.#use.wrote = true;
    }
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *#stream<R>({ sql, parameters }: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#prepare(sql);
    if (!statement.reader) throw new Error('only a query that answers rows can be streamed');
    for (const row of statement.iterate(parameters)) yield { rows: [row as R] };
  }

  #run(sql: string): void {
    this.#prepare(sql).run();
    this.#onStatement?.(sql);
  }

  #unlock(): void {
    const group = this.#group;
    const next = this.#waiting.shift();
    if (group) {
      const full = group.members >= this.#memberLimit || performance.now() - group.openedAt >= this.#ageLimitMs;
      if (next === undefined) this.#scheduleCommit();
      else if (full) this.#commit();
    }
    if (next) next();
    else this.#locked = false;
  }

  /**
   * The commit waits for the turn of the event loop after the transactions that are ready now:
   * requests read in the same turn reach the connection before it and join the group.
   */
  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      this.#commitScheduled = false;
      // A holder of the connection commits or schedules again when it lets go.
      if (!this.#locked && this.#group && !this.#destroyed) this.#commit();
    });
  }

  #commit(): void {
    const group = this.#group!;
    this.#group = undefined;
    try {
      if (!this.#sqlite.inTransaction) throw new Error('SQLite rolled the group back');
      this.#run('commit');
      group.resolve();
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#run('rollback');
      group.reject(error);
    }
  }

  #fail(error: Error): void {
    const group = this.#group;
    this.#group = undefined;
    group?.reject(error);
  }
}
