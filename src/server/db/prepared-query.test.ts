import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './connection.ts';
import { migrateToLatest } from './migrate.ts';
import { columnsOf, preparedQuery, standIns, type ValueOf } from './prepared-query.ts';
import type { Database } from './schema.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let statements: string[];

beforeEach(async () => {
  statements = [];
  handle = openDatabase({ engine: 'sqlite', file: ':memory:' }, { onQuery: (text) => statements.push(text) });
  db = handle.db;
  await migrateToLatest(db);
  for (const [id, name] of [
    [1, '断裁'],
    [2, '折り'],
    [3, '製本'],
  ] as const) {
    const at = '2026-11-26T00:00:00.000Z';
    await db
      .insertInto('processings')
      .values({ id, name, display_order: id, created_at: at, created_by: null, updated_at: at, updated_by: null, deleted_at: null })
      .execute();
  }
  statements = [];
});

afterEach(() => handle.close());

describe('preparedQuery', () => {
  it('runs the query with the values it is given each time, constants of the query kept', async () => {
    let builds = 0;
    const named = preparedQuery((database, value: ValueOf<{ from: number; to: number }>) => {
      builds++;
      return database
        .selectFrom('processings')
        .select(['id', 'name'])
        .where('id', '>=', value('from'))
        .where('id', '<=', value('to'))
        .where('deleted_at', 'is', null)
        .where('display_order', '>', 0)
        .orderBy('id');
    });

    expect(await named(db, { from: 1, to: 2 })).toEqual([
      { id: 1, name: '断裁' },
      { id: 2, name: '折り' },
    ]);
    expect(await named(db, { from: 2, to: 3 })).toEqual([
      { id: 2, name: '折り' },
      { id: 3, name: '製本' },
    ]);
    // Built once; the same text each time.
    expect(builds).toBe(1);
    expect(new Set(statements).size).toBe(1);
  });

  it('uses a value as often as the query names it, and runs in a transaction', async () => {
    const renamed = preparedQuery((database, value: ValueOf<{ id: number; name: string }>) =>
      database
        .updateTable('processings')
        .set({ name: value('name') })
        .where('id', '=', value('id'))
        .where(sql<boolean>`${value('id')} = ${value('id')}`),
    );
    await db.transaction().execute((transaction) => renamed(transaction, { id: 2, name: '折り加工' }));
    expect(await db.selectFrom('processings').select('name').where('id', '=', 2).executeTakeFirst()).toEqual({ name: '折り加工' });
  });

  it('compiles each shape once, and tells the shapes apart', async () => {
    let builds = 0;
    const ordered = preparedQuery((database, value: ValueOf<{ from: number }>, direction: 'asc' | 'desc') => {
      builds++;
      return database.selectFrom('processings').select('id').where('id', '>=', value('from')).orderBy('id', direction);
    });
    expect(await ordered(db, { from: 2 }, 'asc')).toEqual([{ id: 2 }, { id: 3 }]);
    expect(await ordered(db, { from: 2 }, 'desc')).toEqual([{ id: 3 }, { id: 2 }]);
    expect(await ordered(db, { from: 1 }, 'desc')).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    expect(builds).toBe(2);
  });

  it('writes the columns given, in any order, and leaves out a column whose value is undefined, as Kysely does', async () => {
    const updated = preparedQuery((database, value: ValueOf<Record<string, unknown>>, columns: string) =>
      database
        .updateTable('processings')
        .set(standIns(columns, value))
        .where('id', '=', value('id') as number),
    );
    const update = (changes: Record<string, unknown>) => updated(db, { ...changes, id: 2 }, columnsOf(changes));
    await update({ name: '折り加工', display_order: undefined });
    await update({ display_order: 7, name: '折り加工' });
    expect(await db.selectFrom('processings').select(['name', 'display_order']).where('id', '=', 2).executeTakeFirst()).toEqual({
      name: '折り加工',
      display_order: 7,
    });
    expect(columnsOf({ name: 'x', display_order: undefined })).toBe('name');
    expect(columnsOf({ display_order: 7, name: 'x' })).toBe(columnsOf({ name: 'x', display_order: 7 }));
  });

  it("takes a list's items as parameters, its length as part of the shape", async () => {
    let builds = 0;
    const named = preparedQuery((database, value: ValueOf<{ ids: number[]; names: string[] }>, count: string) => {
      builds++;
      return database
        .selectFrom('processings')
        .select(['id', 'name'])
        .where('id', 'in', value.items('ids', Number(count)))
        .where('name', 'in', value.items('names', Number(count)))
        .orderBy('id');
    });
    const find = (ids: number[], names: string[]) => named(db, { ids, names }, String(ids.length));
    expect(await find([1, 3], ['断裁', '製本'])).toEqual([
      { id: 1, name: '断裁' },
      { id: 3, name: '製本' },
    ]);
    expect(await find([2, 3], ['折り', '断裁'])).toEqual([{ id: 2, name: '折り' }]);
    expect(await find([2], ['折り'])).toEqual([{ id: 2, name: '折り' }]);
    expect(builds).toBe(2);
    expect(new Set(statements).size).toBe(2);
  });

  it('inserts rows from items of several lists, in their order', async () => {
    const added = preparedQuery((database, value: ValueOf<{ ids: number[]; names: string[] }>, count: string) => {
      const names = value.items('names', Number(count));
      return database.insertInto('processings').values(
        value.items('ids', Number(count)).map((id, index) => ({
          id,
          name: names[index]!,
          display_order: id,
          created_at: '2026-11-26T00:00:00.000Z',
          created_by: null,
          updated_at: '2026-11-26T00:00:00.000Z',
          updated_by: null,
          deleted_at: null,
        })),
      );
    });
    await added(db, { ids: [4, 5], names: ['貼り', '抜き'] }, '2');
    expect(await db.selectFrom('processings').select(['id', 'name']).where('id', '>', 3).orderBy('id').execute()).toEqual([
      { id: 4, name: '貼り' },
      { id: 5, name: '抜き' },
    ]);
  });

  it('refuses an item that shapes the text instead of becoming a parameter', async () => {
    const misused = preparedQuery((database, value: ValueOf<{ columns: string[] }>) =>
      database.selectFrom('processings').select(value.items('columns', 2).map((column) => sql.ref(column).as(column))),
    );
    await expect(misused(db, { columns: ['id', 'name'] })).rejects.toThrow(
      'prepared query: columns#0, columns#1 did not become parameters of',
    );
  });

  it('refuses a value that shapes the text instead of becoming a parameter', async () => {
    const misused = preparedQuery((database, value: ValueOf<{ column: string }>) =>
      database.selectFrom('processings').select(sql.ref(value('column')).as('picked')),
    );
    await expect(misused(db, { column: 'name' })).rejects.toThrow('prepared query: column did not become parameters of');
  });
});
