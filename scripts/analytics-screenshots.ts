import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN } from '../e2e/support/server.ts';
import { signIn } from '../e2e/support/browser.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of 分析 for docs/screenshots/, at a manager's 1920×1080 and a small laptop's 1280×800:
 * the demo workshop of `npm run seed:demo` (three months of jobs with rates, categories and
 * standards), this month, the whole page.
 *
 *   npx tsx scripts/analytics-screenshots.ts
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-analytics-'));
try {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/seed-demo.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_USER_NAME: E2E_ADMIN.userName, ADMIN_PASSWORD: E2E_ADMIN.password },
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seed:demo failed');
  await screenshotRun(
    async ({ openPage, save }) => {
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 800 },
      ]) {
        const page = await openPage(viewport);
        await page.goto('/');
        await signIn(page);
        await page.goto('/analytics');
        await page.getByRole('table', { name: '停止理由', exact: true }).waitFor();
        await page.getByRole('table', { name: '作業別原価', exact: true }).locator('tbody tr').first().waitFor();
        // The charts animate in.
        await page.waitForTimeout(1500);
        await save(page, 'analytics', { fullPage: true });
        await page.context().close();
      }
    },
    { dataDir },
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
