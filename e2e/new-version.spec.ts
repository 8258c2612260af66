import { describe, expect, it } from 'vitest';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

/**
 * A page loaded before a new version was deployed asks, for a screen it has not shown yet, for a file
 * the server no longer has (docs/PRODUCT.md#offline-presses): online, the page is loaded again once,
 * in the new version, rather than saying the network is down.
 */
describe('a screen whose code is gone since the page was loaded', () => {
  it('loads the page again once, online, and shows the screen', async () => {
    const page = e2e.page;
    // No service worker: it would answer the file from the copy it keeps, which a new version's page would not have.
    await page.context().route('**/sw.js', (route) => route.abort());
    // The old version's file for 分析 is gone from the server; the page loaded again (the new version's,
    // here the same files) has its own.
    let loads = 0;
    let refused = 0;
    const analyticsCode = (url: URL) => /^\/assets\/AnalyticsPage-[^/]+\.js$/.test(url.pathname);
    await page.context().route(analyticsCode, async (route) => {
      if (loads > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'Not Found' });
    });
    e2e.expectRefusal(404, 'the old version’s file for 分析 is gone');
    await page.goto('/');
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    // Counted as the new document is asked for, before it asks for its files.
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
    });
    await page.getByRole('link', { name: '分析', exact: true }).click();
    await page.getByRole('heading', { name: '分析', exact: true }).waitFor();
    expect(refused).toBeGreaterThan(0);
    expect(loads).toBe(1);
    expect(await page.getByText('読み込みに失敗しました。').count()).toBe(0);
  });
});
