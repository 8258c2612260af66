import type { Page } from 'playwright-core';
import { TILES_PER_PAGE } from '../../src/web/features/board/board-layout.ts';
import type { ApiSession } from './api.ts';

/**
 * Floors of jobs in progress for 現場モニター, arranged through the API as tablets would have pressed
 * them: scripts/board-screenshots.ts takes its screenshots of them, and e2e/board.spec.ts checks
 * that the full one fits a TV. The jobs' past is pressed with `pressed_at`, as a tablet's outbox
 * sends it, so that their times read like a working day.
 */

/** The people on the floors, employees without a login; a job names its workers by their place here. */
export const floorWorkers = [
  ['佐藤', '花子'],
  ['田中', '一郎'],
  ['鈴木', '健太'],
  ['高橋', '美咲'],
  ['伊藤', '翔'],
  ['渡辺', '直美'],
  ['山本', '大輔'],
  ['中村', '由美'],
  ['小林', '誠'],
  ['加藤', '恵'],
  ['吉田', '拓也'],
  ['山田', '優子'],
  ['佐々木', '亮'],
  ['山口', '真由美'],
  ['松本', '隆'],
  ['井上', '彩'],
  ['木村', '浩二'],
  ['林', '千尋'],
  ['清水', '勇気'],
  ['森', '沙織'],
] as const;

/** Reasons by their default ids (src/server/db/defaults.ts). */
export const MATERIAL = 1; // 材料待ち
export const BREAKDOWN = 2; // 機械故障
export const OTHER = 5; // その他: its words are the worker's own
export const QUALITY_CALL = 2; // 品質確認
export const MAINTENANCE_CALL = 3; // 保全依頼

/** A press on the record, recorded so many minutes ago; answers the action's answer. */
type Press = (path: string, minutesAgo: number, body?: object) => Promise<Record<string, unknown>>;
export interface Job {
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

/** The machines of a floor, in the order the board shows them, and the jobs in progress on them. */
export interface Floor {
  machines: string[];
  jobs: Job[];
}

/** A name longer than a TV's tile: it is cut there, and must not widen the page. */
const LONG_MACHINE = '丁合機 ホリゾン ST-40（丁合・鞍掛け・平綴じ兼用ライン）';

/** A bindery's twenty machines for the default 加工内容: a TV's full page of tiles. */
const fullMachines = [
  ...['断裁機', '折り機'].flatMap((kind) => [1, 2, 3, 4, 5].map((n) => `${kind} ${n}号`)),
  ...['中綴じ機', '無線綴じ機', '打ち抜き機'].flatMap((kind) => [1, 2, 3].map((n) => `${kind} ${n}号`)),
  LONG_MACHINE,
];
if (fullMachines.length !== TILES_PER_PAGE) throw new Error(`the full floor has ${fullMachines.length} machines, not ${TILES_PER_PAGE}`);

/** A job on the full floor: plain work since its start, with so many sheets good at the start. */
const working = (
  slip: string,
  machine: string,
  processing: Job['processing'],
  crew: number[],
  startedMinutesAgo: number,
  good?: number,
): Job => ({
  slip,
  machine,
  processing,
  workers: crew,
  startedMinutesAgo,
  good,
});

/**
 * The full floor, in rows of five on the TV: a quality call on a running cutter (row 1), a
 * breakdown with a maintenance call (row 2), a setup and a job of three workers (row 3), a job
 * nobody closed since yesterday (row 4), and 空き on 断裁機 5号, 中綴じ機 3号 and 打ち抜き機 3号.
 */
export const fullFloor: Floor = {
  machines: fullMachines,
  jobs: [
    working('24-1301', '断裁機 1号', [1, 1], [0], 95, 15000),
    working('24-1302', '断裁機 2号', [1, 2], [1], 48, 6200),
    { ...working('24-1303', '断裁機 3号', [1, 2], [7], 70, 9800), call: QUALITY_CALL },
    working('24-1304', '断裁機 4号', [1, 1], [8], 130, 21000),
    working('24-1305', '折り機 1号', [2, 3], [2], 55, 4000),
    working('24-1306', '折り機 2号', [2, 4], [9], 160, 12500),
    {
      ...working('24-1307', '折り機 3号', [2, 5], [3, 10], 210, 7400),
      then: (press, record) => press(`/api/productcost/break/${record}`, 26, { interruption_id: BREAKDOWN, interruption_other: '' }),
      call: MAINTENANCE_CALL,
    },
    working('24-1308', '折り機 4号', [2, 3], [11], 35),
    working('24-1309', '折り機 5号', [2, 4], [4], 80, 3300),
    working('24-1310', '中綴じ機 1号', [3, 6], [5, 12], 240, 2600),
    working('24-1311', '中綴じ機 2号', [3, 6], [13], 65, 1200),
    {
      ...working('24-1312', '無線綴じ機 1号', [3, 7], [14], 28),
      then: (press, record) => press(`/api/productcost/setup/start/${record}`, 18),
    },
    working('24-1313', '無線綴じ機 2号', [3, 7], [15, 16, 17], 150, 800),
    working('24-1314', '無線綴じ機 3号', [3, 7], [6], 100, 1500),
    working('24-1315', '打ち抜き機 1号', [4, 8], [18], 75, 5000),
    working('24-1316', '打ち抜き機 2号', [4, 8], [19], 42, 2400),
    // Started yesterday evening and never ended: past 要確認までの時間 (8 hours here).
    working('24-1298', LONG_MACHINE, [3, 6], [1], 10 * 60 + 45, 900),
  ],
};

/** What a worker may type for その他 at most (200 characters): on the TV it must not push rows off the screen. */
export const LONG_REASON = '給紙部のセンサーが紙詰まりを繰り返し検知するため、'.repeat(8).slice(0, 200);

/** The full floor with its breakdown told in 200 characters of その他: a page of 20 tiles must still fit the TV. */
export const longReasonFloor: Floor = {
  machines: fullMachines,
  jobs: fullFloor.jobs.map((job) =>
    job.slip === '24-1307'
      ? {
          ...job,
          then: (press: Press, record: number) =>
            press(`/api/productcost/break/${record}`, 26, { interruption_id: OTHER, interruption_other: LONG_REASON }),
        }
      : job,
  ),
};

/**
 * The full floor with three jobs at once on three machines, in the TV's rows 1, 2 and 4: a cutter
 * running three short orders side by side, a folder with a job stopped for material and a quality
 * call, a die cutter with two more jobs. Such a row is more than twice as tall, and the board must
 * turn its pages rather than put a row below the screen.
 */
export const severalJobsFloor: Floor = {
  machines: fullMachines,
  jobs: [
    ...fullFloor.jobs,
    working('24-1321', '断裁機 2号', [1, 2], [12], 30, 1800),
    working('24-1322', '断裁機 2号', [1, 1], [13], 12),
    {
      ...working('24-1323', '折り機 4号', [2, 4], [14], 90, 2100),
      then: (press, record) => press(`/api/productcost/break/${record}`, 15, { interruption_id: MATERIAL, interruption_other: '' }),
      call: QUALITY_CALL,
    },
    working('24-1324', '折り機 4号', [2, 3], [15], 20),
    working('24-1327', '打ち抜き機 1号', [4, 8], [19], 45, 1100),
    working('24-1328', '打ち抜き機 1号', [4, 8], [0, 2], 8),
  ],
};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Adds the floor's machines and the workers, sets 要確認までの時間 to 8 hours and starts the jobs with their past. */
export async function arrangeFloor(admin: ApiSession, floor: Floor): Promise<void> {
  const machineIds = new Map<string, number>();
  for (const name of floor.machines) machineIds.set(name, Number((await admin.call('POST', '/api/machine', { machine: { name } })).id));
  const workerIds: number[] = [];
  for (const [last_name, first_name] of floorWorkers) {
    const employee = { last_name, first_name, use_login: false, is_admin: false };
    workerIds.push(Number((await admin.call('POST', '/api/employee', { employee })).id));
  }
  await admin.call('PUT', '/api/setting', { setting: { stale_after_hours: 8 } });
  for (const job of floor.jobs) {
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

/**
 * How large the page is beside its window, where the highest tile starts and the lowest ends, and the
 * machines the tiles name: it fits when neither scroll size passes the window's.
 */
export async function boardFit(page: Page) {
  return page.evaluate(() => {
    const tiles = [...document.querySelectorAll('[data-testid=board-tile]')];
    return {
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      tilesTop: Math.min(...tiles.map((tile) => tile.getBoundingClientRect().top)),
      tilesBottom: Math.max(...tiles.map((tile) => tile.getBoundingClientRect().bottom)),
      machines: tiles.map((tile) => tile.firstElementChild?.textContent ?? ''),
    };
  });
}
