import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, type QueryResult, CompiledQuery } from 'kysely';
import { withStatementCache } from './statement-cache.ts';

/** The most transactions one commit holds, and how long a group may stay open while others wait. */
export const GROUP_MEMBER_LIMIT = 64;
export const GROUP_AGE_LIMIT_MS = 10;

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

/** What one turn on the connection did: the group it ran in, and whether it wrote. */
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
 * GROUP_MEMBER_LIMIT transactions or is GROUP_AGE_LIMIT_MS old. A transaction, and a write outside
 * one, is answered only once its group's commit has returned: nothing is acknowledged that a power
 * cut could still take away. If the commit fails, every member fails with it and nothing of theirs
 * is stored. A read outside a transaction does not wait: it may see a group's writes a moment before
 * they are on disk, as a reader on the same connection always could.
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

  /** `onStatement` hears the statements the driver sends of its own (begin, savepoint, release, commit), which Kysely's log does not. */
  constructor(sqlite: SQLite.Database, onStatement?: (sql: string) => void) {
    this.#sqlite = sqlite;
    this.#onStatement = onStatement;
    this.#prepare = withStatementCache(sqlite).prepare;
    this.#connection = {
      executeQuery: <R>(query: CompiledQuery) => Promise.resolve(this.#execute<R>(query)),
      streamQuery: () => {
        throw new Error('streaming is not used on SQLite');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#locked) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#locked = true;
    this.#use = { group: this.#group, wrote: false };
    return this.#connection;
  }

  async beginTransaction(): Promise<void> {
    if (this.#group && !this.#sqlite.inTransaction) this.#fail(new Error('SQLite rolled the group back'));
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
    this.#use.wrote = false;
  }

  async releaseConnection(): Promise<void> {
    const { group, wrote } = this.#use;
    this.#unlock();
    if (group && wrote) await group.committed;
  }

  async destroy(): Promise<void> {
    if (this.#group) this.#commit();
    this.#destroyed = true;
    this.#sqlite.close();
  }

  #execute<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(sql);
    if (!statement.readonly) this.#use.wrote = true;
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #run(sql: string): void {
    this.#prepare(sql).run();
    this.#onStatement?.(sql);
  }

  #unlock(): void {
    const group = this.#group;
    const next = this.#waiting.shift();
    if (group) {
      const full = group.members >= GROUP_MEMBER_LIMIT || performance.now() - group.openedAt >= GROUP_AGE_LIMIT_MS;
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
    const group = this.#group!;
    this.#group = undefined;
    group.reject(error);
  }
}
