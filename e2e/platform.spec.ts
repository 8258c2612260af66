import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { apiSession } from './support/api.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const WORKER = { userName: 'worker', password: 'worker-pass' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiSession(server.baseUrl);
  await admin.call('POST', '/api/employee', {
    employee: {
      last_name: '佐藤',
      first_name: '花子',
      use_login: true,
      user_name: WORKER.userName,
      password: WORKER.password,
      is_admin: false,
    },
  });
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

describe('sign-in', () => {
  it('sends a signed-out visit to ログイン and back where it was going afterwards', async () => {
    await page.goto('/setting');
    await expect.poll(() => page.url()).toContain('/login?redirect=%2Fsetting');
    await expect.poll(() => page.getByRole('heading', { name: 'ログイン' }).isVisible()).toBe(true);
    await signIn(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/setting');
    await page.getByRole('heading', { name: '各種設定管理' }).waitFor();
  });

  it('says so when the credentials are wrong, and stays', async () => {
    await page.goto('/login');
    await page.getByLabel('ユーザID').fill('admin');
    await page.getByLabel('パスワード').fill('not-the-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('ユーザIDまたはパスワードが正しくありません。');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('menu', () => {
  it('offers an administrator 作業時間管理 and 設定管理, and shows who is signed in', async () => {
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await page.getByRole('link', { name: '作業時間管理' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '設定管理' }).isVisible()).toBe(true);
    expect(await page.getByTestId('current-user-name').innerText()).toBe('管理者');
  });

  it('offers a regular worker only 作業時間管理 and sends them back from /setting', async () => {
    await page.goto('/');
    await signIn(page, WORKER.userName, WORKER.password);
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await page.getByRole('link', { name: '作業時間管理' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '設定管理' }).count()).toBe(0);
    expect(await page.getByTestId('current-user-name').innerText()).toBe('佐藤 花子');
    await page.goto('/setting');
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('not-found', () => {
  it('says ページが見つかりません。 and 戻る replaces the location with /', async () => {
    await page.goto('/');
    await signIn(page);
    await page.goto('/no/such/screen');
    await page.getByText('ページが見つかりません。', { exact: true }).waitFor();
    await page.getByRole('button', { name: '戻る' }).click();
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goBack();
    expect(new URL(page.url()).pathname).not.toBe('/no/such/screen');
  });
});

describe('settings', () => {
  it('links every master screen and goes back to the menu', async () => {
    await page.goto('/');
    await signIn(page);
    await page.getByRole('link', { name: '設定管理' }).click();
    await page.getByRole('heading', { name: '各種設定管理' }).waitFor();
    const links = {
      従業員: '/employee',
      中断内容: '/interruption',
      加工機: '/machine',
      会社: '/company',
      用紙サイズ: '/paper_size',
      加工内容: '/processing',
    };
    for (const [label, path] of Object.entries(links)) {
      expect(await page.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(path);
    }
    await page.getByRole('button', { name: '戻る' }).click();
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
  });
});

describe('sign-out', () => {
  it('ends the session: ログアウト shows ログイン and the menu needs signing in again', async () => {
    await page.goto('/');
    await signIn(page);
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    const info = await page.evaluate(() => fetch('/api/user/info').then((response) => response.status));
    expect(info).toBe(401);
  });
});
