import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

const WORKER = { userName: 'worker', password: 'worker-pass' };

const e2e = e2eSuite({
  arrange: async (admin) => {
    await addEmployee(admin, { last_name: '佐藤', first_name: '花子', login: WORKER });
  },
});

describe('sign-in', () => {
  it('sends a signed-out visit to ログイン and back where it was going afterwards', async () => {
    await e2e.page.goto('/setting');
    await expect.poll(() => e2e.page.url()).toContain('/login?redirect=%2Fsetting');
    await expect.poll(() => e2e.page.getByRole('heading', { name: 'ログイン' }).isVisible()).toBe(true);
    await signIn(e2e.page);
    await expect.poll(() => new URL(e2e.page.url()).pathname).toBe('/setting');
    await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
  });

  it('says so when the credentials are wrong, and stays', async () => {
    await e2e.page.goto('/login');
    await e2e.page.getByLabel('ユーザID').fill('admin');
    e2e.expectRefusal(401, 'the server refuses the wrong password with 401');
    await e2e.page.getByLabel('パスワード').fill('not-the-password');
    await e2e.page.getByRole('button', { name: 'ログイン' }).click();
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toBe('ユーザIDまたはパスワードが正しくありません。');
    expect(new URL(e2e.page.url()).pathname).toBe('/login');
  });
});

describe('menu', () => {
  it('offers an administrator 作業時間管理 and 設定管理, and shows who is signed in', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await e2e.page.getByRole('link', { name: '作業時間管理' }).isVisible()).toBe(true);
    expect(await e2e.page.getByRole('link', { name: '設定管理' }).isVisible()).toBe(true);
    expect(await e2e.page.getByTestId('current-user-name').innerText()).toBe('管理者');
  });

  it('offers a regular worker only 作業時間管理 and sends them back from /setting', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page, WORKER.userName, WORKER.password);
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await e2e.page.getByRole('link', { name: '作業時間管理' }).isVisible()).toBe(true);
    expect(await e2e.page.getByRole('link', { name: '設定管理' }).count()).toBe(0);
    expect(await e2e.page.getByTestId('current-user-name').innerText()).toBe('佐藤 花子');
    await e2e.page.goto('/setting');
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(new URL(e2e.page.url()).pathname).toBe('/');
  });
});

describe('not-found', () => {
  it('says ページが見つかりません。 and 戻る replaces the location with /', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto('/no/such/screen');
    await e2e.page.getByText('ページが見つかりません。', { exact: true }).waitFor();
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(new URL(e2e.page.url()).pathname).toBe('/');
    await e2e.page.goBack();
    expect(new URL(e2e.page.url()).pathname).not.toBe('/no/such/screen');
  });
});

describe('a screen opened straight from its address (a bookmark, a new tab)', () => {
  it('goes from the work screen to the list on 戻る, where one step back would leave the app, also once 開始 has replaced its address', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page, WORKER.userName, WORKER.password);
    // A new tab of the same browser: signed in, with no step of the app behind it.
    const tab = await e2e.page.context().newPage();
    await tab.goto('/product_cost/create');
    await fillJob(tab, '7001');
    await tab.getByRole('button', { name: '開始', exact: true }).click();
    await expect.poll(() => new URL(tab.url()).pathname).toMatch(/^\/product_cost\/resume\/\d+$/);
    await tab.getByRole('button', { name: '戻る' }).click();
    await tab.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/product_cost');
  });
});

describe('settings', () => {
  it('links every master screen and goes back to the menu', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
    const links = {
      従業員: '/employee',
      中断内容: '/interruption',
      加工機: '/machine',
      会社: '/company',
      用紙サイズ: '/paper_size',
      加工内容: '/processing',
    };
    for (const [label, path] of Object.entries(links)) {
      expect(await e2e.page.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(path);
    }
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
  });
});

describe('sign-out', () => {
  it('ends the session: ログアウト shows ログイン and the menu needs signing in again', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await e2e.page.goto('/');
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
    e2e.expectRefusal(401, 'the signed-out session’s question who it is gets 401, which is what this test asserts');
    const info = await e2e.page.evaluate(() => fetch('/api/user/info').then((response) => response.status));
    expect(info).toBe(401);
  });
});

describe('motion', () => {
  /** How long the slip pad, opened on the work screen, takes to appear, as its computed style says once it is open. */
  async function padAppearsIn(motion: 'reduce' | 'no-preference'): Promise<string> {
    await e2e.page.emulateMedia({ reducedMotion: motion });
    await e2e.page.getByLabel(/^作業伝票No/).click();
    const pad = e2e.page.getByRole('dialog', { name: '作業伝票No' });
    await pad.waitFor();
    const duration = await pad.evaluate((element) => getComputedStyle(element).transitionDuration);
    await pad.getByRole('button', { name: '閉じる' }).click();
    await pad.waitFor({ state: 'hidden' });
    return duration;
  }

  it('shows a dialog at once on a device set to reduce motion, and with its animation otherwise', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page, WORKER.userName, WORKER.password);
    await e2e.page.goto('/product_cost/create');
    await e2e.page.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
    expect(await padAppearsIn('reduce')).toBe('0s');
    expect(await padAppearsIn('no-preference')).not.toBe('0s');
  });
});
