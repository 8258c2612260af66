import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addEmployee, startRecord } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';
import { brokenWords, widthProblems } from './support/widths.ts';

const WIDTHS = [360, 800, 1280];

let recordId: number;
let workerId: number;

const e2e = e2eSuite({
  arrange: async (admin) => {
    workerId = await addEmployee(admin, { last_name: '長谷川', first_name: 'アレクサンドラ恵美子' });
    const others = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林'];
    for (const last_name of others) await addEmployee(admin, { last_name, first_name: '太郎' });
    // The longest machine name a workshop is likely to give, in the list's 加工機 column and search.
    const machineId = Number((await admin.call('POST', '/api/machine', { machine: { name: '中綴じ機 2号（自動丁合・三方断裁）' } })).id);
    recordId = await startRecord(admin, { slip_no: '123456789012345', employees: [workerId], machine_id: machineId });
    await admin.call('POST', `/api/productcost/setup/start/${recordId}`);
    const finished = await startRecord(admin, { slip_no: '2026-1105', employees: [workerId] });
    const pause = await admin.call('POST', `/api/productcost/break/${finished}`, {
      interruption_id: 5,
      interruption_other: '版の修正待ち',
    });
    await admin.call('POST', `/api/productcost/restart/${String(pause.break_time_id)}`);
    await admin.call('POST', `/api/productcost/finish/${finished}`, { superior: 1200, wound: 3 });
  },
});

/** Every screen, as the administrator sees it, with what makes it widest on screen. */
const screens: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  { name: 'メニュー', path: () => '/', ready: (page) => page.getByRole('heading', { name: 'メニュー' }).waitFor() },
  {
    name: '作業時間管理一覧',
    path: () => '/product_cost?from=&to=',
    ready: (page) => page.getByText('123456789012345').first().waitFor(),
  },
  {
    name: '作業時間管理（開始前、ほかの作業者を開いて）',
    path: () => '/product_cost/create',
    ready: async (page) => {
      await page.getByRole('button', { name: /ほかの作業者を選ぶ/ }).click();
      await page.getByRole('textbox', { name: '作業者を検索' }).waitFor();
    },
  },
  {
    name: '作業時間管理（段取り中）',
    path: () => `/product_cost/resume/${recordId}`,
    ready: (page) => page.getByTestId('work-state').getByText('段取り中', { exact: true }).waitFor(),
  },
  {
    name: '作業記録の編集',
    path: () => `/product_cost/show/${recordId}`,
    ready: (page) => page.getByLabel('作業開始時間').waitFor(),
  },
  { name: '設定管理', path: () => '/setting', ready: (page) => page.getByRole('heading', { name: '設定管理' }).waitFor() },
  { name: '従業員一覧', path: () => '/employee', ready: (page) => page.getByText('長谷川 アレクサンドラ恵美子').waitFor() },
  { name: '従業員の編集', path: () => `/employee/show/${workerId}`, ready: (page) => page.getByText('作業者として表示').waitFor() },
  { name: '加工機一覧', path: () => '/machine', ready: (page) => page.getByRole('heading', { name: /加工機/ }).waitFor() },
  {
    name: '加工内容の新規作成',
    path: () => '/processing/create',
    ready: (page) => page.getByRole('heading', { name: /加工内容/ }).waitFor(),
  },
  {
    name: 'ラベル印刷（最長の作業伝票No）',
    path: () => '/product_cost/label?slip_no=123456789012345',
    ready: (page) => page.getByTestId('slip-label').locator('img').nth(1).waitFor(),
  },
];

describe('every screen from a phone to a desktop', () => {
  for (const width of WIDTHS) {
    it(`scrolls sideways only inside tables that say so, and cuts off no button's text, at ${width} px`, async () => {
      const page = await e2e.newPage({ width, height: 900 });
      await page.goto('/');
      await signIn(page);
      for (const screen of screens) {
        await page.goto(screen.path());
        await screen.ready(page);
        // Layout settles after fonts and the scroll cue's measurement, later on a loaded machine.
        await page.waitForTimeout(150);
        await expect.poll(() => widthProblems(page), { message: `${screen.name} at ${width} px` }).toEqual([]);
      }
    });
  }

  it('keeps 作業伝票No, 作業日 and 稼働率 in view while the list scrolls on an upright tablet, and says it scrolls', async () => {
    const page = await e2e.newPage({ width: 800, height: 1280 });
    await page.goto('/');
    await signIn(page);
    await page.goto('/product_cost?from=&to=');
    const region = page.getByRole('region', { name: '作業時間一覧（横にスクロールできます）' });
    await region.waitFor();
    await page.getByText('横にスクロールできます', { exact: true }).waitFor();
    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    const bounds = await region.boundingBox();
    for (const header of ['作業伝票No', '作業日', '稼働率', '不良数']) {
      const box = await page.getByRole('columnheader', { name: header }).boundingBox();
      expect(box!.x, header).toBeGreaterThanOrEqual(bounds!.x - 1);
      expect(box!.x + box!.width, header).toBeLessThanOrEqual(bounds!.x + bounds!.width + 1);
    }
  });

  it("fits the list's search on an upright tablet, every field, button and 加工機's choice 48px tall, and the whole table on an office screen", async () => {
    const tablet = await e2e.newPage({ width: 800, height: 1280 });
    await tablet.goto('/');
    await signIn(tablet);
    await tablet.goto('/product_cost?from=&to=');
    await tablet.getByText('123456789012345').first().waitFor();
    const controls = [
      tablet.getByLabel('開始日'),
      tablet.getByLabel('終了日'),
      tablet.getByLabel('作業伝票No'),
      tablet.getByRole('combobox', { name: '加工機' }),
      tablet.getByRole('button', { name: '検索', exact: true }),
      tablet.getByRole('button', { name: 'CSVダウンロード' }),
      tablet.getByRole('button', { name: 'Excelダウンロード' }),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.height, String(control)).toBeGreaterThanOrEqual(48);
      expect(box.x + box.width, String(control)).toBeLessThanOrEqual(800);
    }
    await tablet.getByRole('combobox', { name: '加工機' }).click();
    const choices = tablet.getByRole('listbox').getByRole('option');
    await choices.last().waitFor();
    const heights = await choices.evaluateAll((options) => options.map((option) => option.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(48);

    const office = await e2e.newPage({ width: 1920, height: 1080 });
    await office.goto('/');
    await signIn(office);
    await office.goto('/product_cost?from=&to=');
    const region = office.getByRole('region', { name: '作業時間一覧（横にスクロールできます）' });
    await region.getByText('中綴じ機 2号（自動丁合・三方断裁）').waitFor();
    await office.waitForTimeout(150);
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
    expect(await office.getByText('横にスクロールできます', { exact: true }).count()).toBe(0);
  });

  it('breaks no header, figure or name of 分析 in the middle, its tables scrolling sideways instead, on an office screen, a laptop and an upright tablet', async () => {
    // A month's cost in the millions, on a machine whose name has a space in it.
    const machineId = Number((await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '断裁機 1号' } })).id);
    const rates = [{ valid_from: '2026-01-01', yen_per_hour: 100_000 }];
    await e2e.admin.call('PUT', `/api/machine/${machineId}`, { machine: { id: machineId, name: '断裁機 1号', rates } });
    const id = await startRecord(e2e.admin, { slip_no: '9001', employees: [workerId], machine_id: machineId });
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 270_000, wound: 12 });
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    await e2e.admin.call('PUT', `/api/productcost/${id}`, {
      productcost: { ...record, employees: [workerId], started_on: '2026/10/05 08:00', finished_on: '2026/10/05 23:00' },
    });
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 800 },
      { width: 800, height: 1280 },
    ]) {
      const page = await e2e.newPage(viewport);
      await page.goto('/');
      await signIn(page);
      await page.goto('/analytics?from=2026-10-01&to=2026-10-31');
      await page.getByRole('table', { name: '作業別原価', exact: true }).locator('tbody tr').first().waitFor();
      await page.waitForTimeout(150);
      const at = `分析 at ${viewport.width}×${viewport.height}`;
      await expect.poll(() => widthProblems(page), { message: at }).toEqual([]);
      expect(await brokenWords(page), at).toEqual([]);
    }
  });

  it('lists the records as cards on a phone, with nothing to scroll', async () => {
    const page = await e2e.newPage({ width: 360, height: 800 });
    await page.goto('/');
    await signIn(page);
    await page.goto('/product_cost?from=&to=');
    const card = page.getByRole('listitem').filter({ hasText: '2026-1105' });
    await card.waitFor();
    for (const text of ['作業時間', '中断時間', '不良数', '稼働率', '長谷川']) expect(await card.innerText(), text).toContain(text);
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
