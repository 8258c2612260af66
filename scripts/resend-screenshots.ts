import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { apiSession } from '../e2e/support/api.ts';
import { signIn } from '../e2e/support/browser.ts';
import { ownRecord } from '../e2e/support/editor.ts';
import { startServer } from '../e2e/support/server.ts';
import { chromiumPath } from './chromium.ts';
import { ensureClientBuild, ensureServerBuild } from './build.ts';

/**
 * Screenshots of the work screen resending a press (接続できません。再送しています…) for
 * docs/screenshots/, on a 10-inch tablet upright (800×1280) and held sideways (1280×800): 中断 is
 * pressed while every call of it fails as without network.
 *
 *   npx tsx scripts/resend-screenshots.ts
 */
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'docs/screenshots');
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
];

ensureClientBuild();
await ensureServerBuild();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const admin = await apiSession(server.baseUrl);
  mkdirSync(outDir, { recursive: true });
  for (const viewport of viewports) {
    const id = await ownRecord(admin, '7701');
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto(`/product_cost/resume/${id}`);
    await page.getByRole('combobox', { name: '中断内容' }).click();
    await page.getByRole('option', { name: '材料待ち', exact: true }).click();
    await page.route('**/api/productcost/break/*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '中断', exact: true }).click();
    await page.getByText('接続できません。再送しています…').waitFor();
    const file = path.join(outDir, `work-resending-${viewport.width}x${viewport.height}.png`);
    await page.screenshot({ path: file });
    process.stdout.write(`${path.relative(root, file)}\n`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
