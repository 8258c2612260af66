import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiSession } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/server.ts';
import { chromiumPath } from './chromium.ts';
import { ensureClientBuild, ensureServerBuild } from './build.ts';

/**
 * Screenshots of a station for docs/screenshots/: 作業者を選択 (the tiles) and the PIN keypad, on a
 * 10-inch tablet upright (800×1280) and held sideways (1280×800). Started as scripts/screenshots.ts
 * is: the server as the browser tests run it, on a new SQLite database.
 *
 *   npx tsx scripts/station-screenshots.ts
 */
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
];
const workers = [
  ['佐藤', '花子', 'サトウ', 'ハナコ'],
  ['田中', '一郎', 'タナカ', 'イチロウ'],
  ['鈴木', '健太', 'スズキ', 'ケンタ'],
  ['高橋', '美咲', 'タカハシ', 'ミサキ'],
  ['伊藤', '翔', 'イトウ', 'ショウ'],
  ['渡辺', '直美', 'ワタナベ', 'ナオミ'],
  ['山本', '大輔', 'ヤマモト', 'ダイスケ'],
  ['中村', '優子', 'ナカムラ', 'ユウコ'],
  ['小林', '誠', 'コバヤシ', 'マコト'],
  ['長谷川', 'アレクサンドラ恵美子', 'ハセガワ', 'アレクサンドラエミコ'],
] as const;

ensureClientBuild();
await ensureServerBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const admin = await apiSession(server.baseUrl);
  for (const [last_name, first_name, last_phonetic_name, first_phonetic_name] of workers) {
    await admin.call('POST', '/api/employee', {
      employee: { last_name, first_name, last_phonetic_name, first_phonetic_name, pin: '1234' },
    });
  }
  mkdirSync(outDir, { recursive: true });
  for (const viewport of viewports) {
    const { code } = await admin.call('POST', '/api/station', { station: { name: '折り機 2号の端末' } });
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto('/station');
    await page.getByLabel('登録コード').fill(String(code));
    await page.getByRole('button', { name: '登録' }).click();
    await page.getByRole('heading', { name: '作業者を選択' }).waitFor();
    const size = `${viewport.width}x${viewport.height}`;
    const capture = async (name: string) => {
      const file = path.join(outDir, `${name}-${size}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`${path.relative(root, file)}\n`);
    };
    await page.getByRole('button', { name: /佐藤 花子/ }).waitFor();
    await capture('station-tiles');
    await page.getByRole('button', { name: /佐藤 花子/ }).click();
    for (const digit of '12') await page.getByRole('button', { name: digit, exact: true }).click();
    // The keypad opens with a short animation.
    await page.waitForTimeout(400);
    await capture('station-pin');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
