import { Migrator, NO_MIGRATIONS } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection.ts';
import { ensureAdministrator, seedDefaultMasters } from '../../src/server/db/bootstrap.ts';
import { migrateToLatest, migrationProvider } from '../../src/server/db/migrate.ts';
import { savedTables } from '../support/dump.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** Every table: what users save, and the sessions, sign-in counters, idempotency keys and published events beside it. */
const tables = [...savedTables, 'sessions', 'login_throttles', 'request_counts', 'idempotency_keys', 'board_events'];

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeEach(async () => {
  testDatabase = await createTestDatabase();
  handle = openDatabase(testDatabase.config);
});
afterEach(async () => {
  await handle.close();
  await testDatabase.drop();
});

const tableNames = async () =>
  (await handle.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));

describe('migrations', () => {
  it('create the whole data model on an empty database', async () => {
    await migrateToLatest(handle.db);
    expect((await tableNames()).sort()).toEqual([...tables].sort());
  });

  it('run again without change, and all the way down then up again', async () => {
    await migrateToLatest(handle.db);
    await migrateToLatest(handle.db);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(handle.db);
    expect(await tableNames()).toHaveLength(tables.length);
  });

  it('keep a record to one open interruption at a time, in the database itself', async () => {
    await migrateToLatest(handle.db);
    await seedDefaultMasters(handle.db, handle.engine);
    const at = new Date().toISOString();
    const { id } = await handle.db
      .insertInto('product_costs')
      .values({
        slip_no: '1',
        started_on: at,
        created_at: at,
        updated_at: at,
        created_by: null,
        updated_by: null,
        deleted_at: null,
        finished_on: null,
        paper_size_id: null,
        processing_id: null,
        processing_detail_id: null,
        machine_id: null,
        company_id: null,
        superior: null,
        wound: null,
        size: null,
        miss: null,
        other: null,
        process2: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const open = {
      product_cost_id: id,
      broken_on: at,
      restarted_on: null,
      interruption_id: 1,
      interruption_other: null,
      opened_by: null,
      closed_by: null,
    };
    await handle.db.insertInto('break_times').values(open).execute();
    await expect(handle.db.insertInto('break_times').values(open).execute()).rejects.toThrow();
    await handle.db
      .insertInto('break_times')
      .values({ ...open, restarted_on: at })
      .execute();
  });
});

describe('the user ID key', () => {
  it('is filled for existing user IDs, and colliding ones are reported and kept from signing in instead of failing', async () => {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('202611220200_record_totals')).error).toBeUndefined();
    const at = new Date().toISOString();
    const employee = (user_name: string | null, deleted = false) => ({
      last_name: '従業員',
      first_name: '',
      last_phonetic_name: '',
      first_phonetic_name: '',
      email: '',
      user_name,
      password_hash: null,
      is_admin: 0,
      is_responsible: 0,
      display_order: 0,
      use_login: user_name === null ? 0 : 1,
      created_at: at,
      updated_at: at,
      created_by: null,
      updated_by: null,
      deleted_at: deleted ? at : null,
    });
    // Both engines' lower() let each of these pairs exist side by side.
    await handle.db
      .insertInto('employees')
      .values([
        employee('Ｔａｎａｋａ'),
        employee('TANAKA'),
        employee('Straße'),
        employee('STRASSE'),
        employee('Ömer', true),
        employee('ömer'),
        employee('sato'),
        employee(null),
      ])
      .execute();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      await migrateToLatest(handle.db);
      expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
        expect.stringContaining(
          '"tanaka" names several employees. Employee 1 (Ｔａｎａｋａ) keeps it; employees 2 (TANAKA) cannot sign in',
        ),
        expect.stringContaining('"strasse" names several employees. Employee 3 (Straße) keeps it; employees 4 (STRASSE) cannot sign in'),
      ]);
    } finally {
      warn.mockRestore();
    }
    const keys = await handle.db.selectFrom('employees').select(['id', 'user_key']).orderBy('id').execute();
    expect(keys.map((row) => row.user_key)).toEqual(['tanaka', null, 'strasse', null, 'ömer', 'ömer', 'sato', null]);
    await expect(
      handle.db
        .insertInto('employees')
        .values({ ...employee('x'), user_key: 'sato' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('an empty database', () => {
  it('receives the default masters once, with reason 5 = その他', async () => {
    await migrateToLatest(handle.db);
    await seedDefaultMasters(handle.db, handle.engine);
    await seedDefaultMasters(handle.db, handle.engine);
    const reasons = await handle.db.selectFrom('interruptions').select(['id', 'name']).orderBy('id').execute();
    expect(reasons).toEqual([
      { id: 1, name: '材料待ち' },
      { id: 2, name: '機械故障' },
      { id: 3, name: '打ち合わせ' },
      { id: 4, name: '清掃' },
      { id: 5, name: 'その他' },
    ]);
    const sizes = await handle.db.selectFrom('paper_sizes').select('name').orderBy('display_order').execute();
    expect(sizes.map((s) => s.name)).toEqual(['A3', 'A4', 'A5', 'B4', 'B5', '四六判', '菊判']);
    const details = await handle.db
      .selectFrom('processing_details')
      .innerJoin('processings', 'processings.id', 'processing_details.processing_id')
      .select(['processings.name as processing', 'processing_details.name as detail'])
      .orderBy('processings.display_order')
      .orderBy('processing_details.display_order')
      .execute();
    expect(details.map((d) => `${d.processing}/${d.detail}`)).toEqual([
      '断裁/全断',
      '断裁/仕上げ断裁',
      '折り/二つ折り',
      '折り/三つ折り',
      '折り/観音折り',
      '製本/中綴じ',
      '製本/無線綴じ',
      '打ち抜き/型抜き',
    ]);
    expect(await handle.db.selectFrom('machines').selectAll().execute()).toEqual([]);
    expect(await handle.db.selectFrom('companies').selectAll().execute()).toEqual([]);
  });

  it('gives the next interruption reason id 6', async () => {
    await migrateToLatest(handle.db);
    await seedDefaultMasters(handle.db, handle.engine);
    const at = new Date().toISOString();
    const { id } = await handle.db
      .insertInto('interruptions')
      .values({
        name: '段取り替え',
        display_order: 6,
        created_at: at,
        updated_at: at,
        created_by: null,
        updated_by: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(6);
  });

  it('receives one administrator with a generated password, and no second one on the next start', async () => {
    await migrateToLatest(handle.db);
    const created = await ensureAdministrator(handle.db, { userName: 'admin' });
    expect(created?.userName).toBe('admin');
    expect(created?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(await ensureAdministrator(handle.db, { userName: 'admin' })).toBeUndefined();
    const admins = await handle.db.selectFrom('employees').select(['user_name', 'is_admin', 'use_login', 'show_as_worker']).execute();
    expect(admins).toEqual([{ user_name: 'admin', is_admin: 1, use_login: 1, show_as_worker: 0 }]);
  });
});

describe('作業者として表示', () => {
  it('is on for the employees already there, but for the first administrator', async () => {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('202611220200_record_totals')).error).toBeUndefined();
    const at = new Date().toISOString();
    const employee = (last_name: string, is_admin: number) => ({
      last_name,
      first_name: '',
      last_phonetic_name: '',
      first_phonetic_name: '',
      email: '',
      user_name: null,
      password_hash: null,
      is_admin,
      is_responsible: 0,
      use_login: 0,
      display_order: 0,
      created_at: at,
      updated_at: at,
      created_by: null,
      updated_by: null,
      deleted_at: null,
    });
    for (const [name, isAdmin] of [
      ['山田', 0],
      ['管理者', 1],
      ['佐藤', 1],
    ] as const) {
      await handle.db.insertInto('employees').values(employee(name, isAdmin)).execute();
    }
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('employees').select(['last_name', 'show_as_worker']).orderBy('id').execute();
    expect(rows).toEqual([
      { last_name: '山田', show_as_worker: 1 },
      { last_name: '管理者', show_as_worker: 0 },
      { last_name: '佐藤', show_as_worker: 1 },
    ]);
  });

  it('class the five reasons already there: 打ち合わせ and 清掃 planned, the others unplanned', async () => {
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
    expect((await migrator.migrateTo('202611230300_workers_and_idempotency')).error).toBeUndefined();
    const at = new Date().toISOString();
    const audit = { created_at: at, updated_at: at, created_by: null, updated_by: null, deleted_at: null };
    const names = ['材料待ち', '機械故障', '打ち合わせ', '清掃', 'その他'];
    await handle.db
      .insertInto('interruptions')
      .values(names.map((name, index) => ({ name, display_order: index + 1, ...audit })) as never)
      .execute();
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('interruptions').select(['name', 'category']).orderBy('id').execute();
    expect(rows.map((row) => [row.name, row.category])).toEqual([
      ['材料待ち', 'unplanned'],
      ['機械故障', 'unplanned'],
      ['打ち合わせ', 'planned'],
      ['清掃', 'planned'],
      ['その他', 'unplanned'],
    ]);
  });
});
