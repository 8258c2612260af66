import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedRecords } from '../../bench/support/seeder.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { keepMissingAnalyticFigures } from '../../src/server/records/record-totals.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { createEmployee } from '../support/employees.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createWorkRecord, startRequest } from '../support/records.ts';
import { createTestApp, testConfig } from '../support/test-app.ts';
import { createTestDatabase, testEngine } from '../support/test-database.ts';

/**
 * The figures a finished record keeps for 分析 (work date, stop seconds by category and by reason,
 * workers, costs), as given to the records that were finished before analysis existed, and as the
 * benchmarks' generator writes them for a million records at once.
 */
const keptColumns = [
  'id',
  'work_date',
  'worked_seconds',
  'setup_seconds',
  'planned_stop_seconds',
  'unplanned_stop_seconds',
  'worker_count',
  'machine_cost',
  'labour_cost',
  'machine_rate_missing',
  'labour_rate_missing',
] as const;
/** What the generator writes beside them, by the same functions as the product. */
const generatedColumns = [...keptColumns, 'breaked_seconds', 'workers_name'] as const;

async function keptFigures({ db }: DatabaseHandle, columns: ReadonlyArray<(typeof generatedColumns)[number]> = keptColumns) {
  const records = await db.selectFrom('product_costs').select(columns).orderBy('id').execute();
  const stops = await db.selectFrom('product_cost_stops').selectAll().orderBy('product_cost_id').orderBy('interruption_id').execute();
  const numbers = <T extends object>(row: T) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && key !== 'work_date' ? Number(value) : value]),
    );
  return { records: records.map(numbers), stops: stops.map(numbers) };
}

/** What a database holds before migration 202611240200_analytics gave its records their figures. */
async function forgetKeptFigures({ db }: DatabaseHandle) {
  await db.deleteFrom('product_cost_stops').execute();
  await db
    .updateTable('product_costs')
    .set({
      work_date: null,
      planned_stop_seconds: null,
      unplanned_stop_seconds: null,
      worker_count: null,
      machine_cost: null,
      labour_cost: null,
      machine_rate_missing: null,
      labour_rate_missing: null,
    })
    .execute();
}

describe('a record finished before analysis existed', () => {
  it('gets its figures at the next start, dated and costed in the workshop’s time zone; one in progress keeps none', async () => {
    const t = await createTestApp();
    const { db } = t.database;
    const aoki = await createEmployee(t, { last_name: '青木' });
    const baba = await createEmployee(t, { last_name: '馬場' });
    const at = new Date().toISOString();
    const { id: machineId } = await db
      .insertInto('machines')
      .values({ name: '断裁機1号', display_order: 1, created_at: at, updated_at: at, created_by: null, updated_by: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // From 11-20 in Japan: a record started at 08:30 there (23:30 UTC the day before) is costed with it.
    await db
      .insertInto('machine_rates')
      .values([
        { machine_id: machineId, valid_from: '2026-01-01', yen_per_hour: 1000 },
        { machine_id: machineId, valid_from: '2026-11-20', yen_per_hour: 3600 },
      ])
      .execute();
    await db.insertInto('employee_rates').values({ employee_id: aoki, valid_from: '2026-01-01', yen_per_hour: 1800 }).execute();
    const finished = await createWorkRecord(t, {
      workers: [aoki, baba],
      machine_id: machineId,
      started_on: '2026-11-19T23:30:00.000Z',
      finished_on: '2026-11-20T02:30:00.000Z',
      // 30 minutes of setup, 5 of them stopped for 打ち合わせ (planned, reason 3).
      setups: [
        {
          span: ['2026-11-19T23:30:00.000Z', '2026-11-20T00:00:00.000Z'],
          breaks: [['2026-11-19T23:40:00.000Z', '2026-11-19T23:45:00.000Z', 3]],
        },
      ],
      // 20 minutes of 機械故障 (unplanned, 2) and 6 more of 打ち合わせ.
      breaks: [
        ['2026-11-20T00:30:00.000Z', '2026-11-20T00:50:00.000Z', 2],
        ['2026-11-20T01:30:00.000Z', '2026-11-20T01:36:00.000Z', 3],
      ],
    });
    const running = await createWorkRecord(t, { workers: [aoki], machine_id: machineId });
    await forgetKeptFigures(t.database);

    await keepMissingAnalyticFigures(db, t.config.timeZone);

    const { records, stops } = await keptFigures(t.database);
    // W = 3 h = 10,800 s; planned 300 + 360 = 660; unplanned 1,200; setup 1,800 − 300 = 1,500;
    // PPT = 10,800 − 660 = 10,140 s: machine 10,140 s × 3,600 円/h = 10,140 円; labour: 青木 at
    // 1,800 円/h = 5,070 円, 馬場 has no rate (0 円, counted as missing).
    expect(records).toEqual([
      {
        id: finished,
        work_date: '2026-11-20',
        worked_seconds: 10_800,
        setup_seconds: 1_500,
        planned_stop_seconds: 660,
        unplanned_stop_seconds: 1_200,
        worker_count: 2,
        machine_cost: 10_140,
        labour_cost: 5_070,
        machine_rate_missing: 0,
        labour_rate_missing: 1,
      },
      {
        id: running,
        work_date: null,
        worked_seconds: null,
        setup_seconds: null,
        planned_stop_seconds: null,
        unplanned_stop_seconds: null,
        worker_count: null,
        machine_cost: null,
        labour_cost: null,
        machine_rate_missing: null,
        labour_rate_missing: null,
      },
    ]);
    expect(stops).toEqual([
      { product_cost_id: finished, interruption_id: 2, seconds: 1_200, count: 1 },
      { product_cost_id: finished, interruption_id: 3, seconds: 660, count: 2 },
    ]);

    // A start with nothing left to do changes nothing.
    await keepMissingAnalyticFigures(db, t.config.timeZone);
    expect(await keptFigures(t.database)).toEqual({ records, stops });
  });

  it('is worked through in batches, every record once', async () => {
    const t = await createTestApp();
    const worker = await createEmployee(t);
    const ids: number[] = [];
    for (let hour = 0; hour < 7; hour++) {
      const start = `2026-11-1${hour}T00:00:00.000Z`;
      ids.push(await createWorkRecord(t, { workers: [worker], started_on: start, finished_on: `2026-11-1${hour}T01:00:00.000Z` }));
    }
    await forgetKeptFigures(t.database);

    await keepMissingAnalyticFigures(t.database.db, t.config.timeZone, 3);

    const { records } = await keptFigures(t.database);
    expect(records.map((record) => [record.id, record.work_date, record.worked_seconds])).toEqual(
      ids.map((id, day) => [id, `2026-11-1${day}`, 3_600]),
    );
  });
});

describe('a record’s stop times by reason', () => {
  it('are kept once it is finished, given up when the office reopens it, and kept once again at its next finish', async () => {
    const t = await createTestApp();
    const admin = await t.signIn();
    const { id: employeeId } = (await admin.get('/api/user/info')).json() as { id: number };
    const stopsOf = (recordId: number) =>
      t.database.db.selectFrom('product_cost_stops').select(['interruption_id', 'count']).where('product_cost_id', '=', recordId).execute();
    const started = await admin.post('/api/productcost/start', startRequest([employeeId]));
    const recordId = (started.json() as { product_cost: { id: number } }).product_cost.id;
    const interrupted = await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 1 });
    expect((await admin.post(`/api/productcost/restart/${interrupted.json().break_time_id as number}`, {})).statusCode).toBe(200);
    expect((await admin.post(`/api/productcost/finish/${recordId}`, { superior: 10 })).statusCode).toBe(200);
    expect(await stopsOf(recordId)).toEqual([{ interruption_id: 1, count: 1 }]);

    const finished = editable(await loadForEdit(admin, recordId));
    const reopened = await admin.put(`/api/productcost/${recordId}`, { productcost: { ...finished, finished_on: null } });
    expect(reopened.statusCode).toBe(200);
    expect(await stopsOf(recordId)).toEqual([]);

    expect((await admin.post(`/api/productcost/finish/${recordId}`, { superior: 10 })).statusCode).toBe(200);
    expect(await stopsOf(recordId)).toEqual([{ interruption_id: 1, count: 1 }]);
  });
});

describe('the benchmarks’ generated records', () => {
  // SQLite's are made on a thread of their own from a hundred thousand records; here from the first, or never.
  it.each([
    { made: 'where they are written', threadedFrom: Infinity },
    { made: 'on a thread of their own', threadedFrom: 0 },
  ])('keep the very figures the product gives them, made $made', async ({ threadedFrom }) => {
    const testDatabase = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-kept-'));
    const database = testEngine() === 'sqlite' ? { engine: 'sqlite' as const, file: path.join(dataDir, 'kosu.db') } : testDatabase.config;
    const config = testConfig({ database, dataDir });
    try {
      // Transactions of 200 records written 50 at a time: the last of each is cut short.
      await seedRecords(config, { total: 430, years: 1, seed: 3, sizes: { batch: 200, piece: 50 }, threadedFrom });
      const { database: handle } = await prepareDatabase(config);
      try {
        const generated = await keptFigures(handle, generatedColumns);
        expect(generated.records).toHaveLength(430);
        expect(generated.stops.length).toBeGreaterThan(100);
        // Rates, standards and planned reasons are there, so that the figures are not all zero.
        expect(generated.records.filter((record) => Number(record.machine_cost) > 0)).toHaveLength(430);
        // SQLite's load checks no foreign key as it writes (PostgreSQL's does): every key names a row.
        if (handle.sqlite) expect(handle.sqlite.pragma('foreign_key_check')).toEqual([]);

        await forgetKeptFigures(handle);
        await keepMissingAnalyticFigures(handle.db, config.timeZone);
        expect(await keptFigures(handle, generatedColumns)).toEqual(generated);
      } finally {
        await handle.close();
      }
    } finally {
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
