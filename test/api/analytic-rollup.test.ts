import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { workDate } from '../../src/domain/time.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import * as stopReasonIndex from '../../src/server/db/migrations/202612020200_stop_reason_index.ts';
import { ensureRollup, rebuildRollup } from '../../src/server/records/analytic-rollup-repository.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createEmployee } from '../support/employees.ts';
import { startRequest } from '../support/records.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';

/**
 * The rollup 分析 adds up (analytic_days, analytic_day_stops) follows the records through every
 * change: after each, it is what building it anew from the records gives, and the figures read
 * through it are the figures read from the records themselves.
 */
const t = await createTestApp();
const admin = await t.signIn();
const aoki = await createEmployee(t, { last_name: '青木', user_name: 'aoki', password: 'aoki-pass' });
const baba = await createEmployee(t, { last_name: '馬場' });
const worker = await t.signIn('aoki', 'aoki-pass');

async function ok<R extends { statusCode: number; body: string }>(response: Promise<R>, status = 200): Promise<R> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

await ok(admin.post('/api/machine', { machine: { id: null, name: '断裁機1号' } }), 201);
await ok(admin.post('/api/machine', { machine: { id: null, name: '折り機' } }), 201);
const [cutter, folder] = ((await admin.get('/api/machine')).json() as Array<{ id: number }>).map((machine) => machine.id) as [
  number,
  number,
];
await ok(
  admin.put(`/api/machine/${cutter}`, {
    machine: { id: cutter, name: '断裁機1号', rates: [{ valid_from: '2020-01-01', yen_per_hour: 3600 }] },
  }),
);

/** The rollup's rows as they stand (zeros left by records that went away are no rows), in a fixed order. */
async function rollupRows({ db }: DatabaseHandle) {
  const plain = (row: object) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, key === 'work_date' ? value : Number(value)]));
  const days = (await db.selectFrom('analytic_days').selectAll().execute()).map(plain).filter((row) => row.jobs !== 0);
  const stops = (await db.selectFrom('analytic_day_stops').selectAll().execute()).map(plain).filter((row) => row.count !== 0);
  const order = (rows: Array<Record<string, unknown>>) => rows.map((row) => JSON.stringify(row)).sort();
  return { days: order(days), stops: order(stops) };
}

/** The rollup kept up change by change is the rollup built anew from the records. */
async function expectRollupOfRecords() {
  const kept = await rollupRows(t.database);
  await rebuildRollup(t.database.db);
  expect(kept).toEqual(await rollupRows(t.database));
}

const summary = async (client: TestClient, query: string) => (await ok(client.get(`/api/analytics/summary?${query}`))).json();
const losses = async (query: string) => (await ok(admin.get(`/api/analytics/losses?${query}`))).json();
// The workshop's dates, which the jobs pressed now are counted on (from 15:00 UTC Tokyo's is a day ahead).
const today = workDate(new Date().toISOString(), t.config.timeZone);
const yesterday = workDate(new Date(Date.now() - 86_400_000).toISOString(), t.config.timeZone);
const range = `from=${yesterday}&to=${today}`;

/** A job pressed through on the tablet: 開始, an interruption, 再開, 終了. */
async function pressedJob(machineId: number, interruptionId: number, good: number): Promise<number> {
  const id = (
    await ok(worker.post('/api/productcost/start', startRequest([aoki, baba], { machine_id: machineId, superior: null })), 201)
  ).json().product_cost.id as number;
  const { break_time_id } = (
    await ok(worker.post(`/api/productcost/break/${id}`, { interruption_id: interruptionId, interruption_other: '' }))
  ).json();
  await ok(worker.post(`/api/productcost/restart/${String(break_time_id)}`, {}));
  await ok(worker.post(`/api/productcost/finish/${id}`, { superior: good, wound: 3, size: null, miss: null, other: null, process2: '' }));
  return id;
}

describe('the rollup', () => {
  it('follows finishing, correcting, deleting and a change of rate or category', async () => {
    const first = await pressedJob(cutter, 2, 500);
    const second = await pressedJob(cutter, 3, 700);
    await expectRollupOfRecords();
    expect(await summary(admin, range)).toMatchObject({ jobs: 2, good: 1200, defective: 6 });

    // Corrected onto another machine, with other counts and an interruption of another reason.
    const record = editable(await loadForEdit(admin, second));
    await ok(
      admin.put(`/api/productcost/${second}`, {
        productcost: {
          ...record,
          machine_id: folder,
          superior: 650,
          break_times: record.break_times.map((pause: object) => ({ ...pause, interruption_id: 1 })),
        },
      }),
    );
    await expectRollupOfRecords();
    expect(await summary(admin, `${range}&machine_id=${folder}`)).toMatchObject({ jobs: 1, good: 650 });
    expect((await losses(range)).map((loss: { interruption_id: number }) => loss.interruption_id).sort()).toEqual([1, 2]);

    await ok(
      admin.put(`/api/machine/${folder}`, {
        machine: { id: folder, name: '折り機', rates: [{ valid_from: '2020-01-01', yen_per_hour: 7200 }] },
      }),
    );
    await expectRollupOfRecords();
    const interruption = (await admin.get('/api/interruption/2')).json();
    await ok(admin.put('/api/interruption/2', { interruption: { ...interruption, category: 'planned' } }));
    await expectRollupOfRecords();

    await ok(admin.delete(`/api/productcost/${first}?version=${String(editable(await loadForEdit(admin, first)).version)}`));
    await expectRollupOfRecords();
    expect(await summary(admin, range)).toMatchObject({ jobs: 1, good: 650 });
    expect(await summary(admin, `${range}&machine_id=${cutter}`)).toMatchObject({ jobs: 0, cost: 0 });
    expect(await losses(`${range}&machine_id=${cutter}`)).toEqual([]);
  });

  it('gives the figures the records give when a filter it does not know is added', async () => {
    await pressedJob(cutter, 1, 321);
    await ok(worker.post('/api/productcost/start', startRequest([aoki], { machine_id: cutter })), 201);
    const company = await t.database.db
      .insertInto('companies')
      .values({
        name: '山本印刷',
        phonetic_name: '',
        display_order: 1,
        created_at: today,
        updated_at: today,
        created_by: null,
        updated_by: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('product_costs').set({ company_id: company.id }).execute();
    // With a company the records themselves are summed; without, the rollup.
    expect(await summary(admin, `${range}&company_id=${company.id}`)).toEqual(await summary(admin, range));
    expect(await losses(`${range}&company_id=${company.id}`)).toEqual(await losses(range));
    const total = async (query: string) => (await ok(admin.get(`/api/analytics/jobs?${query}`))).headers['x-total-count'];
    expect(await total(range)).toBe(await total(`${range}&company_id=${company.id}`));
    expect(await total(range)).toBe('3');
    for (const by of ['machine', 'processing', 'processing_detail', 'day']) {
      const breakdown = (await ok(admin.get(`/api/analytics/breakdown?${range}&by=${by}`))).json();
      const fromRecords = (await ok(admin.get(`/api/analytics/breakdown?${range}&by=${by}&company_id=${company.id}`))).json();
      expect(breakdown, by).toEqual(fromRecords);
    }
  });

  it('is built at start for records that kept their figures before it existed', async () => {
    const before = await rollupRows(t.database);
    expect(before.days.length).toBeGreaterThan(0);
    await t.database.db.deleteFrom('analytic_day_stops').execute();
    await t.database.db.deleteFrom('analytic_days').execute();
    await ensureRollup(t.database.db);
    expect(await rollupRows(t.database)).toEqual(before);
  });

  it('is given the jobs stopped for each reason by the migration that added them, as kept since', async () => {
    const before = await rollupRows(t.database);
    expect(before.stops.length).toBeGreaterThan(0);
    const db = t.database.db as Kysely<unknown>;
    await stopReasonIndex.down(db);
    await stopReasonIndex.up(db);
    expect(await rollupRows(t.database)).toEqual(before);
  });
});
