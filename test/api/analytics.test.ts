import { describe, expect, it } from 'vitest';
import { analyticsMessages, type JobRow } from '../../src/domain/analytics-api.ts';
import { listMessages } from '../../src/domain/product-cost-list.ts';
import { messages } from '../../src/domain/messages.ts';
import { workMessages } from '../../src/domain/product-cost.ts';
import { workDate } from '../../src/domain/time.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';

/**
 * 分析 over three jobs built through the work actions and the record editor, whose figures are worked
 * out by hand in docs/PRODUCT.md#analytics.
 */
const t = await createTestApp();
const admin = await t.signIn();
const a = await createEmployee(t, { last_name: '青木', first_name: '一郎', user_name: 'aoki', password: 'aoki-pass' });
const b = await createEmployee(t, { last_name: '馬場', first_name: '二郎' });
const c = await createEmployee(t, { last_name: '千葉', first_name: '三郎' });
const worker = await t.signIn('aoki', 'aoki-pass');

async function ok<R extends { statusCode: number; body: string }>(response: Promise<R>, status = 200): Promise<R> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

async function setEmployeeRates(id: number, rates: Array<{ valid_from: string; yen_per_hour: number }>) {
  const { using_login: _, ...employee } = (await admin.get(`/api/employee/${id}`)).json();
  await ok(admin.put(`/api/employee/${id}`, { employee: { ...employee, rates } }));
}

const machine = (await ok(admin.post('/api/machine', { machine: { id: null, name: '断裁機1号' } }), 201)) && 0;
const machineId = (await admin.get('/api/machine')).json()[0].id as number;
void machine;
await ok(
  admin.put(`/api/machine/${machineId}`, {
    machine: {
      id: machineId,
      name: '断裁機1号',
      rates: [
        { valid_from: '2026-04-01', yen_per_hour: 3000 },
        { valid_from: '2026-11-22', yen_per_hour: 6000 },
      ],
    },
  }),
);
await setEmployeeRates(a, [{ valid_from: '2026-01-01', yen_per_hour: 1500 }]);
await setEmployeeRates(b, [{ valid_from: '2026-01-01', yen_per_hour: 1333 }]);
// 断裁: 全断 has 標準速度 1000 sheets an hour and 20 minutes of setup; 仕上げ断裁 has no standard.
const cutting = (await admin.get('/api/processing/1')).json();
await ok(
  admin.put('/api/processing/1', {
    processing: {
      name: cutting.name,
      details: [
        { ...cutting.details[0], standard_speed: 1000, standard_setup_minutes: 20 },
        { ...cutting.details[1], standard_speed: null, standard_setup_minutes: null },
      ],
    },
  }),
);
const [fullCut, finishCut] = cutting.details.map((detail: { id: number }) => detail.id) as [number, number];

/** Job 1: started and finished on the tablet, then corrected to the worked example of the definitions. */
const job1 = (
  await ok(
    worker.post('/api/productcost/start', {
      slip_no: '1001',
      employees: [a, b],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: fullCut,
      machine_id: machineId,
      superior: null,
      wound: null,
      size: null,
      miss: null,
      other: null,
      total_defective: 0,
      defective_rate: 0,
    }),
    201,
  )
).json().product_cost.id as number;
await ok(worker.post(`/api/productcost/finish/${job1}`, { superior: 900, wound: 60, size: 20, miss: 10, other: 10, process2: '' }));

async function correct(id: number, change: Record<string, unknown>) {
  const record = editable(await loadForEdit(admin, id));
  await ok(admin.put(`/api/productcost/${id}`, { productcost: { ...record, ...change } }));
}
await correct(job1, {
  started_on: '2026/11/21 09:00',
  finished_on: '2026/11/21 12:00',
  setup_times: [
    {
      id: null,
      started_on: '2026/11/21 09:00',
      finished_on: '2026/11/21 09:30',
      setup_break_times: [
        { broken_on: '2026/11/21 09:10', restarted_on: '2026/11/21 09:15', interruption_id: 3 },
        { broken_on: '2026/11/21 09:20', restarted_on: '2026/11/21 09:22', interruption_id: 1 },
      ],
    },
  ],
  break_times: [
    { id: null, broken_on: '2026/11/21 11:00', restarted_on: '2026/11/21 11:20', interruption_id: 2, interruption_other: null },
    { id: null, broken_on: '2026/11/21 11:30', restarted_on: '2026/11/21 11:40', interruption_id: 4, interruption_other: null },
  ],
  nowork_times: [{ id: null, started_on: '2026/11/21 10:00', finished_on: '2026/11/21 10:30' }],
});

/** Job 2: an hour on 2026-11-23, after the machine's rate went up, five sheets spoiled and none good. */
const job2 = await createWorkRecord(t, {
  slip_no: '24-1187',
  workers: [a],
  machine_id: machineId,
  processing_detail_id: finishCut,
  finished_on: new Date().toISOString(),
});
await correct(job2, { started_on: '2026/11/23 09:00', finished_on: '2026/11/23 10:00', superior: 0, wound: 5 });

/** Job 3: half an hour by a worker without a rate, on no machine, on another paper size. */
const job3 = await createWorkRecord(t, {
  slip_no: '1187',
  workers: [c],
  paper_size_id: 2,
  processing_detail_id: finishCut,
  finished_on: new Date().toISOString(),
});
await correct(job3, { started_on: '2026/11/22 10:00', finished_on: '2026/11/22 10:30', superior: 100 });

const range = 'from=2026-11-21&to=2026-11-23';
const get = async (client: TestClient, path: string) => (await ok(client.get(path))).json();

describe('GET /api/analytics/summary', () => {
  it('gives the seconds, percentages and yen of the definitions, ratios of sums', async () => {
    expect(await get(admin, `/api/analytics/summary?${range}`)).toEqual({
      jobs: 3,
      finished_jobs: 3,
      worked_seconds: 14_400,
      man_seconds: 23_400,
      setup_seconds: 1380,
      planned_stop_seconds: 900,
      unplanned_stop_seconds: 1320,
      run_seconds: 10_800,
      good: 1000,
      defective: 105,
      defective_rate: 10.5,
      working_rate: 84.6,
      availability: 80,
      performance: 66.7,
      quality: 90.5,
      oee: 48.3,
      machine_cost: 12_750,
      labour_cost: 7874,
      cost: 20_624,
      cost_per_good: 20.62,
      rate_missing: 1,
    });
  });

  it('filters by work date, master and worker; an unknown id filters to nothing', async () => {
    expect(await get(admin, '/api/analytics/summary?from=2026-11-21&to=2026-11-21')).toMatchObject({ jobs: 1, cost: 13_124, oee: 40 });
    expect(await get(admin, `/api/analytics/summary?${range}&machine_id=${machineId}`)).toMatchObject({ jobs: 2, cost: 20_624 });
    expect(await get(admin, `/api/analytics/summary?${range}&employee_id=${c}`)).toMatchObject({
      jobs: 1,
      worked_seconds: 1800,
      rate_missing: 1,
    });
    expect(await get(admin, `/api/analytics/summary?${range}&paper_size_id=2`)).toMatchObject({ jobs: 1 });
    // Jobs 2 and 3: no standard speed; 100 good of 105 sheets; 7500 円 over 100 good sheets.
    expect(await get(admin, `/api/analytics/summary?${range}&processing_detail_id=${finishCut}`)).toMatchObject({
      jobs: 2,
      performance: null,
      oee: null,
      quality: 95.2,
      cost_per_good: 75,
    });
    // Job 2 alone: five spoiled sheets and none good.
    expect(await get(admin, '/api/analytics/summary?from=2026-11-23&to=2026-11-23')).toMatchObject({
      jobs: 1,
      good: 0,
      defective: 5,
      defective_rate: 0,
      quality: 0,
      cost_per_good: null,
    });
    expect(await get(admin, `/api/analytics/summary?${range}&company_id=999999`)).toMatchObject({
      jobs: 0,
      worked_seconds: 0,
      availability: null,
      oee: null,
      cost: 0,
    });
  });

  it('filters by one whole 作業伝票No, typed full-width or not: an order’s cost over its processes', async () => {
    expect(await get(admin, `/api/analytics/summary?${range}&slip=1001`)).toMatchObject({ jobs: 1, cost: 13_124 });
    // 1187 is job 3's slip alone, not a part of job 2's 24-1187 as the list's search would take it.
    expect(await get(admin, `/api/analytics/summary?${range}&slip=${encodeURIComponent('１１８７')}`)).toMatchObject({
      jobs: 1,
      worked_seconds: 1800,
    });
    expect(await get(admin, `/api/analytics/summary?${range}&slip=${encodeURIComponent(' ２４ー１１８７ ')}`)).toMatchObject({
      jobs: 1,
      worked_seconds: 3600,
    });
    // With a machine filter, which the kept daily rollup would answer without slips.
    expect(await get(admin, `/api/analytics/summary?${range}&machine_id=${machineId}&slip=24-1187`)).toMatchObject({ jobs: 1 });
    expect(await get(admin, `/api/analytics/summary?${range}&slip=118`)).toMatchObject({ jobs: 0, cost: 0 });
    // An empty slip is no filter.
    expect(await get(admin, `/api/analytics/summary?${range}&slip=`)).toMatchObject({ jobs: 3 });
    const rows = await get(admin, `/api/analytics/jobs?${range}&slip=24-1187`);
    expect(rows.map((row: { id: number }) => row.id)).toEqual([job2]);
    const machines = await get(admin, `/api/analytics/breakdown?${range}&by=machine&slip=1001`);
    expect(machines).toMatchObject([{ key: String(machineId), jobs: 1 }]);
    const stops = await get(admin, `/api/analytics/losses?${range}&slip=1187`);
    expect(stops).toEqual([]);
    expect((await get(admin, `/api/analytics/losses?${range}&slip=1001`)).length).toBe(4);
  });

  it('counts a record in progress up to now', async () => {
    const startedOn = new Date(Date.now() - 3_600_000).toISOString();
    // The work date of its start, which is yesterday's in the first hour after midnight.
    const workDay = workDate(startedOn, 'Asia/Tokyo');
    const running = await createWorkRecord(t, { workers: [a], machine_id: machineId, started_on: startedOn });
    const summary = await get(admin, `/api/analytics/summary?from=${workDay}&to=${workDay}&machine_id=${machineId}`);
    expect(summary).toMatchObject({ jobs: 1, finished_jobs: 0 });
    expect(summary.worked_seconds).toBeGreaterThanOrEqual(3600);
    // 1 hour at 6000 円 and 1500 円.
    expect(summary.cost).toBeGreaterThanOrEqual(7500);
    // Its row names its worker as a finished one does, though workers_name is kept only at 終了.
    const [row] = await get(admin, `/api/analytics/jobs?from=${workDay}&to=${workDay}&machine_id=${machineId}&sort=work_date`);
    expect(row).toMatchObject({ id: running, finished: false, workers_name: '青木 一郎' });
    await t.database.db.updateTable('product_costs').set({ deleted_at: new Date().toISOString() }).where('id', '=', running).execute();
    expect(await get(admin, `/api/analytics/summary?from=${workDay}&to=${workDay}&machine_id=${machineId}`)).toMatchObject({ jobs: 0 });
  });
});

describe('GET /api/analytics/losses', () => {
  it('gives the Pareto of work and setup interruptions together, largest first, with shares', async () => {
    expect(await get(admin, `/api/analytics/losses?${range}`)).toEqual([
      { interruption_id: 2, name: '機械故障', category: 'unplanned', seconds: 1200, count: 1, share: 54.1, cumulative_share: 54.1 },
      { interruption_id: 4, name: '清掃', category: 'planned', seconds: 600, count: 1, share: 27, cumulative_share: 81.1 },
      { interruption_id: 3, name: '打ち合わせ', category: 'planned', seconds: 300, count: 1, share: 13.5, cumulative_share: 94.6 },
      { interruption_id: 1, name: '材料待ち', category: 'unplanned', seconds: 120, count: 1, share: 5.4, cumulative_share: 100 },
    ]);
  });
});

describe('GET /api/analytics/breakdown', () => {
  const rows = async (by: string) => (await get(admin, `/api/analytics/breakdown?${range}&by=${by}`)) as Array<Record<string, unknown>>;

  it('by machine: OEE parts and cost per machine, records without one apart', async () => {
    expect(await rows('machine')).toEqual([
      {
        key: String(machineId),
        name: '断裁機1号',
        jobs: 2,
        worked_seconds: 12_600,
        man_seconds: 21_600,
        good: 900,
        defective: 105,
        defective_rate: 11.7,
        wound: 65,
        size: 20,
        miss: 10,
        other: 10,
        // (5400 + 3600) ÷ (8100 + 3600); 3600 ÷ 5400 (job 1 alone has a standard); 900 ÷ 1005.
        availability: 76.9,
        performance: 66.7,
        quality: 89.6,
        oee: 45.9,
        cost: 20_624,
      },
      {
        key: null,
        name: '（なし）',
        jobs: 1,
        worked_seconds: 1800,
        man_seconds: 1800,
        good: 100,
        defective: 0,
        defective_rate: 0,
        wound: 0,
        size: 0,
        miss: 0,
        other: 0,
        availability: 100,
        performance: null,
        quality: 100,
        oee: null,
        cost: 0,
      },
    ]);
  });

  it('by employee: the jobs each worked on and their own hours', async () => {
    const byEmployee = await rows('employee');
    expect(byEmployee.map((row) => [row.name, row.jobs, row.worked_seconds, row.man_seconds])).toEqual([
      ['青木 一郎', 2, 12_600, 12_600],
      ['馬場 二郎', 1, 9000, 9000],
      ['千葉 三郎', 1, 1800, 1800],
    ]);
  });

  it.each([
    ['processing', [['断裁', 3]]],
    [
      'processing_detail',
      [
        ['全断', 1],
        ['仕上げ断裁', 2],
      ],
    ],
    [
      'paper_size',
      [
        ['A3', 2],
        ['A4', 1],
      ],
    ],
    ['company', [['（なし）', 3]]],
    [
      'day',
      [
        ['2026/11/21', 1],
        ['2026/11/22', 1],
        ['2026/11/23', 1],
      ],
    ],
    [
      'week',
      [
        ['2026/11/21〜11/22', 2],
        ['2026/11/23', 1],
      ],
    ],
    ['month', [['2026年11月', 3]]],
  ])('by %s', async (by, expected) => {
    const found = await rows(by);
    expect(found.map((row) => [row.name, row.jobs])).toEqual(expected);
  });
});

describe('GET /api/analytics/jobs', () => {
  it('answers a page of job rows with the cost split, the setup standard and the OEE parts, and the total', async () => {
    const response = await ok(admin.get(`/api/analytics/jobs?${range}&sort=-cost&per_page=2`));
    expect(response.headers['x-total-count']).toBe('3');
    const [first, second] = response.json();
    expect(first).toMatchObject({
      id: job1,
      slip_no: '1001',
      work_date: '2026-11-21',
      finished: true,
      workers_name: '青木 一郎、馬場 二郎',
      machine_name: '断裁機1号',
      processing_name: '断裁',
      processing_detail_name: '全断',
      worked_seconds: 9000,
      man_seconds: 18_000,
      setup_seconds: 1380,
      standard_setup_seconds: 1200,
      planned_stop_seconds: 900,
      unplanned_stop_seconds: 1320,
      run_seconds: 5400,
      good: 900,
      defective: 100,
      availability: 66.7,
      performance: 66.7,
      quality: 90,
      oee: 40,
      machine_cost: 6750,
      labour_cost: 6374,
      cost: 13_124,
      cost_per_good: 14.58,
      rate_missing: false,
    });
    expect(second).toMatchObject({ id: job2, machine_cost: 6000, labour_cost: 1500, cost: 7500, standard_setup_seconds: null });
    const last = await ok(admin.get(`/api/analytics/jobs?${range}&sort=-cost&per_page=2&page=2`));
    expect(last.json().map((row: { id: number }) => row.id)).toEqual([job3]);
    const byDate = (await get(admin, `/api/analytics/jobs?${range}&sort=work_date`)) as Array<{ id: number }>;
    expect(byDate.map((row) => row.id)).toEqual([job1, job3, job2]);
  });
});

describe('GET /api/analytics/jobs sorted by a figure', () => {
  const figures = async (key: string, sort: string) =>
    ((await get(admin, `/api/analytics/jobs?${range}&sort=${sort}`)) as Array<Record<string, number | null>>).map(
      (row) => row[key] ?? null,
    );

  it.each(['machine_cost', 'labour_cost'] as const)('orders by %s, lowest first, highest first with -', async (key) => {
    const ascending = await figures(key, key);
    expect(ascending).toEqual([...ascending].sort((x, y) => x! - y!));
    expect(await figures(key, `-${key}`)).toEqual([...ascending].reverse());
    expect(new Set(ascending).size).toBeGreaterThan(1);
  });

  // Job 1 alone has an OEE (jobs 2 and 3 have no standard speed); job 2 has no good sheet, so no 1枚あたり.
  it.each([
    ['oee', [40, null, null]],
    ['cost_per_good', [0, 14.58, null]],
  ] as const)('orders by %s with the jobs without it last, in both directions', async (key, ascending) => {
    expect(await figures(key, key)).toEqual(ascending);
    const present = ascending.filter((value) => value !== null);
    const absent = ascending.filter((value) => value === null);
    expect(await figures(key, `-${key}`)).toEqual([...[...present].reverse(), ...absent]);
  });
});

describe('GET /api/analytics/jobs sorted by stop time', () => {
  const stop = (from: string, to: string, interruption_id: number) => ({
    id: null,
    broken_on: `2026/11/10 ${from}`,
    restarted_on: `2026/11/10 ${to}`,
    interruption_id,
    interruption_other: null,
  });
  async function finishedJob(slip_no: string, change: Record<string, unknown>) {
    const id = await createWorkRecord(t, { slip_no, workers: [a], finished_on: new Date().toISOString() });
    await correct(id, change);
    return id;
  }

  it('orders by a job’s planned and unplanned stops together, the jobs that keep none by their id, either way', async () => {
    // Jobs of 2026-11-10, a day of their own. 清掃 30 min, planned: 1,800 s.
    const planned = await finishedJob('1101', {
      started_on: '2026/11/10 09:00',
      finished_on: '2026/11/10 10:00',
      break_times: [stop('09:10', '09:40', 4)],
    });
    // 清掃 15 min planned and 機械故障 20 min unplanned: 2,100 s, the most, though neither part is.
    const both = await finishedJob('1102', {
      started_on: '2026/11/10 11:00',
      finished_on: '2026/11/10 12:00',
      break_times: [stop('11:05', '11:20', 4), stop('11:30', '11:50', 2)],
    });
    // 材料待ち 25 min during the setup, unplanned: 1,500 s.
    const inSetup = await finishedJob('1103', {
      started_on: '2026/11/10 13:00',
      finished_on: '2026/11/10 14:00',
      setup_times: [
        { id: null, started_on: '2026/11/10 13:00', finished_on: '2026/11/10 13:40', setup_break_times: [stop('13:10', '13:35', 1)] },
      ],
    });
    const none = await finishedJob('1104', { started_on: '2026/11/10 15:00', finished_on: '2026/11/10 15:30' });
    // In progress since 16:00 and stopped since 16:10 (07:10 UTC): hours of stops up to now, placed by what it keeps (nothing).
    const running = await createWorkRecord(t, {
      slip_no: '1105',
      workers: [a],
      started_on: '2026-11-10T07:00:00.000Z',
      breaks: [['2026-11-10T07:10:00.000Z', null, 2]],
    });
    const jobsIn = async (sort: string) =>
      ((await get(admin, `/api/analytics/jobs?from=2026-11-10&to=2026-11-10&sort=${sort}`)) as JobRow[]).map((row) => ({
        id: row.id,
        stop: row.planned_stop_seconds + row.unplanned_stop_seconds,
      }));

    const ascending = await jobsIn('stop_seconds');
    expect(ascending.map((row) => row.id)).toEqual([none, running, inSetup, planned, both]);
    expect(ascending.filter((row) => row.id !== running).map((row) => row.stop)).toEqual([0, 1500, 1800, 2100]);
    expect(ascending.find((row) => row.id === running)!.stop).toBeGreaterThan(3600);
    expect((await jobsIn('-stop_seconds')).map((row) => row.id)).toEqual([both, planned, inSetup, running, none]);
  });
});

describe('GET /api/analytics/jobs/:id', () => {
  const job = (id: number) => get(admin, `/api/analytics/jobs/${id}`);

  it('answers the worked example as 作業別原価 has it, with the rates its cost was worked out from', async () => {
    const [row] = (await get(admin, `/api/analytics/jobs?${range}&sort=-cost&per_page=1`)) as JobRow[];
    const answer = await job(job1);
    expect(answer).toEqual({ ...row, machine_rate: 3000, labour_rate: 2833, missing_rates: { machines: [], employees: [] } });
    // Every figure is the row's (the test above works them out); the cost from PPT 8,100 s × 3,000 円/時 and × (1,500 + 1,333) 円/時.
    expect(answer).toMatchObject({
      id: job1,
      planned_stop_seconds: 900,
      machine_cost: 6750,
      labour_cost: 6374,
      cost: 13_124,
      cost_per_good: 14.58,
    });
  });

  it('names the worker whose rate a job on no machine was costed without', async () => {
    expect(await job(job3)).toMatchObject({
      machine_name: '',
      machine_rate: null,
      labour_rate: null,
      machine_cost: 0,
      labour_cost: 0,
      rate_missing: true,
      missing_rates: { machines: [], employees: [{ id: c, name: '千葉 三郎' }] },
    });
  });

  it('names the machine and the worker without a rate on the job’s work date, and adds up the workers who have one', async () => {
    // 2026-03-10, before the machine's first rate (2026-04-01); 青木 has 1,500 円/時 since January, 千葉 none.
    const early = await createWorkRecord(t, { workers: [a, c], machine_id: machineId, finished_on: new Date().toISOString() });
    await correct(early, { started_on: '2026/03/10 10:00', finished_on: '2026/03/10 11:00', superior: 100 });
    expect(await job(early)).toMatchObject({
      work_date: '2026-03-10',
      machine_rate: null,
      labour_rate: 1500,
      machine_cost: 0,
      labour_cost: 1500,
      cost_per_good: 15,
      rate_missing: true,
      missing_rates: { machines: [{ id: machineId, name: '断裁機1号' }], employees: [{ id: c, name: '千葉 三郎' }] },
    });
  });

  it('counts a job in progress up to now on the server’s clock', async () => {
    let now = new Date('2026-11-24T03:00:00Z');
    let statements: string[] = [];
    const timed = await createTestApp({}, { onQuery: (sql) => statements.push(sql) }, { clock: () => now });
    const timedAdmin = await timed.signIn();
    const folder = (
      await ok(
        timedAdmin.post('/api/machine', {
          machine: { id: null, name: '折り機', rates: [{ valid_from: '2026-01-01', yen_per_hour: 3600 }] },
        }),
        201,
      )
    ).json().id as number;
    const folderWorker = await createEmployee(timed, { last_name: '折田', first_name: '一郎' });
    await timed.database.db
      .insertInto('employee_rates')
      .values({ employee_id: folderWorker, valid_from: '2026-01-01', yen_per_hour: 2000 })
      .execute();
    // Since 10:00 in Tokyo, with 15 minutes of 清掃 (planned) at 10:30.
    const running = await createWorkRecord(timed, {
      workers: [folderWorker],
      machine_id: folder,
      started_on: '2026-11-24T01:00:00Z',
      breaks: [['2026-11-24T01:30:00Z', '2026-11-24T01:45:00Z', 4]],
    });
    const read = async () => (await ok(timedAdmin.get(`/api/analytics/jobs/${running}`))).json();
    // At 12:00: PPT 2 h − 15 min = 6,300 s, at 3,600 and 2,000 円/時.
    expect(await read()).toMatchObject({
      finished: false,
      work_date: '2026-11-24',
      workers_name: '折田 一郎',
      worked_seconds: 7200,
      planned_stop_seconds: 900,
      machine_rate: 3600,
      labour_rate: 2000,
      machine_cost: 6300,
      labour_cost: 3500,
      cost: 9800,
      rate_missing: false,
    });
    now = new Date('2026-11-24T03:30:00Z');
    statements = [];
    expect(await read()).toMatchObject({ worked_seconds: 9000, machine_cost: 8100, labour_cost: 4500, cost: 12_600 });
    // The session, the record, the seven tables of names, its workers, its periods in one, and the
    // reasons' categories with the rates in one: the masters are read once, for its figures and its rates.
    expect(statements.filter((sql) => /machine_rates/.test(sql))).toHaveLength(1);
    expect(statements).toHaveLength(12);
  });

  it('is for administrators, and answers 404 for a record that is not there or deleted and 400 for an id that is none', async () => {
    expect((await worker.get(`/api/analytics/jobs/${job1}`)).statusCode).toBe(403);
    expect((await (await t.visitor()).get(`/api/analytics/jobs/${job1}`)).statusCode).toBe(401);
    const deleted = await createWorkRecord(t, { workers: [a], finished_on: new Date().toISOString() });
    await ok(admin.delete(`/api/productcost/${deleted}`));
    for (const id of [999_999, deleted]) {
      const response = await admin.get(`/api/analytics/jobs/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ result: false, errorMessage: workMessages.recordNotFound });
    }
    for (const id of ['abc', '0', '1.5']) {
      const response = await admin.get(`/api/analytics/jobs/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: false, errorMessage: messages.http.badRequest });
    }
    // The download keeps its path.
    expect((await admin.get(`/api/analytics/jobs/export?${range}`)).json()).toEqual({
      result: false,
      errorMessage: analyticsMessages.badFormat,
    });
  });
});

describe('GET /api/analytics/missing_rates', () => {
  it('names the workers and machines the range’s jobs were costed without a rate for', async () => {
    // Job 3's worker has no rate; its machine is none. Jobs 1 and 2 had every rate.
    expect(await get(admin, `/api/analytics/missing_rates?${range}`)).toEqual({ machines: [], employees: [{ id: c, name: '千葉 三郎' }] });
    expect(await get(admin, `/api/analytics/missing_rates?${range}&paper_size_id=1`)).toEqual({ machines: [], employees: [] });
  });

  it('names them for a job in progress too, and no more once the rate is there', async () => {
    await ok(admin.post('/api/machine', { machine: { id: null, name: '折り機 単価なし' } }), 201);
    const folder = ((await admin.get('/api/machine')).json() as Array<{ id: number; name: string }>).find(
      (item) => item.name === '折り機 単価なし',
    )!.id;
    // Started an hour ago: its work date, which is yesterday's in the first hour after Tokyo's midnight.
    const startedOn = new Date(Date.now() - 3_600_000).toISOString();
    await createWorkRecord(t, { workers: [b, c], machine_id: folder, processing_detail_id: finishCut, started_on: startedOn });
    const today = workDate(startedOn, 'Asia/Tokyo');
    const query = `/api/analytics/missing_rates?from=${today}&to=${today}&machine_id=${folder}`;
    expect(await get(admin, query)).toEqual({
      machines: [{ id: folder, name: '折り機 単価なし' }],
      employees: [{ id: c, name: '千葉 三郎' }],
    });
    await ok(
      admin.put(`/api/machine/${folder}`, {
        machine: { id: folder, name: '折り機 単価なし', rates: [{ valid_from: today, yen_per_hour: 2000 }] },
      }),
    );
    expect(await get(admin, query)).toEqual({ machines: [], employees: [{ id: c, name: '千葉 三郎' }] });
  });
});

describe('master changes', () => {
  it('a new rate from a date on costs the later jobs again and never rewrites the earlier ones', async () => {
    await ok(
      admin.put(`/api/machine/${machineId}`, {
        machine: {
          id: machineId,
          name: '断裁機1号',
          rates: [
            { valid_from: '2026-04-01', yen_per_hour: 3000 },
            { valid_from: '2026-11-22', yen_per_hour: 6000 },
            { valid_from: '2026-11-23', yen_per_hour: 9000 },
          ],
        },
      }),
    );
    const jobs = (await get(admin, `/api/analytics/jobs?${range}&sort=work_date`)) as Array<{ id: number; machine_cost: number }>;
    expect(jobs.map((row) => [row.id, row.machine_cost])).toEqual([
      [job1, 6750],
      [job3, 0],
      [job2, 9000],
    ]);
    await setEmployeeRates(c, [{ valid_from: '2026-11-22', yen_per_hour: 2000 }]);
    expect(await get(admin, `/api/analytics/summary?${range}&employee_id=${c}`)).toMatchObject({ labour_cost: 1000, rate_missing: 0 });
  });

  it('a reason that becomes unplanned moves its time and the costs that follow from PPT', async () => {
    // Saved twice from one read, as a program that does not send the version may.
    const { version: _, ...cleaning } = (await get(admin, '/api/interruption/4')) as { id: number; name: string; version: number };
    await ok(admin.put('/api/interruption/4', { interruption: { ...cleaning, category: 'unplanned' } }));
    // PPT of job 1: 9000 − 300 = 8700 s; 8700 s × 3000 円 = 7250 円, × 2833 円 = 6846.4 円.
    expect(await get(admin, '/api/analytics/summary?from=2026-11-21&to=2026-11-21')).toMatchObject({
      planned_stop_seconds: 300,
      unplanned_stop_seconds: 1920,
      machine_cost: 7250,
      labour_cost: 6846,
    });
    await ok(admin.put('/api/interruption/4', { interruption: { ...cleaning, category: 'planned' } }));
    expect(await get(admin, '/api/analytics/summary?from=2026-11-21&to=2026-11-21')).toMatchObject({ cost: 13_124 });
  });
});

describe('refusals', () => {
  it('is for administrators: 403 for a worker, 401 signed out', async () => {
    for (const path of ['summary', 'missing_rates', 'losses', 'breakdown', 'jobs']) {
      const query = `/api/analytics/${path}?${range}${path === 'breakdown' ? '&by=machine' : ''}`;
      expect((await worker.get(query)).statusCode).toBe(403);
      expect((await (await t.visitor()).get(query)).statusCode).toBe(401);
    }
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', analyticsMessages.badDate],
    ['from=2026/11/01&to=2026-11-30', analyticsMessages.badDate],
    ['to=2026-11-30', analyticsMessages.fromRequired],
    ['from=2026-11-30&to=2026-11-01', analyticsMessages.rangeReversed],
    [`${range}&machine_id=abc`, analyticsMessages.badId],
    [`${range}&employee_id=0`, analyticsMessages.badId],
    [`${range}&slip=${'1'.repeat(101)}`, listMessages.badSlip],
  ])('refuses %s with a Japanese message', async (query, message) => {
    const response = await admin.get(`/api/analytics/summary?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: message });
  });

  it('refuses an unknown breakdown, sort or page', async () => {
    expect((await admin.get(`/api/analytics/breakdown?${range}&by=color`)).json()).toEqual({
      result: false,
      errorMessage: analyticsMessages.badBy,
    });
    expect((await admin.get(`/api/analytics/jobs?${range}&sort=-price`)).json()).toEqual({
      result: false,
      errorMessage: analyticsMessages.badSort,
    });
    expect((await admin.get(`/api/analytics/jobs?${range}&per_page=1001`)).json()).toEqual({
      result: false,
      errorMessage: analyticsMessages.badPage,
    });
  });
});
