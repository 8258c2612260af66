import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

/** Whether anything of a signed-in screen shows: the signed-in name, ログアウト, the menu or the settings. */
const showsSignedInScreen = () =>
  e2e.page.evaluate(() => {
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
    // The menu, where the suite signed in, and 設定管理 in one document, then 従業員 loaded as a page
    // of its own (the address bar, a reload): Back then crosses into the earlier document, which the
    // browser loads again.
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
    await e2e.page.goto('/employee');
    await e2e.page.getByTestId('current-user-name').waitFor();

    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();

    for (const back of ['設定管理', 'メニュー']) {
      await e2e.page.goBack();
      // Whatever Back brings, it must settle on ログイン without a signed-in screen on the way.
      const seen: boolean[] = [];
      const deadline = Date.now() + 3_000;
      while (Date.now() < deadline) {
        seen.push(await showsSignedInScreen());
        await e2e.page.waitForTimeout(100);
      }
      expect(seen.some(Boolean), `Back to ${back}`).toBe(false);
      await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
    }
    e2e.expectRefusal(401, 'the signed-out session’s question who it is gets 401, which is what this test asserts');
    const info = await e2e.page.evaluate(() => fetch('/api/user/info').then((response) => response.status));
    expect(info).toBe(401);
  });
});

/**
 * A worker signed in with `{userName}-pass` at the work-time list, whose password an administrator then
 * changes to `{userName}-new-pass`, which ends the worker's sessions under the open page.
 */
async function atTheListWhenThePasswordChanges(name: { last_name: string; first_name: string }, userName: string): Promise<void> {
  const id = await addEmployee(e2e.admin, { ...name, login: { userName, password: `${userName}-pass` } });
  await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
  await signIn(e2e.page, userName, `${userName}-pass`);
  await e2e.page.goto('/product_cost');
  await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
  const { using_login: _, has_pin: __, ...employee } = await e2e.admin.call('GET', `/api/employee/${id}`);
  await e2e.admin.call('PUT', `/api/employee/${id}`, { employee: { ...employee, password: `${userName}-new-pass` } });
}

describe('a session ended under an open page', () => {
  it('sends the worker to ログイン, where signing in again works without a reload', async () => {
    await atTheListWhenThePasswordChanges({ last_name: '斎藤', first_name: '学' }, 'saito');

    e2e.expectRefusal(401, 'the ended session’s next call is refused');
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await signIn(e2e.page, 'saito', 'saito-new-pass');
    await e2e.page.getByTestId('current-user-name').waitFor();
    expect(await e2e.page.getByTestId('current-user-name').innerText()).toBe('斎藤 学');
  });

  it('sends a password user to ログイン in a tab a station’s worker left on the way to the tiles', async () => {
    const id = await addEmployee(e2e.admin, { last_name: '岡田', first_name: '進', login: { userName: 'okada', password: 'okada-pass' } });
    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    // What a station's sign-out leaves in the tab until the tiles are on screen.
    await e2e.page.evaluate(() => sessionStorage.setItem('kosu-station-session', 'signed-out'));
    await signIn(e2e.page, 'okada', 'okada-pass');
    await e2e.page.goto('/product_cost');
    await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    const { using_login: _, has_pin: __, ...employee } = await e2e.admin.call('GET', `/api/employee/${id}`);
    await e2e.admin.call('PUT', `/api/employee/${id}`, { employee: { ...employee, password: 'okada-new-pass' } });

    e2e.expectRefusal(401, 'the ended session’s next call is refused');
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
  });

  it('signs in even when a refusal handed the page a token its cookie does not hold', async () => {
    await atTheListWhenThePasswordChanges({ last_name: '森', first_name: '健' }, 'mori');

    // As when several refusals come together to a browser without a cookie: the one read last is not the one whose cookie was kept.
    await e2e.page.route(
      '**/api/productcost?**',
      (route) =>
        route.fulfill({
          status: 401,
          headers: { 'content-type': 'application/json', 'x-csrf-token': 'a-token-of-another-session' },
          body: JSON.stringify({ result: false, errorMessage: 'ログインしてください。' }),
        }),
      { times: 1 },
    );
    e2e.expectRefusal(401, 'the ended session’s call, and the question who is signed in that follows the first sign-in');
    e2e.expectRefusal(419, 'the first sign-in, with the token of another session');
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await e2e.page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await signIn(e2e.page, 'mori', 'mori-new-pass');
    await expect.poll(() => e2e.page.getByTestId('current-user-name').innerText()).toBe('森 健');
  });
});
