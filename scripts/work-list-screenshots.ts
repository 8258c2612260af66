import type { Page } from 'playwright-core';
import { addEmployee, startRecord, type ApiSession } from '../e2e/support/api.ts';
import { floorWorkers } from '../e2e/support/board-floor.ts';
import { signIn } from '../e2e/support/browser.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of 作業時間管理一覧 searched by 加工機 for docs/screenshots/, at a tablet upright
 * (800×1280) and sideways (1280×800) and an office screen (1920×1080): today's jobs of 折り機 1号
 * (work-list-machine), and at the tablet upright the whole day with the 加工機 select open
 * (work-list-machine-select), its choices as a gloved finger meets them. The day has jobs on five
 * machines, one of them deleted since, and one without a machine. Started as the other screenshot
 * scripts are: the server as the browser tests run it, on a new SQLite database.
 *
 *   npx tsx scripts/work-list-screenshots.ts
 */
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

const FOLDER = '折り機 1号';
const RETIRED = '断裁機 3号';
const machineNames = ['断裁機 1号', '断裁機 2号', FOLDER, '中綴じ機', RETIRED];

/** The day's jobs: slip, machine (null: none), processing and detail, workers by index, and whether it is finished. */
const jobs: Array<[slip: string, machine: string | null, processing: [number, number], workers: number[], finished: boolean]> = [
  ['24-1160', '断裁機 1号', [1, 1], [0], true],
  ['24-1161', FOLDER, [2, 4], [1, 2], true],
  ['24-1163', RETIRED, [1, 2], [3], true],
  ['24-1165', '中綴じ機', [3, 6], [4], true],
  ['24-1168', FOLDER, [2, 5], [1], true],
  ['24-1170', '断裁機 2号', [1, 1], [0], true],
  ['24-1172', null, [4, 8], [5], true],
  ['24-1187', FOLDER, [2, 3], [2], false],
  ['24-1190', '断裁機 1号', [1, 2], [3], false],
];

const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());

/** The machines, workers and jobs of the day; 断裁機 3号 is deleted once its job is done. Answers the folder's id. */
async function arrangeDay(admin: ApiSession): Promise<number> {
  const machines = new Map<string, number>();
  for (const name of machineNames) machines.set(name, Number((await admin.call('POST', '/api/machine', { machine: { name } })).id));
  const workers: number[] = [];
  // The floor board's people, the first six of them.
  for (const [last_name, first_name] of floorWorkers.slice(0, 6)) workers.push(await addEmployee(admin, { last_name, first_name }));
  for (const [slip_no, machine, [processing_id, processing_detail_id], people, finished] of jobs) {
    const id = await startRecord(admin, {
      slip_no,
      employees: people.map((index) => workers[index]!),
      processing_id,
      processing_detail_id,
      ...(machine && { machine_id: machines.get(machine)! }),
    });
    if (finished) await admin.call('POST', `/api/productcost/finish/${id}`, { superior: 1200, wound: 4 });
  }
  await admin.call('DELETE', `/api/machine/${machines.get(RETIRED)!}`);
  return machines.get(FOLDER)!;
}

async function openList(page: Page, query: string): Promise<void> {
  await page.goto(`/product_cost?${query}`);
  await signIn(page);
  await page.getByRole('table', { name: '作業時間一覧' }).locator('tbody tr').first().waitFor();
}

await screenshotRun(async ({ admin, openPage, save }) => {
  const folder = await arrangeDay(admin);
  for (const viewport of viewports) {
    const page = await openPage(viewport);
    await openList(page, new URLSearchParams({ from: today, to: today, machine_id: String(folder) }).toString());
    await save(page, 'work-list-machine', { fullPage: true });
    await page.context().close();
  }
  const page = await openPage({ width: 800, height: 1280 });
  await openList(page, new URLSearchParams({ from: today, to: today }).toString());
  await page.getByRole('combobox', { name: '加工機' }).click();
  await page.getByRole('option', { name: FOLDER }).waitFor();
  // The dropdown opens with a short animation.
  await page.waitForTimeout(400);
  await save(page, 'work-list-machine-select');
  await page.context().close();
});
