import { signIn } from '../e2e/support/browser.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * A screenshot of ラベル印刷 for docs/screenshots/, at a desk's 1280×800, the whole page: the labels
 * of slips 24-1187 and 24-1190 and of the range 24-1192〜24-1193, each with its Code 128 and QR code
 * at its printed size, under 印刷 and its count. Started as the other screenshot scripts are: the
 * server as the browser tests run it, on a new SQLite database.
 *
 *   npx tsx scripts/label-screenshots.ts
 */
await screenshotRun(async ({ openPage, save }) => {
  const page = await openPage({ width: 1280, height: 800 });
  await page.goto('/product_cost/label?slip_no=24-1187&slip_no=24-1190&slip_no=24-1192~24-1193');
  await signIn(page);
  const images = page.getByTestId('slip-label').locator('img');
  await images.nth(7).waitFor();
  await images.evaluateAll((elements) => Promise.all(elements.map((image) => (image as HTMLImageElement).decode())));
  await save(page, 'slip-label', { fullPage: true });
  await page.context().close();
});
