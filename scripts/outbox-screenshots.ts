import type { Page } from 'playwright-core';
import { signIn } from '../e2e/support/browser.ts';
import { ownRecord } from '../e2e/support/editor.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of the outbox for docs/screenshots/, on a 10-inch tablet upright (800×1280) and held
 * sideways (1280×800): the work screen offline after 中断 and 再開 (オフライン, 未送信 2件), and a
 * press the server refused when the network returned (送信できなかった記録).
 *
 *   npx tsx scripts/outbox-screenshots.ts
 */
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
];

async function chooseInterruption(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: '中断内容' }).click();
  await page.getByRole('option', { name: '材料待ち', exact: true }).click();
}

await screenshotRun(async ({ admin, openPage, save }) => {
  for (const viewport of viewports) {
    const page = await openPage(viewport);
    const context = page.context();
    await page.goto('/');
    await signIn(page);

    // 中断 and 再開 with the network cut.
    const offline = await ownRecord(admin, `77${viewport.width}1`);
    await page.goto(`/product_cost/resume/${offline}`);
    await chooseInterruption(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: '中断', exact: true }).click();
    await page.getByRole('button', { name: '再開', exact: true }).click();
    await page.getByText('未送信 2件').waitFor();
    await save(page, 'work-offline');
    await context.setOffline(false);
    await page.getByTestId('outbox-unsent').waitFor({ state: 'detached' });

    // A 中断 made offline that reaches a job the office finished meanwhile.
    const refused = await ownRecord(admin, `77${viewport.width}2`);
    await page.goto(`/product_cost/resume/${refused}`);
    await chooseInterruption(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: '中断', exact: true }).click();
    await page.getByText('未送信 1件').waitFor();
    await admin.call('POST', `/api/productcost/finish/${refused}`, { superior: 1200, wound: null, size: null, miss: null, other: null });
    await context.setOffline(false);
    await page.getByTestId('refused-press').waitFor();
    await page.getByText('完了', { exact: true }).waitFor();
    await save(page, 'work-refused');
    await context.close();
  }
});
