import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { messages } from '../../src/domain/messages.ts';
import { E2E_ADMIN } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with nothing reaching outside this machine; `extraArgs` adds switches,
 * such as a fake camera's (e2e/camera-scan.spec.ts).
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

export async function newContext(browser: Browser, baseUrl: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * Signs in through the ログイン screen the way a person does: on the screen the app sent the page
 * to (keeping where it was going), or on /login when the page is elsewhere.
 */
export async function signIn(page: Page, userName: string = E2E_ADMIN.userName, password: string = E2E_ADMIN.password): Promise<void> {
  const userId = page.getByLabel('ユーザID');
  const onLoginScreen =
    page.url() !== 'about:blank' &&
    (await userId.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    ));
  if (!onLoginScreen) await page.goto('/login');
  await userId.fill(userName);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 10_000 });
}

/**
 * The text of the open dialog, without its buttons' labels, after which the button `button` is
 * pressed: OK, キャンセル, or the action a destructive confirmation names (削除する, 破棄する).
 */
export async function answerDialog(page: Page, button = 'OK'): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const shown = await dialog.innerText();
  const labels = await dialog.getByRole('button').allInnerTexts();
  const answered = await dialog.elementHandle();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  // A dialog that follows at once (削除しました。 after the confirmation) reuses the same element, so
  // answered means gone or showing something else.
  await page.waitForFunction(([element, text]) => !element.isConnected || (element as HTMLElement).innerText !== text, [
    answered!,
    shown,
  ] as const);
  // The buttons come after the text: each label is cut at its last occurrence.
  const withoutLabel = (text: string, label: string) => {
    const at = text.lastIndexOf(label.trim());
    return at < 0 ? text : text.slice(0, at) + text.slice(at + label.trim().length);
  };
  return labels.reduce(withoutLabel, shown).trim();
}

/**
 * Answers requests to `url` (a glob) as the server answers its own failure (500, with its message),
 * `times` times, or every time from now on when not given: what a screen shows when a read fails.
 */
export async function failReads(page: Page, url: string, times?: number): Promise<void> {
  const failed = {
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ result: false, errorMessage: messages.http.serverError }),
  };
  await page.route(url, (route) => route.fulfill(failed), times === undefined ? undefined : { times });
}

/**
 * Holds every answer to `url` (a glob) back by `ms` from now on, as a slow network would, so that
 * what a screen draws before its data arrives can be seen. Returns the way back to normal, which
 * lets the answers still held go on first. Given the page's context rather than the page, it holds
 * the reads the service worker makes for the page too (the work screen's, once the worker is there:
 * 5 s after a load).
 */
export async function slowAnswers(page: Pick<Page, 'route' | 'unroute'>, url: string, ms = 1_000): Promise<() => Promise<void>> {
  const held = new Set<Promise<void>>();
  const hold = (route: Route) => {
    const answer = new Promise((resolve) => setTimeout(resolve, ms)).then(() => route.continue());
    held.add(answer);
    return answer.finally(() => held.delete(answer));
  };
  await page.route(url, hold);
  return async () => {
    while (held.size > 0) await Promise.all(held);
    await page.unroute(url, hold);
  };
}

/** The next answer to a GET of `path` (with or without a query), read to its end. */
export async function nextRead(page: Page, path: string): Promise<void> {
  const response = await page.waitForResponse((answer) => answer.request().method() === 'GET' && new URL(answer.url()).pathname === path, {
    timeout: 10_000,
  });
  await response.finished();
}
