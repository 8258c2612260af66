import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { chromiumPath } from './chromium.ts';
import { ensureClientBuild, ensureServerBuild } from './build.ts';

/**
 * Screenshots of the work screen (作業時間管理) for docs/screenshots/, at a 10-inch tablet's two
 * orientations: a record resumed while setting up, with counts filled in.
 *
 * It starts the server as the browser tests do (e2e/support/server.ts: a new SQLite database in a
 * temporary folder), arranges the record through the API, signs in as a worker and captures.
 *
 *   npx tsx scripts/screenshots.ts                      client from dist/web, built when a source changed
 *   E2E_WEB_ROOT=/tmp/web npx tsx scripts/screenshots.ts   client built elsewhere (vite build --outDir /tmp/web)
 */
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const worker = { userName: 'sato', password: 'sato-pass' };
const viewports = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
];

if (!process.env.E2E_WEB_ROOT) ensureClientBuild();
await ensureServerBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const recordId = await arrangeRecord(server.baseUrl);
  mkdirSync(outDir, { recursive: true });
  for (const viewport of viewports) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('ユーザID').fill(worker.userName);
    await page.getByLabel('パスワード').fill(worker.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    await page.goto(`/product_cost/resume/${recordId}`);
    await page.getByTestId('work-state').getByText('段取り中', { exact: true }).waitFor();
    const file = path.join(outDir, `work-screen-${viewport.width}x${viewport.height}.png`);
    await page.screenshot({ path: file });
    process.stdout.write(`${path.relative(root, file)}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/** Three workers, a machine and a company; a job started by two of them, counted so far, now setting up. */
async function arrangeRecord(baseUrl: string): Promise<number> {
  const admin = await apiSession(baseUrl);
  const people = [
    { last_name: '佐藤', first_name: '花子', use_login: true, user_name: worker.userName, password: worker.password },
    { last_name: '田中', first_name: '一郎', use_login: false },
    { last_name: '鈴木', first_name: '健太', use_login: false },
    { last_name: '高橋', first_name: '美咲', use_login: false },
  ];
  const ids: number[] = [];
  for (const person of people)
    ids.push(Number((await admin.call('POST', '/api/employee', { employee: { is_admin: false, ...person } })).id));
  const machine = await admin.call('POST', '/api/machine', { machine: { name: '断裁機 1号' } });
  const company = await admin.call('POST', '/api/company', { company: { name: '山本印刷株式会社', phonetic_name: 'ヤマモトインサツ' } });
  const session = await apiSession(baseUrl, worker.userName, worker.password);
  const started = await session.call('POST', '/api/productcost/start', {
    slip_no: '20261122-015',
    employees: [ids[0], ids[1]],
    paper_size_id: 2,
    processing_id: 1,
    processing_detail_id: 2,
    machine_id: machine.id,
    company_id: company.id,
    superior: 1200,
    wound: 4,
    size: 2,
    miss: 1,
    other: 0,
  });
  const recordId = (started.product_cost as { id: number }).id;
  await session.call('POST', `/api/productcost/setup/start/${recordId}`);
  return recordId;
}
