import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { quickRange } from '../src/domain/date-ranges.ts';
import { listMessages } from '../src/domain/product-cost-list.ts';
import { csvHeaders } from '../src/server/features/work-list/csv-export.ts';
import { addEmployee, startRecord } from './support/api.ts';
import { failReads, signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const WORKER = { userName: 'list-worker', password: 'list-worker-pass' };
const RECORDS = 25;
const IN_PROGRESS = 2;
const HEADERS = ['状態', '作業伝票No', '作業日', '作業者', '用紙サイズ', '加工内容', '加工機', '作業時間', '中断時間', '不良数', '稼働率'];

/** Record ids by slip number; the slips are 100 to 124 in a scrambled order of starting. */
const idOfSlip = new Map<string, number>();
let newestId: number;

/**
 * The machines of the records: every fifth record from the first on 折り機 1号, from the second on
 * 断裁機 1号, the third on 断裁機 3号, deleted since; the others on none.
 */
const FOLDER_SLIPS = ['100', '105', '110', '115', '120'];
const RETIRED_SLIP = '114';
let folderId: number;
let retiredId: number;

/** A date in the workshop's zone as typed on screen, days from today. */
function typedDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(date).replaceAll('-', '/');
}

const e2e = e2eSuite({
  arrange: async (admin) => {
    const workerId = await addEmployee(admin, { last_name: '木村', first_name: '拓也', login: WORKER });
    const machine = async (name: string) => Number((await admin.call('POST', '/api/machine', { machine: { name } })).id);
    folderId = await machine('折り機 1号');
    const cutterId = await machine('断裁機 1号');
    retiredId = await machine('断裁機 3号');
    const machineOf = (index: number) => (index === 2 ? retiredId : [folderId, cutterId][index % 5]);
    for (let index = 0; index < RECORDS; index++) {
      const slip = String(100 + ((index * 7) % RECORDS));
      const id = await startRecord(admin, { slip_no: slip, employees: [workerId], machine_id: machineOf(index) });
      idOfSlip.set(slip, id);
      newestId = id;
      // The last ones started stay in progress, so they come first in the newest-first order.
      if (index < RECORDS - IN_PROGRESS) await admin.call('POST', `/api/productcost/finish/${id}`, {});
    }
    await admin.call('DELETE', `/api/machine/${retiredId}`);
  },
});

const pathname = () => new URL(e2e.page.url()).pathname;
// The list by its name: a calendar left open is a table too.
const table = () => e2e.page.getByRole('table', { name: '作業時間一覧' });
const rows = () => table().locator('tbody tr');
const slips = () => rows().locator('td:nth-child(2)').allInnerTexts();

async function openList(userName?: string, password?: string): Promise<void> {
  await e2e.page.goto('/login');
  await signIn(e2e.page, userName, password);
  await e2e.page.goto('/product_cost');
  await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
}

/** Types the range as a person does, yyyy/MM/dd, and searches. */
async function search(from: string, to: string): Promise<void> {
  await e2e.page.getByLabel('開始日').fill(from);
  await e2e.page.getByLabel('終了日').fill(to);
  await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
}

async function searchAll(): Promise<void> {
  await search(typedDate(-1), typedDate(1));
  await expect.poll(() => rows().count()).toBe(20);
}

describe('entering the list', () => {
  it('asks only for the jobs in progress and lists no range until 検索, under the eleven headers', async () => {
    const listCalls: string[] = [];
    e2e.page.on('request', (request) => {
      if (request.url().includes('/api/productcost')) listCalls.push(new URL(request.url()).search);
    });
    await openList();
    expect(await table().getByRole('columnheader').allInnerTexts()).toEqual(HEADERS);
    expect(await rows().count()).toBe(0);
    await e2e.page.getByText('作業日を指定して検索してください。').waitFor();
    expect(listCalls).toEqual(['?in_progress=true']);
  });

  it('lists the jobs in progress above until 検索, and resumes one with its state button', async () => {
    await openList(WORKER.userName, WORKER.password);
    await e2e.page.getByRole('heading', { name: `作業中の作業（${IN_PROGRESS}件）` }).waitFor();
    const inProgress = e2e.page.getByRole('table', { name: '作業中の作業' }).locator('tbody tr');
    expect(await inProgress.locator('td:nth-child(1)').allInnerTexts()).toEqual(Array(IN_PROGRESS).fill('作業中'));
    expect(await inProgress.locator('td:nth-child(4)').allInnerTexts()).toEqual(Array(IN_PROGRESS).fill('木村\u00a0拓也'));
    // A search shows what it asked for alone.
    await searchAll();
    expect(await e2e.page.getByRole('table', { name: '作業中の作業' }).count()).toBe(0);
    await e2e.page.goto('/product_cost');
    await inProgress.first().getByRole('button', { name: '作業中' }).click();
    await expect.poll(pathname).toBe(`/product_cost/resume/${newestId}`);
  });

  it('offers 作業開始 and 戻る', async () => {
    await openList();
    await e2e.page.getByRole('button', { name: '作業開始' }).click();
    await expect.poll(pathname).toBe('/product_cost/create');
    await e2e.page.goto('/product_cost');
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
  });
});

describe('searching', () => {
  it('finds the typed range, 20 a page, and pages with » and «', async () => {
    await openList();
    await searchAll();
    expect(await e2e.page.getByLabel('開始日').inputValue()).toBe(typedDate(-1));
    await e2e.page.getByText(`全${RECORDS}件`).waitFor();
    const first = await slips();
    await e2e.page.getByRole('button', { name: '»', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(RECORDS - 20);
    const second = await slips();
    expect(new Set([...first, ...second]).size).toBe(RECORDS);
    await e2e.page.getByRole('button', { name: '«', exact: true }).click();
    await expect.poll(slips).toEqual(first);
  });

  it('shows the row as docs/PRODUCT.md says: 作業日 with slashes and 稼働率 with %', async () => {
    await openList();
    await searchAll();
    const cells = await rows().last().locator('td').allInnerTexts();
    expect(cells[0]).toBe('完了');
    expect(cells[2]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(cells[3]).toMatch(/^木村\s拓也$/);
    expect(cells[5]).toBe('断裁 全断');
    expect(cells[10]).toMatch(/^\d+\.\d%$/);
  });

  it('narrows the search to the slips holding the 作業伝票No typed, full-width too, and keeps it over a reload', async () => {
    await openList();
    await e2e.page.getByLabel('作業伝票No').fill('１１');
    await e2e.page.getByLabel('作業伝票No').press('Enter');
    const eleven = Array.from({ length: 10 }, (_, index) => String(110 + index));
    await expect.poll(async () => (await slips()).sort()).toEqual(eleven);
    expect(new URL(e2e.page.url()).searchParams.get('slip')).toBe('１１');
    await e2e.page.reload();
    await expect.poll(async () => (await slips()).sort()).toEqual(eleven);
    expect(await e2e.page.getByLabel('作業伝票No').inputValue()).toBe('１１');
    await e2e.page.getByLabel('作業伝票No').fill('999');
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await e2e.page.getByText('該当する作業記録はありません。').waitFor();
  });

  it("finds one 加工機's jobs, keeps the machine in the address and over a reload, and downloads the whole range still", async () => {
    await openList();
    const machineSelect = e2e.page.getByRole('combobox', { name: '加工機' });
    expect(await machineSelect.inputValue()).toBe('すべて');
    await machineSelect.click();
    // 断裁機 3号 was deleted: its jobs still name it, but it is not offered.
    expect(await e2e.page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(['すべて', '折り機 1号', '断裁機 1号']);
    await e2e.page.getByRole('option', { name: '折り機 1号' }).click();
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await expect.poll(async () => (await slips()).sort()).toEqual(FOLDER_SLIPS);
    expect(await rows().locator('td:nth-child(7)').allInnerTexts()).toEqual(Array(FOLDER_SLIPS.length).fill('折り機 1号'));
    await e2e.page.getByText(`全${FOLDER_SLIPS.length}件`).waitFor();
    expect(new URL(e2e.page.url()).searchParams.get('machine_id')).toBe(String(folderId));

    await e2e.page.reload();
    await expect.poll(async () => (await slips()).sort()).toEqual(FOLDER_SLIPS);
    expect(await machineSelect.inputValue()).toBe('折り機 1号');

    // CSVダウンロード takes the range alone, as with 作業伝票No.
    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('button', { name: 'CSVダウンロード' }).click(),
    ]);
    const lines = (await readFile((await download.path())!)).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(RECORDS + 1);

    await machineSelect.click();
    await e2e.page.getByRole('option', { name: 'すべて' }).click();
    await e2e.page.getByRole('button', { name: '検索', exact: true }).click();
    await e2e.page.getByText(`全${RECORDS}件`).waitFor();
    expect(new URL(e2e.page.url()).searchParams.has('machine_id')).toBe(false);
    // By 加工機, descending: the names in dictionary order backwards, the deleted one by its marked name, the records without one last.
    const header = table().getByRole('columnheader', { name: '加工機' });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const machines = await rows().locator('td:nth-child(7)').allInnerTexts();
    expect(machines.slice(0, 11)).toEqual(['断裁機 3号（削除済み）', ...Array(5).fill('断裁機 1号'), ...Array(5).fill('折り機 1号')]);
    expect(await rows().filter({ hasText: '断裁機 3号（削除済み）' }).locator('td:nth-child(2)').innerText()).toBe(RETIRED_SLIP);
  });

  it("keeps a machine deleted since as the address's choice, by its name, and refuses one that never was with the server's message", async () => {
    await openList();
    await e2e.page.goto(`/product_cost?from=&to=&machine_id=${retiredId}`);
    await expect.poll(slips).toEqual([RETIRED_SLIP]);
    expect(await e2e.page.getByRole('combobox', { name: '加工機' }).inputValue()).toBe('断裁機 3号（削除済み）');
    e2e.expectRefusal(400, 'the server refuses an unknown machine with 400');
    await e2e.page.goto('/product_cost?from=&to=&machine_id=99999');
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toContain(listMessages.unknownMachine);
    expect(await e2e.page.getByRole('button', { name: '再読み込み' }).count()).toBe(0);
  });

  it("says when 加工機's machines did not load, and 再読み込み reads them, instead of offering すべて alone", async () => {
    await e2e.page.goto('/login');
    await signIn(e2e.page);
    e2e.expectRefusal(500, 'the machines are answered with a server error once');
    await failReads(e2e.page, '**/api/machine', 1);
    await e2e.page.goto('/product_cost');
    const failed = e2e.page.getByRole('alert').filter({ hasText: '加工機を読み込めませんでした。' });
    await failed.waitFor();
    await failed.getByRole('button', { name: '再読み込み' }).click();
    await failed.waitFor({ state: 'detached' });
    await e2e.page.getByRole('combobox', { name: '加工機' }).click();
    await e2e.page.getByRole('option', { name: '折り機 1号' }).waitFor();
  });

  it('finds nothing in a range without work, and says so', async () => {
    await openList();
    await search('2020/01/01', '2020/01/31');
    await e2e.page.getByText('該当する作業記録はありません。').waitFor();
    expect(await rows().count()).toBe(0);
  });

  it("shows the server's message when the search is refused, instead of loading forever", async () => {
    await openList();
    e2e.expectRefusal(400, 'the server refuses a reversed range with 400');
    await search(typedDate(1), typedDate(-1));
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toContain(listMessages.rangeReversed);
    expect(await e2e.page.locator('.mantine-LoadingOverlay-root').count()).toBe(0);
  });
});

describe('quick ranges', () => {
  it('fill both dates and search in one tap with 今日, 昨日, 今週 and 先週, keeping 作業伝票No and the range in the address', async () => {
    await openList();
    const today = typedDate(0).replaceAll('/', '-');
    const address = () => new URL(e2e.page.url()).search;
    const quick = (name: string) => e2e.page.getByRole('group', { name: '期間をすぐに検索' }).getByRole('button', { name, exact: true });
    // Large enough for a gloved finger on a tablet.
    for (const name of ['今日', '昨日', '今週', '先週']) expect((await quick(name).boundingBox())!.height).toBeGreaterThanOrEqual(48);

    await e2e.page.getByLabel('作業伝票No').fill('12');
    await quick('今日').click();
    await expect.poll(address).toBe(`?from=${today}&to=${today}&slip=12`);
    await expect.poll(async () => (await slips()).sort()).toEqual(['112', '120', '121', '122', '123', '124']);
    expect(await e2e.page.getByLabel('開始日').inputValue()).toBe(typedDate(0));
    expect(await e2e.page.getByLabel('終了日').inputValue()).toBe(typedDate(0));

    await quick('昨日').click();
    await expect.poll(address).toBe(`?from=${typedDate(-1).replaceAll('/', '-')}&to=${typedDate(-1).replaceAll('/', '-')}&slip=12`);
    await e2e.page.getByText('該当する作業記録はありません。').waitFor();

    // A week from Monday to Sunday: this one holds today's jobs, the one before none.
    const thisWeek = quickRange('thisWeek', today);
    await quick('今週').click();
    await expect.poll(address).toBe(`?from=${thisWeek.from}&to=${thisWeek.to}&slip=12`);
    await expect.poll(() => rows().count()).toBe(6);
    expect(await e2e.page.getByLabel('開始日').inputValue()).toBe(thisWeek.from.replaceAll('-', '/'));
    expect(await e2e.page.getByLabel('終了日').inputValue()).toBe(thisWeek.to.replaceAll('-', '/'));
    const lastWeek = quickRange('lastWeek', today);
    await quick('先週').click();
    await expect.poll(address).toBe(`?from=${lastWeek.from}&to=${lastWeek.to}&slip=12`);
    await e2e.page.getByText('該当する作業記録はありません。').waitFor();

    // The address is the search's, so a reload shows last week again.
    await e2e.page.reload();
    await e2e.page.getByText('該当する作業記録はありません。').waitFor();
    expect(await e2e.page.getByLabel('開始日').inputValue()).toBe(lastWeek.from.replaceAll('-', '/'));
  });
});

describe('the date-range input', () => {
  it('opens a Japanese calendar from its button, climbs to month and ten-year views, and picks a day', async () => {
    await openList();
    const from = e2e.page.getByLabel('開始日');
    await from.fill('2026/11/22');
    await from.blur();
    await e2e.page.getByRole('button', { name: 'カレンダーを開く' }).first().click();
    const dropdown = e2e.page.locator('[data-dates-dropdown]');
    await dropdown.getByRole('button', { name: '2026年11月', exact: true }).click();
    await dropdown.getByRole('button', { name: '2026年', exact: true }).click();
    await dropdown.getByText('2020 – 2029').waitFor();
    expect(await dropdown.locator('table button').allInnerTexts()).toEqual(Array.from({ length: 10 }, (_, index) => String(2020 + index)));
    await dropdown.getByRole('button', { name: '2025', exact: true }).click();
    await dropdown.getByRole('button', { name: '3月', exact: true }).click();
    await dropdown.getByRole('button', { name: '2025年3月14日' }).click();
    await expect.poll(() => from.inputValue()).toBe('2025/03/14');
  });

  it('closes the calendar once a date is typed, so that on a phone it does not cover 検索 and take its tap', async () => {
    const phone = await e2e.newPage({ width: 360, height: 800 });
    await phone.goto('/login');
    await signIn(phone);
    await phone.goto('/product_cost');
    await phone.getByLabel('開始日').click();
    const calendars = phone.locator('[data-dates-dropdown]:visible');
    await calendars.first().waitFor();
    await phone.getByLabel('開始日').fill(typedDate(-1));
    await phone.getByLabel('終了日').fill(typedDate(1));
    await expect.poll(() => calendars.count()).toBe(0);
    // The typed 終了日 still has the focus: the tap goes to 検索 and finds the records as cards.
    await phone.getByRole('button', { name: '検索', exact: true }).click({ timeout: 3_000 });
    await expect.poll(() => phone.getByRole('list', { name: '作業時間一覧' }).getByRole('listitem').count()).toBe(20);
  });

  it('clears a date with its clear button', async () => {
    await openList();
    const to = e2e.page.getByLabel('終了日');
    await to.fill('2026/11/22');
    await to.blur();
    await e2e.page.getByRole('button', { name: '日付をクリア' }).click();
    await expect.poll(() => to.inputValue()).toBe('');
  });
});

describe('sorting', () => {
  it('sorts by a clicked header, reverses on a second click, and keeps the sort over a reload', async () => {
    await openList();
    await searchAll();
    const ascending = Array.from({ length: 20 }, (_, index) => String(100 + index));
    const header = table().getByRole('columnheader', { name: '作業伝票No' });
    await header.getByRole('button').click();
    await expect.poll(slips).toEqual(ascending);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    const descending = Array.from({ length: 20 }, (_, index) => String(100 + RECORDS - 1 - index));
    await expect.poll(slips).toEqual(descending);

    await e2e.page.reload();
    // The reload reads the list again: more than expect.poll's default second on a busy machine.
    await expect.poll(slips).toEqual(descending);
    expect(await header.getAttribute('aria-sort')).toBe('descending');
  });
});

describe('opening a record', () => {
  it('resumes an in-progress record with 作業中, without opening its edit screen', async () => {
    await openList();
    await searchAll();
    const first = rows().first();
    expect(await first.locator('td').first().innerText()).toBe('作業中');
    expect(await e2e.page.getByRole('button', { name: '作業中' }).count()).toBe(IN_PROGRESS);
    await first.getByRole('button', { name: '作業中' }).click();
    await expect.poll(pathname).toBe(`/product_cost/resume/${newestId}`);
  });

  it("opens the record's edit screen when an administrator clicks its row", async () => {
    await openList();
    await searchAll();
    const row = rows().last();
    const slip = await row.locator('td').nth(1).innerText();
    expect(await row.evaluate((element) => getComputedStyle(element).cursor)).toBe('pointer');
    await row.locator('td').nth(3).click();
    await expect.poll(pathname).toBe(`/product_cost/show/${idOfSlip.get(slip)}`);
  });

  it("leaves a regular worker's rows alone: they neither look clickable nor open anything", async () => {
    await openList(WORKER.userName, WORKER.password);
    await searchAll();
    const row = rows().last();
    expect(await row.evaluate((element) => getComputedStyle(element).cursor)).not.toBe('pointer');
    expect(await row.getAttribute('tabindex')).toBeNull();
    await row.locator('td').nth(3).click();
    await e2e.page.waitForTimeout(300);
    expect(pathname()).toBe('/product_cost');
  });
});

describe('on a tablet held upright', () => {
  it('scrolls the table sideways inside its area, never the page, and keeps rows and the buttons that resume a job 48px or taller', async () => {
    await e2e.page.setViewportSize({ width: 800, height: 1280 });
    await openList();
    await searchAll();
    expect(await e2e.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    const scrollsInside = await table().evaluate((element) => {
      let area = element.parentElement;
      while (area && getComputedStyle(area).overflowX === 'visible') area = area.parentElement;
      return area !== null && area !== document.documentElement && area.scrollWidth > area.clientWidth;
    });
    expect(scrollsInside).toBe(true);
    const heights = await rows().evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(48);
    const resumeButtons = rows().getByRole('button');
    expect(await resumeButtons.count()).toBe(IN_PROGRESS);
    const buttonHeights = await resumeButtons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(Math.min(...buttonHeights)).toBeGreaterThanOrEqual(48);

    // The line where the scrolling columns pass under 作業伝票No shows while they scroll, and not on a desktop, where nothing does.
    const slipEdge = () =>
      table()
        .getByRole('columnheader', { name: '作業伝票No' })
        .evaluate((cell) => getComputedStyle(cell).boxShadow.split(', rgb')[0]!);
    expect(await slipEdge()).not.toMatch(/^rgba\(0, 0, 0, 0\)/);
    await e2e.page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(slipEdge).toMatch(/^rgba\(0, 0, 0, 0\)/);
  });
});

describe('columns', () => {
  it('shows every column of the jobs in progress whole on a tablet held sideways and an office screen: none lies under the pinned 稼働率', async () => {
    await openList();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await e2e.page.setViewportSize(viewport);
      const inProgress = e2e.page.getByRole('table', { name: '作業中の作業' });
      await inProgress.locator('tbody tr').first().waitFor();
      for (const row of [inProgress.locator('thead tr'), inProgress.locator('tbody tr').first()]) {
        const cells = await row
          .locator('th, td')
          .evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
          );
        expect(cells).toHaveLength(HEADERS.length);
        const area = await e2e.page.getByRole('region', { name: '作業中の作業（横にスクロールできます）' }).boundingBox();
        for (const [index, cell] of cells.entries()) {
          const next = cells[index + 1];
          if (next)
            expect(cell.right, `${viewport.width}px: ${HEADERS[index]} ends before ${HEADERS[index + 1]}`).toBeLessThanOrEqual(
              next.left + 0.5,
            );
        }
        expect(cells[0]!.left).toBeGreaterThanOrEqual(area!.x - 0.5);
        expect(cells.at(-1)!.right).toBeLessThanOrEqual(area!.x + area!.width + 0.5);
      }
    }
  });
});

describe('CSVダウンロード', () => {
  it('saves the range as 作業時間一覧.csv with one byte-order mark and the header row', async () => {
    await openList(WORKER.userName, WORKER.password);
    await e2e.page.getByLabel('開始日').fill(typedDate(-1));
    await e2e.page.getByLabel('終了日').fill(typedDate(1));
    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('button', { name: 'CSVダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('作業時間一覧.csv');
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(false);
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(csvHeaders.join(','));
    expect(lines).toHaveLength(RECORDS + 1);
  });

  it('saves the range as the workbook 作業時間一覧.xlsx with Excelダウンロード, the slips kept as text', async () => {
    await openList(WORKER.userName, WORKER.password);
    await e2e.page.getByLabel('開始日').fill(typedDate(-1));
    await e2e.page.getByLabel('終了日').fill(typedDate(1));
    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('button', { name: 'Excelダウンロード' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('作業時間一覧.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('作業時間一覧')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(csvHeaders);
    expect(sheet.rowCount).toBe(RECORDS + 1);
    expect(typeof sheet.getRow(2).getCell(csvHeaders.indexOf('作業伝票No') + 1).value).toBe('string');
  });

  it("shows the server's message when the download is refused", async () => {
    await openList();
    await e2e.page.getByLabel('開始日').fill(typedDate(1));
    await e2e.page.getByLabel('終了日').fill(typedDate(-1));
    e2e.expectRefusal(400, 'the server refuses a reversed range with 400');
    await e2e.page.getByRole('button', { name: 'CSVダウンロード' }).click();
    await expect.poll(() => e2e.page.getByRole('dialog').innerText()).toContain(listMessages.rangeReversed);
  });
});
