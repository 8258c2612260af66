import { describe, expect, it } from 'vitest';
import type { ApiSession } from './support/api.ts';
import { startRecord } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { heightsOf, linesOf } from './support/layout.ts';
import { e2eSuite } from './support/suite.ts';

const WORKER = { userName: 'sato', password: 'sato-pass' };
let clerkId: number;
let kobayashiId: number;

/** An employee with a reading, as 従業員 saves one. */
async function employee(admin: ApiSession, name: [string, string], reading: [string, string], extra: Record<string, unknown> = {}) {
  const fields = { last_name: name[0], first_name: name[1], last_phonetic_name: reading[0], first_phonetic_name: reading[1] };
  return Number((await admin.call('POST', '/api/employee', { employee: { use_login: false, is_admin: false, ...fields, ...extra } })).id);
}

const e2e = e2eSuite({
  signedIn: WORKER,
  arrange: async (admin) => {
    await employee(admin, ['佐藤', '花子'], ['サトウ', 'ハナコ'], {
      use_login: true,
      user_name: WORKER.userName,
      password: WORKER.password,
    });
    const others: Array<[[string, string], [string, string]]> = [
      [
        ['田中', '一郎'],
        ['タナカ', 'イチロウ'],
      ],
      [
        ['鈴木', '健太'],
        ['スズキ', 'ケンタ'],
      ],
      [
        ['高橋', '美咲'],
        ['タカハシ', 'ミサキ'],
      ],
      [
        ['伊藤', '翔'],
        ['イトウ', 'ショウ'],
      ],
      [
        ['渡辺', '直美'],
        ['ワタナベ', 'ナオミ'],
      ],
      [
        ['山本', '大輔'],
        ['ヤマモト', 'ダイスケ'],
      ],
      [
        ['中村', '優子'],
        ['ナカムラ', 'ユウコ'],
      ],
      [
        ['小林', '誠'],
        ['コバヤシ', 'マコト'],
      ],
      [
        ['長谷川', 'アレクサンドラ恵美子マルガレーテ'],
        ['ハセガワ', 'アレクサンドラエミコマルガレーテ'],
      ],
    ];
    for (const [name, reading] of others) {
      const id = await employee(admin, name, reading);
      if (name[0] === '小林') kobayashiId = id;
    }
    clerkId = await employee(admin, ['事務', '花'], ['ジム', 'ハナ'], { show_as_worker: false });
  },
});

const tile = (name: string) => e2e.page.getByRole('checkbox', { name, exact: true });
/** The names of the worker tiles on screen, in order: read again until they settle (expect.poll), as the picker renders after the click. */
const visibleTiles = () => e2e.page.getByRole('checkbox').allInnerTexts();

describe('作業者 on a new job', () => {
  it('shows the signed-in worker first and ticked, and the others behind a picker with kana rows and a search', async () => {
    await e2e.page.goto('/product_cost/create');
    await tile('佐藤 花子').waitFor();
    expect(await tile('佐藤 花子').isChecked()).toBe(true);
    await expect.poll(visibleTiles).toEqual(['佐藤 花子']);

    await e2e.page.getByRole('button', { name: 'ほかの作業者を選ぶ（9人）' }).click();
    await expect.poll(async () => (await visibleTiles()).length).toBe(10);
    // Neither the administrator the installation made nor an employee not shown as a worker is offered.
    expect(await e2e.page.getByText('管理者', { exact: true }).count()).toBe(0);
    expect(await tile('事務 花').count()).toBe(0);

    await e2e.page.getByRole('button', { name: 'た行' }).click();
    await expect.poll(visibleTiles).toEqual(['佐藤 花子', '田中 一郎', '高橋 美咲']);
    await expect.poll(() => e2e.page.getByRole('button', { name: 'ら行' }).isDisabled()).toBe(true);
    await e2e.page.getByRole('button', { name: 'すべて' }).click();
    await e2e.page.getByRole('textbox', { name: '作業者を検索' }).fill('すずき');
    await expect.poll(visibleTiles).toEqual(['佐藤 花子', '鈴木 健太']);
    await tile('鈴木 健太').click();

    // Ticked from the picker, the worker stays in view with the signed-in one once it is closed.
    await e2e.page.getByRole('button', { name: /ほかの作業者を選ぶ/ }).click();
    await expect.poll(visibleTiles).toEqual(['佐藤 花子', '鈴木 健太']);
    await expect.poll(() => tile('鈴木 健太').isChecked()).toBe(true);
  });

  it('fetches the picker’s code as the screen is drawn, before it is opened, says so in it when that failed, and fetches it again with 再読み込み', async () => {
    const panelCode = '**/assets/OtherWorkersPanel-*.js';
    let fetched = false;
    await e2e.page.route(panelCode, async (route) => {
      fetched = true;
      await route.continue();
    });
    await e2e.page.goto('/product_cost/create');
    await tile('佐藤 花子').waitFor();
    await expect.poll(() => fetched).toBe(true);

    // A tablet that never kept it, the network lost since: the picker says so, and the tiles in view still tick.
    const offline = await e2e.newPage();
    await offline.route(panelCode, (route) => route.abort());
    e2e.expectNoNetwork('the picker’s code is refused to the second tablet');
    await offline.goto('/');
    await signIn(offline, WORKER.userName, WORKER.password);
    await offline.goto('/product_cost/create');
    await offline.getByRole('button', { name: 'ほかの作業者を選ぶ（9人）' }).click();
    await offline.getByText('サーバーに接続できませんでした。通信状態を確認してください。', { exact: true }).waitFor();
    await offline.getByText('読み込みに失敗しました。', { exact: true }).waitFor();
    const signedIn = offline.getByRole('checkbox', { name: '佐藤 花子' });
    await signedIn.click();
    expect(await signedIn.isChecked()).toBe(false);

    // The network back, 再読み込み fetches the code again without reloading the page: the picker opens, what was ticked kept.
    await offline.unroute(panelCode);
    await offline.getByRole('button', { name: '再読み込み', exact: true }).click();
    await offline.getByRole('checkbox', { name: '鈴木 健太' }).click();
    expect(await offline.getByRole('checkbox', { name: '鈴木 健太' }).isChecked()).toBe(true);
    expect(await offline.getByText('サーバーに接続できませんでした。通信状態を確認してください。', { exact: true }).count()).toBe(0);
    expect(await signedIn.isChecked()).toBe(false);
  });

  it('keeps a long name inside its tile, on two lines at most', async () => {
    const page = await e2e.newPage({ width: 360, height: 800 });
    await page.goto('/');
    await signIn(page, WORKER.userName, WORKER.password);
    await page.goto('/product_cost/create');
    await page.getByRole('button', { name: /ほかの作業者を選ぶ/ }).click();
    const name = page.getByText('長谷川 アレクサンドラ恵美子マルガレーテ', { exact: true });
    const { height, lineHeight, clipped } = await name.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      clipped: element.scrollHeight > element.clientHeight,
    }));
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(clipped).toBe(true);
    const tileBox = await page.getByRole('checkbox', { name: '長谷川 アレクサンドラ恵美子マルガレーテ' }).boundingBox();
    const nameBox = await name.boundingBox();
    expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width);
  });
});

describe('作業者 on a recorded job', () => {
  it('shows a worker not shown as a worker in the record editor, ticked', async () => {
    const id = await startRecord(e2e.admin, { slip_no: '7001', employees: [clerkId] });
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page);
    await page.goto(`/product_cost/show/${id}`);
    const clerk = page.getByRole('checkbox', { name: '事務 花', exact: true });
    await clerk.waitFor();
    expect(await clerk.isChecked()).toBe(true);
  });
});

describe('作業者として表示 on the employee form', () => {
  it('takes an employee off the work screen’s workers when unticked', async () => {
    const office = await e2e.newPage();
    await office.goto('/');
    await signIn(office);
    await office.goto(`/employee/show/${kobayashiId}`);
    const flag = office.getByRole('checkbox', { name: '作業者として表示' });
    await expect.poll(() => flag.isChecked()).toBe(true);
    await flag.click();
    await office.getByRole('button', { name: '保存する', exact: true }).click();
    const saved = office.getByRole('dialog');
    expect(await saved.innerText()).toContain('更新しました。');
    await saved.getByRole('button', { name: 'OK', exact: true }).click();
    await saved.waitFor({ state: 'hidden' });

    await e2e.page.goto('/product_cost/create');
    await e2e.page.getByRole('button', { name: 'ほかの作業者を選ぶ（8人）' }).click();
    await expect.poll(async () => (await visibleTiles()).length).toBe(9);
    expect(await tile('小林 誠').count()).toBe(0);
  });
});

/** 勅使河原 左衛門三郎, added once for the screens below (the file's server keeps what a test adds). */
let longNamed: Promise<unknown> | undefined;

describe.each([
  { screen: 'a tablet held sideways', width: 1280, height: 800 },
  { screen: 'an office screen', width: 1920, height: 1080 },
])('作業者 on $screen', ({ width, height }) => {
  it('shows a family and a given name of four and five characters whole, broken between them, with kana rows for a gloved finger', async () => {
    await (longNamed ??= employee(e2e.admin, ['勅使河原', '左衛門三郎'], ['テシガワラ', 'サエモンサブロウ']));
    const page = await e2e.newPage({ width, height });
    await page.goto('/');
    await signIn(page, WORKER.userName, WORKER.password);
    await page.goto('/product_cost/create');
    await page.getByRole('button', { name: /ほかの作業者を選ぶ/ }).click();
    // Every character laid out on two lines: a third, cut off by the two-line clamp, would show here.
    expect(await linesOf(page.getByText('勅使河原 左衛門三郎', { exact: true }))).toEqual(['勅使河原 ', '左衛門三郎']);
    const rowHeights = await heightsOf(page.getByRole('group', { name: 'フリガナの行で絞り込む' }).getByRole('button'));
    expect(rowHeights).toHaveLength(11);
    expect(Math.min(...rowHeights)).toBeGreaterThanOrEqual(48);
  });
});
