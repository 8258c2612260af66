import { signIn } from '../e2e/support/browser.ts';
import { screenshotRun } from './support/screenshot-run.ts';

/**
 * A screenshot of ラベル印刷 for docs/screenshots/, at a desk's 1280×800: the label of slip 24-1187
 * with its Code 128 and QR code, at its printed size, beside 印刷. Started as the other screenshot
 * scripts are: the server as the browser tests run it, on a new SQLite database.
 *
 *   npx tsx scripts/label-screenshots.ts
 */
await screenshotRun(async ({ openPage, save }) => {
  const page = await openPage({ width: 1280, height: 800 });
  await page.goto('/product_cost/label?slip_no=24-1187');
  await signIn(page);
  const images = page.getByTestId('slip-label').locator('img');
  await images.nth(1).waitFor();
  await images.evaluateAll((elements) => Promise.all(elements.map((image) => (image as HTMLImageElement).decode())));
  await save(page, 'slip-label');
  await page.context().close();
});
