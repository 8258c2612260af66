import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiSession } from './support/api.ts';
import { launchBrowser, newContext, signIn } from './support/browser.ts';
import { editorOf, watchConsole } from './support/editor.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let editor: ReturnType<typeof editorOf>;
let consoleWatch: ReturnType<typeof watchConsole>;
let admin: Awaited<ReturnType<typeof apiSession>>;
let adminId: number;

const DAY = '2026/11/21';
const NEXT_DAY = '2026/11/22';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiSession(server.baseUrl);
  adminId = Number((await admin.call('GET', '/api/user/info')).employee_id);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
  editor = editorOf(page);
  await page.goto('/');
  await signIn(page);
  await page.getByRole('heading', { name: 'メニュー' }).waitFor();
  // Signed in: the 401 of the first look for a session is behind.
  consoleWatch = watchConsole(page);
});
afterEach(async () => {
  expect(consoleWatch.unexpected()).toEqual([]);
  await context.close();
});

/** A record started through the API: 断裁 / 全断 on A3; `finish` finishes it too. */
async function recordOnFloor(slip_no: string, finish: boolean): Promise<number> {
  const answer = await admin.call('POST', '/api/productcost/start', {
    slip_no,
    employees: [adminId],
    paper_size_id: 1,
    processing_id: 1,
    processing_detail_id: 1,
  });
  const id = (answer.product_cost as { id: number }).id;
  if (finish) await admin.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
  return id;
}

const stateOnFloor = async (id: number) => (await admin.call('GET', `/api/productcost/${id}`)).state;
const region = (name: string) => page.getByRole('region', { name, exact: true });
const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;

describe('終業 in the record editor', () => {
  it('corrects an overnight stop: checks it, counts without it, saves it and shows it again with the history', async () => {
    const id = await recordOnFloor('5100', true);
    await editor.open(id);
    // Between the interruptions and the setups, with the row number, both times and delete.
    expect(await top('中断')).toBeLessThan(await top('終業'));
    expect(await top('終業')).toBeLessThan(await top('段取り'));
    const headers = await region('終業').getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.replace(/\s+/g, ' '))).toEqual(['No', '終業時間 必須', '始業時間', '削除']);
    expect(await region('終業').getByText('終業はありません。').isVisible()).toBe(true);

    await editor.fill('作業開始時間', `${DAY} 08:00`);
    await editor.fill('作業終了時間', `${NEXT_DAY} 12:00`);
    await editor.button('終業を追加').click();
    expect(await editor.save()).toBe('終業時間を入力してください。');
    await editor.fill('終業 1 の終業時間', `${DAY} 17:00`);
    await editor.fill('終業 1 の始業時間', `${DAY} 16:00`);
    expect(await editor.save()).toBe('始業時間は終業時間以降の時刻にしてください。');
    await editor.fill('終業 1 の始業時間', '');
    expect(await editor.save()).toBe('作業終了時間を入力する場合は、終業の始業時間も入力してください。');
    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 13:00`);
    expect(await editor.save()).toBe('終業は作業開始時間から作業終了時間までの間にしてください。');
    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 08:00`);

    await editor.button('終業を追加').click();
    await editor.fill('終業 2 の終業時間', `${NEXT_DAY} 07:00`);
    await editor.fill('終業 2 の始業時間', `${NEXT_DAY} 09:00`);
    expect(await editor.save()).toBe('終業の時間が重なっています。');
    await editor.button('終業 2 を削除').click();
    expect(await editor.field('終業 2 の終業時間').count()).toBe(0);

    // 28 hours from start to finish, 15 of them stopped.
    expect(await editor.value('作業時間')).toBe('13:00:00');
    expect(await editor.save()).toBe('登録しました。');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/product_cost');

    await editor.open(id);
    expect([await editor.value('終業 1 の終業時間'), await editor.value('終業 1 の始業時間')]).toEqual([
      `${DAY} 17:00:00`,
      `${NEXT_DAY} 08:00:00`,
    ]);
    const history = region('変更履歴').getByRole('row');
    expect(await history.count()).toBe(2);
    expect(await history.nth(1).innerText()).toMatch(/更新\s+管理者$/);

    await page.goto('/product_cost?from=2026-11-21&to=2026-11-21');
    const row = page.getByRole('row', { name: /5100/ });
    await row.waitFor();
    expect(await row.locator('td').nth(6).innerText()).toBe('13:00');
  });

  it('shows the open stop of a record in 終業, and typing its 始業 returns the record to work', async () => {
    const id = await recordOnFloor('5200', false);
    await admin.call('POST', `/api/productcost/nowork/start/${id}`, {});
    expect(await stateOnFloor(id)).toBe(5);

    await editor.open(id);
    expect(await editor.value('終業 1 の始業時間')).toBe('');
    expect(await editor.value('作業終了時間')).toBe('');
    await editor.fill('作業開始時間', `${DAY} 08:00`);
    await editor.fill('終業 1 の終業時間', `${DAY} 17:00`);
    // A second stop cannot start while the first is still open.
    await editor.button('終業を追加').click();
    await editor.fill('終業 2 の終業時間', `${DAY} 18:00`);
    expect(await editor.save()).toBe('終業の時間が重なっています。');
    await editor.button('終業 2 を削除').click();

    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 08:00`);
    expect(await editor.save()).toBe('登録しました。');
    expect(await stateOnFloor(id)).toBe(1);
  });
});
