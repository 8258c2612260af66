import { signIn } from '../e2e/support/browser.ts';
import { ownRecord } from '../e2e/support/editor.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * Screenshots of the work screen resending a press (接続できません。再送しています…) for
 * docs/screenshots/, on a 10-inch tablet upright (800×1280) and held sideways (1280×800): 中断 is
 * pressed while every call of it fails as without network.
 *
 *   npx tsx scripts/resend-screenshots.ts
 */
const viewports = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
];

await screenshotRun(async ({ admin, openPage, save }) => {
  for (const viewport of viewports) {
    const id = await ownRecord(admin, '7701');
    const page = await openPage(viewport);
    await page.goto('/');
    await signIn(page);
    await page.goto(`/product_cost/resume/${id}`);
    await page.getByRole('combobox', { name: '中断内容' }).click();
    await page.getByRole('option', { name: '材料待ち', exact: true }).click();
    await page.route('**/api/productcost/break/*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '中断', exact: true }).click();
    await page.getByText('接続できません。再送しています…').waitFor();
    await save(page, 'work-resending');
    await page.context().close();
  }
});
