import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
});
afterEach(() => context.close());

/** Whether anything of a signed-in screen shows: the signed-in name, ログアウト, the menu or the settings. */
const showsSignedInScreen = () =>
  page.evaluate(() => {
    const text = document.body.innerText;
    return (
      document.querySelector('[data-testid="current-user-name"]') !== null ||
      text.includes('ログアウト') ||
      text.includes('各種設定管理') ||
      text.includes('メニュー')
    );
  });

describe('a shared browser after ログアウト', () => {
  it("never shows a signed-in screen on Back, nor the last user's data from the cache", async () => {
    // The menu and 設定管理 in one document, then 従業員 loaded as a page of its own (the address bar,
    // a reload): Back then crosses into the earlier document, which the browser loads again.
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    await page.getByRole('link', { name: '設定管理' }).click();
    await page.getByRole('heading', { name: '各種設定管理' }).waitFor();
    await page.goto('/employee');
    await page.getByTestId('current-user-name').waitFor();

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();

    for (const back of ['設定管理', 'メニュー']) {
      await page.goBack();
      // Whatever Back brings, it must settle on ログイン without a signed-in screen on the way.
      const seen: boolean[] = [];
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        seen.push(await showsSignedInScreen());
        await page.waitForTimeout(100);
      }
      expect(seen.some(Boolean), `Back to ${back}`).toBe(false);
      await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    }
    const info = await page.evaluate(() => fetch('/api/user/info').then((response) => response.status));
    expect(info).toBe(401);
  });
});
