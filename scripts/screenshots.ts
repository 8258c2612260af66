import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { chromiumPath } from './chromium.ts';
import { ensureClientBuild, ensureServerBuild } from './build.ts';

/**
 * Screenshots for docs/screenshots/: the work screen (作業時間管理) — a new job, with the signed-in
 * worker first and the others behind the picker, スキャン on a browser without a camera, and a record
 * resumed while setting up, with counts filled in — and the work-time list, at a phone's width, a 10-inch tablet upright and a desktop.
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
  { width: 360, height: 800 },
  { width: 800, height: 1280 },
  { width: 1920, height: 1080 },
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
    const size = `${viewport.width}x${viewport.height}`;
    const capture = async (name: string) => {
      const file = path.join(outDir, `${name}-${size}.png`);
      await page.screenshot({ path: file, fullPage: true });
      process.stdout.write(`${path.relative(root, file)}\n`);
    };
    await page.goto(`/product_cost/resume/${recordId}`);
    await page.getByTestId('work-state').getByText('段取り中', { exact: true }).waitFor();
    // The 呼出 panel is a chunk of its own, drawn once it arrives.
    await page.getByRole('button', { name: '呼出', exact: true }).waitFor();
    await capture('work-screen');
    await page.goto('/product_cost/create');
    await page.getByRole('button', { name: /ほかの作業者を選ぶ/ }).click();
    await page.getByRole('textbox', { name: '作業者を検索' }).waitFor();
    // The panel opens with a short animation.
    await page.waitForTimeout(400);
    await capture('work-screen-new');
    // スキャン on a browser without a camera (as headless Chromium is): the message and the keypad.
    await page.goto('/product_cost/create');
    await page.getByRole('button', { name: 'スキャン' }).click();
    await page.getByText('カメラを使えません。作業伝票Noをキーパッドで入力してください。').waitFor();
    await page.waitForTimeout(400);
    await capture('work-scan-no-camera');
    await page.goto('/product_cost?from=&to=');
    await page.getByText('20261122-015').first().waitFor();
    await capture('work-list');
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
    {
      last_name: '佐藤',
      first_name: '花子',
      reading: ['サトウ', 'ハナコ'],
      use_login: true,
      user_name: worker.userName,
      password: worker.password,
    },
    { last_name: '田中', first_name: '一郎', reading: ['タナカ', 'イチロウ'], use_login: false },
    { last_name: '鈴木', first_name: '健太', reading: ['スズキ', 'ケンタ'], use_login: false },
    { last_name: '高橋', first_name: '美咲', reading: ['タカハシ', 'ミサキ'], use_login: false },
    { last_name: '伊藤', first_name: '翔', reading: ['イトウ', 'ショウ'], use_login: false },
    { last_name: '渡辺', first_name: '直美', reading: ['ワタナベ', 'ナオミ'], use_login: false },
    { last_name: '山本', first_name: '大輔', reading: ['ヤマモト', 'ダイスケ'], use_login: false },
    { last_name: '中村', first_name: '優子', reading: ['ナカムラ', 'ユウコ'], use_login: false },
    { last_name: '小林', first_name: '誠', reading: ['コバヤシ', 'マコト'], use_login: false },
    { last_name: '長谷川', first_name: 'アレクサンドラ恵美子', reading: ['ハセガワ', 'アレクサンドラエミコ'], use_login: false },
    { last_name: '松本', first_name: '健', reading: ['マツモト', 'ケン'], use_login: false },
  ];
  const ids: number[] = [];
  for (const { reading, ...person } of people) {
    const employee = { is_admin: false, last_phonetic_name: reading[0], first_phonetic_name: reading[1], ...person };
    ids.push(Number((await admin.call('POST', '/api/employee', { employee })).id));
  }
  // A finished job beside the one in progress, so that the list shows both kinds of row.
  const done = await admin.call('POST', '/api/productcost/start', {
    slip_no: '20261121-007',
    employees: [ids[2], ids[9]],
    paper_size_id: 1,
    processing_id: 2,
    processing_detail_id: 3,
  });
  await admin.call('POST', `/api/productcost/finish/${(done.product_cost as { id: number }).id}`, {
    superior: 5000,
    wound: 12,
    size: 0,
    miss: 3,
    other: 0,
  });
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
