import type { ApiSession } from '../e2e/support/api.ts';
import { signIn } from '../e2e/support/browser.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of 現場モニター for docs/screenshots/: a believable floor at a TV's 1920×1080 and a
 * tablet's 1280×800 — jobs in every state, an interruption with its reason, an open call, a job
 * left running past 要確認までの時間, idle machines and a job without a machine. Started as
 * scripts/screenshots.ts is: the server as the browser tests run it, on a new SQLite database. The
 * jobs' past is pressed with `pressed_at`, as a tablet's outbox sends it, so that their times read
 * like a working day.
 *
 *   npx tsx scripts/board-screenshots.ts
 */
const viewports = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
];

const machines = [
  '断裁機 1号',
  '断裁機 2号',
  '折り機 1号',
  '折り機 2号',
  '中綴じ機',
  '無線綴じ機',
  '打ち抜き機',
  '断裁機 3号',
  '折り機 3号',
];
const workers = [
  ['佐藤', '花子'],
  ['田中', '一郎'],
  ['鈴木', '健太'],
  ['高橋', '美咲'],
  ['伊藤', '翔'],
  ['渡辺', '直美'],
  ['山本', '大輔'],
] as const;

/** Reasons by their default ids (src/server/db/defaults.ts). */
const MATERIAL = 1; // 材料待ち
const BREAKDOWN = 2; // 機械故障
const QUALITY_CALL = 2; // 品質確認
const MAINTENANCE_CALL = 3; // 保全依頼

/** A press on the record, recorded so many minutes ago; answers the action's answer. */
type Press = (path: string, minutesAgo: number, body?: object) => Promise<Record<string, unknown>>;
interface Job {
  slip: string;
  machine: string | null;
  processing: [processingId: number, detailId: number];
  workers: number[];
  startedMinutesAgo: number;
  good?: number;
  /** What was pressed on the job after its start. */
  then?: (press: Press, record: number) => Promise<unknown>;
  call?: number;
}

const jobs: Job[] = [
  {
    slip: '24-1187',
    machine: '断裁機 1号',
    processing: [1, 1],
    workers: [0],
    startedMinutesAgo: 190,
    good: 12400,
    then: (press, record) =>
      press(`/api/productcost/setup/start/${record}`, 185).then(({ setup_time_id }) =>
        press(`/api/productcost/setup/finish/${String(setup_time_id)}`, 170),
      ),
  },
  {
    slip: '24-1190',
    machine: '断裁機 2号',
    processing: [1, 2],
    workers: [1],
    startedMinutesAgo: 40,
    then: (press, record) => press(`/api/productcost/setup/start/${record}`, 22),
  },
  {
    slip: '24-1175',
    machine: '折り機 1号',
    processing: [2, 4],
    workers: [2, 3],
    startedMinutesAgo: 260,
    good: 8200,
    then: (press, record) => press(`/api/productcost/break/${record}`, 34, { interruption_id: BREAKDOWN, interruption_other: '' }),
    call: MAINTENANCE_CALL,
  },
  {
    slip: '24-1192',
    machine: '折り機 2号',
    processing: [2, 3],
    workers: [4],
    startedMinutesAgo: 30,
    then: async (press, record) => {
      const { setup_time_id } = await press(`/api/productcost/setup/start/${record}`, 25);
      await press(`/api/productcost/setup/break/${String(setup_time_id)}`, 12, { interruption_id: MATERIAL, interruption_other: '' });
    },
  },
  {
    slip: '24-1168',
    machine: '中綴じ機',
    processing: [3, 6],
    workers: [5],
    startedMinutesAgo: 420,
    good: 3000,
    then: (press, record) =>
      press(`/api/productcost/nowork/start/${record}`, 60, { superior: 3000, wound: 12, size: null, miss: null, other: null }),
  },
  {
    slip: '24-1102',
    machine: '無線綴じ機',
    processing: [3, 7],
    workers: [6],
    // Started yesterday evening and never ended: past 要確認までの時間 (8 hours here).
    startedMinutesAgo: 11 * 60 + 20,
    good: 450,
  },
  {
    slip: '24-1194',
    machine: null,
    processing: [4, 8],
    workers: [1],
    startedMinutesAgo: 15,
    call: QUALITY_CALL,
  },
];

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function arrangeFloor(admin: ApiSession): Promise<void> {
  const machineIds = new Map<string, number>();
  for (const name of machines) machineIds.set(name, Number((await admin.call('POST', '/api/machine', { machine: { name } })).id));
  const workerIds: number[] = [];
  for (const [last_name, first_name] of workers) {
    const employee = { last_name, first_name, use_login: false, is_admin: false };
    workerIds.push(Number((await admin.call('POST', '/api/employee', { employee })).id));
  }
  await admin.call('PUT', '/api/setting', { setting: { stale_after_hours: 8 } });
  for (const job of jobs) {
    const started = await admin.call('POST', '/api/productcost/start', {
      slip_no: job.slip,
      employees: job.workers.map((index) => workerIds[index]!),
      paper_size_id: 2,
      processing_id: job.processing[0],
      processing_detail_id: job.processing[1],
      machine_id: job.machine === null ? null : machineIds.get(job.machine)!,
      superior: job.good ?? null,
      pressed_at: minutesAgo(job.startedMinutesAgo),
    });
    const record = (started.product_cost as { id: number }).id;
    await job.then?.((url, ago, body) => admin.call('POST', url, { ...body, pressed_at: minutesAgo(ago) }), record);
    if (job.call) await admin.call('POST', `/api/productcost/call/${record}`, { call_reason_id: job.call });
  }
}

await screenshotRun(async ({ admin, openPage, save }) => {
  await arrangeFloor(admin);
  for (const viewport of viewports) {
    const page = await openPage(viewport);
    await page.goto('/board');
    await signIn(page);
    await page.getByTestId('board-call').first().waitFor();
    // The times tick once, and the flashing call is caught at its brighter step.
    await page.waitForTimeout(1_200);
    await save(page, 'board');
    await page.context().close();
  }
});
