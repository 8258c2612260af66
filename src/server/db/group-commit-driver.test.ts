import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-dialect.ts';

interface TestDatabase {
  parents: { id: number };
  children: { id: number; parent_id: number };
}

const MEMBER_LIMIT = 64;
let directory: string;
let file: string;
let db: Kysely<TestDatabase>;
/** Another connection to the same file: it sees only what has been committed. */
let observer: SQLite.Database;

beforeEach(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'kosu-group-commit-'));
  file = path.join(directory, 'test.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // A group stays open however long the transactions take on a busy machine; the age limit has a test of its own.
  db = new Kysely<TestDatabase>({ dialect: new GroupCommitSqliteDialect(sqlite, { memberLimit: MEMBER_LIMIT, ageLimitMs: 60_000 }) });
  await sql`create table parents (id integer primary key)`.execute(db);
  // Checked at the commit, so that a member can make its group's commit fail.
  await sql`create table children (id integer primary key, parent_id integer not null references parents (id) deferrable initially deferred)`.execute(
    db,
  );
  observer = new SQLite(file, { readonly: true });
});

afterEach(async () => {
  observer.close();
  await db.destroy();
  rmSync(directory, { recursive: true, force: true });
});

const committedParents = () => (observer.prepare('select count(*) as count from parents').get() as { count: number }).count;
const committedIds = () => (observer.prepare('select id from parents order by id').all() as { id: number }[]).map((row) => row.id);
const insertParent = (id: number) =>
  db.transaction().execute(async (transaction) => {
    await transaction.insertInto('parents').values({ id }).execute();
  });

describe('group commit (SQLite)', () => {
  it('commits the transactions that arrive together at once, and answers each only when it is committed', async () => {
    const committedWhileRunning: number[] = [];
    const committedWhenAnswered: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        db
          .transaction()
          .execute(async (transaction) => {
            await transaction
              .insertInto('parents')
              .values({ id: index + 1 })
              .execute();
            committedWhileRunning.push(committedParents());
          })
          .then(() => committedWhenAnswered.push(committedParents())),
      ),
    );
    // None was committed while the twenty ran, and all were when the first was answered: one commit.
    expect(committedWhileRunning).toEqual(Array(20).fill(0));
    expect(committedWhenAnswered).toEqual(Array(20).fill(20));
  });

  it('rolls back a failing transaction alone: the others of its group are committed', async () => {
    const results = await Promise.allSettled([
      insertParent(1),
      db.transaction().execute(async (transaction) => {
        await transaction.insertInto('parents').values({ id: 2 }).execute();
        throw new Error('the check after the insert failed');
      }),
      insertParent(3),
      // A constraint the statement itself breaks (the primary key), not only an error of the caller.
      insertParent(1),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('the check after the insert failed'));
    expect(committedIds()).toEqual([1, 3]);
  });

  it('fails every member of a group whose commit fails, stores none of them, and goes on with the next group', async () => {
    const results = await Promise.allSettled([
      insertParent(1),
      // Valid until the commit, which checks the deferred reference.
      db.transaction().execute(async (transaction) => {
        await transaction.insertInto('children').values({ id: 1, parent_id: 999 }).execute();
      }),
      insertParent(2),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
    expect(committedIds()).toEqual([]);

    await insertParent(4);
    expect(committedIds()).toEqual([4]);
  });

  it('commits the open group before a write outside a transaction, and that write by itself: both on disk when it is answered', async () => {
    const transaction = insertParent(1);
    let seenWhenAnswered = -1;
    const write = db
      .insertInto('parents')
      .values({ id: 2 })
      .execute()
      .then(() => (seenWhenAnswered = committedParents()));
    await Promise.all([transaction, write]);
    expect(seenWhenAnswered).toBe(2);
  });

  it('does not hang a transaction that waits for a write begun before it outside a transaction', async () => {
    const first = insertParent(1);
    const write = db.insertInto('parents').values({ id: 2 }).execute();
    const waiting = db.transaction().execute(async (transaction) => {
      await write;
      await transaction.insertInto('parents').values({ id: 3 }).execute();
    });
    await Promise.all([first, write, waiting]);
    expect(committedIds()).toEqual([1, 2, 3]);
  });

  it('stores nothing of a transaction still under way when the database closes, and fails it', async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const underWay = db.transaction().execute(async (transaction) => {
      await transaction.insertInto('parents').values({ id: 1 }).execute();
      await held;
      await transaction.insertInto('parents').values({ id: 2 }).execute();
    });
    const outcome = underWay.then(
      () => 'committed',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    await db.destroy();
    letGo();
    expect(await outcome).toBe('failed');
    expect(committedParents()).toBe(0);
    // afterEach destroys the database once more, which must do nothing.
  });

  it('streams the rows of a query', async () => {
    await Promise.all([insertParent(1), insertParent(2)]);
    const ids: number[] = [];
    for await (const row of db.selectFrom('parents').select('id').orderBy('id').stream()) ids.push(row.id);
    expect(ids).toEqual([1, 2]);
  });

  it(`commits a group at ${MEMBER_LIMIT} transactions while more wait, so that the first are not held back by the last`, async () => {
    const seenWhenAnswered = new Map<number, number>();
    const count = MEMBER_LIMIT * 3;
    await Promise.all(
      Array.from({ length: count }, (_, index) => insertParent(index + 1).then(() => seenWhenAnswered.set(index + 1, committedParents()))),
    );
    expect(seenWhenAnswered.get(1)).toBeLessThanOrEqual(MEMBER_LIMIT);
    expect(committedParents()).toBe(count);
  });

  it('commits a group at its age limit while more transactions wait', async () => {
    const eager = new Kysely<TestDatabase>({ dialect: new GroupCommitSqliteDialect(new SQLite(file), { ageLimitMs: 0 }) });
    const committedWhileRunning: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        eager.transaction().execute(async (transaction) => {
          await transaction
            .insertInto('parents')
            .values({ id: index + 1 })
            .execute();
          committedWhileRunning.push(committedParents());
        }),
      ),
    );
    await eager.destroy();
    // Already old enough when the next one waits: each transaction is committed before the next runs.
    expect(committedWhileRunning).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers reads, outside a transaction and in one', async () => {
    await insertParent(1);
    const [read, readInTransaction] = await Promise.all([
      db.selectFrom('parents').select('id').execute(),
      db.transaction().execute((transaction) => transaction.selectFrom('parents').select('id').execute()),
    ]);
    expect(read).toEqual([{ id: 1 }]);
    expect(readInTransaction).toEqual([{ id: 1 }]);
  });
});
