import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addEmployee, startRecord } from './support/api.ts';
import { failReads, signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite();

const WORKER = { userName: 'analytics-worker', password: 'analytics-worker-pass' };
/** From the first hand-worked job's month to today, which holds the jobs started today too, whatever today's month. */
const RANGE = `/analytics?from=2026-11-01&to=${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date())}`;
const FASTER_THAN_STANDARD =
  /^性能稼働率が[0-9.]+%で、標準速度より速く記録された作業があります。作業別原価でOEEの高い作業について、時間の記録と加工内容の標準速度を確かめてください。$/;

const EMPLOYEE_ROWS_NOTE =
  '作業者別では、複数人で行った作業をその作業者それぞれに数えるため、各行の合計は上の数値より大きくなることがあります。工数（人時）は各作業者自身の時間です。';

const IN_PROGRESS_NOTE = (jobs: number) =>
  `作業中の作業が${jobs}件含まれています。数量は終業と終了で記録されるため、作業中の作業の性能稼働率とOEEは、数量が記録されるまで低く表示されます。`;

/**
 * Two jobs of November 2026 worked out by hand: 佐藤 09:00–11:00 on the 10th with 機械故障 10:00–10:30
 * (unplanned), 鈴木 13:00–14:00 on the 12th with 清掃 13:10–13:25 (planned). Stops: 機械故障 30 min
 * (66.7%), 清掃 15 min (33.3%, 100.0% in all).
 */
async function arrangeJobs(): Promise<void> {
  const sato = await addEmployee(e2e.admin, { last_name: '佐藤', first_name: '一郎', login: WORKER });
  const suzuki = await addEmployee(e2e.admin, { last_name: '鈴木', first_name: '次郎' });
  const jobs = [
    { slip_no: '8101', worker: sato, day: '2026/11/10', start: '09:00', end: '11:00', stop: ['10:00', '10:30', 2] as const },
    { slip_no: '8102', worker: suzuki, day: '2026/11/12', start: '13:00', end: '14:00', stop: ['13:10', '13:25', 4] as const },
  ];
  for (const job of jobs) {
    const id = await startRecord(e2e.admin, { slip_no: job.slip_no, employees: [job.worker] });
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    await e2e.admin.call('PUT', `/api/productcost/${id}`, {
      productcost: {
        ...record,
        employees: [job.worker],
        started_on: `${job.day} ${job.start}`,
        finished_on: `${job.day} ${job.end}`,
        break_times: [
          {
            id: null,
            broken_on: `${job.day} ${job.stop[0]}`,
            restarted_on: `${job.day} ${job.stop[1]}`,
            interruption_id: job.stop[2],
            interruption_other: null,
          },
        ],
      },
    });
  }
  // Twenty-one more jobs of today's, without stops, so that the job table has a second page.
  for (let index = 0; index < 21; index++) {
    const id = await startRecord(e2e.admin, { slip_no: `82${String(index).padStart(2, '0')}`, employees: [suzuki] });
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 10 });
  }
}

const tableRows = async (name: string) =>
  e2e.page
    .getByRole('table', { name, exact: true })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));

/** A table's rows, each cell under the name of its column's header. */
async function rowsByHeader(name: string): Promise<Array<Record<string, string>>> {
  const headers = await e2e.page.getByRole('table', { name, exact: true }).locator('thead th').allTextContents();
  return (await tableRows(name)).map((cells) => Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])));
}

/** The file a download link of the screen gives: the name the browser saves it under, and its bytes. */
async function download(link: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([e2e.page.waitForEvent('download'), e2e.page.getByRole('link', { name: link }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The tick labels of every chart's percentage axis, an array per axis, once the axis is drawn. */
const percentAxes = () =>
  e2e.page
    .locator('.recharts-yAxis-tick-labels')
    .evaluateAll((axes) =>
      axes
        .map((axis) => [...axis.querySelectorAll('.recharts-cartesian-axis-tick-label')].map((tick) => tick.textContent ?? ''))
        .filter((ticks) => ticks.length > 0 && ticks.every((tick) => tick.endsWith('%'))),
    );
const highestPercentTick = (axes: string[][]) => Math.max(...axes.flat().map((tick) => Number(tick.replace('%', ''))));

describe('分析', () => {
  it('shows the figures, the Pareto of stops and the job table of a range, filtered, sorted, paged and downloaded', async () => {
    await arrangeJobs();
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.getByRole('link', { name: '分析', exact: true }).click();
    await e2e.page.getByRole('heading', { name: '分析', exact: true }).waitFor();
    // This month by default, from its first day to its last.
    const now = new Date();
    const month = `${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`;
    const lastDay = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
    expect(await e2e.page.getByRole('textbox', { name: '開始日' }).inputValue()).toBe(`${month}/01`);
    expect(await e2e.page.getByRole('textbox', { name: '終了日' }).inputValue()).toBe(`${month}/${lastDay}`);

    await e2e.page.goto(RANGE);
    await e2e.page.getByRole('table', { name: '停止理由', exact: true }).waitFor();
    expect(await tableRows('停止理由')).toEqual([
      ['機械故障', '非計画停止', '0:30', '1', '66.7%', '66.7%'],
      ['清掃', '計画停止', '0:15', '1', '33.3%', '100.0%'],
    ]);
    // Forty-five minutes of stops are counted in minutes up the side, not as slivers at the foot of 0–4時間.
    const paretoTicks = e2e.page
      .getByRole('heading', { name: '停止理由（パレート図）', exact: true })
      .locator('xpath=ancestor::div[.//*[contains(@class, "recharts-wrapper")]][1]')
      .locator('.recharts-yAxis-tick-labels')
      .first()
      .locator('.recharts-cartesian-axis-tick-label');
    await expect.poll(() => paretoTicks.count()).toBeGreaterThan(2);
    const minutes = await paretoTicks.allTextContents();
    for (const tick of minutes) expect(tick).toMatch(/^\d+分$/);
    expect(Math.max(...minutes.map((tick) => Number.parseInt(tick)))).toBeLessThan(60);
    const card = (label: string) => e2e.page.getByTestId('analytics-card').filter({ has: e2e.page.getByText(label, { exact: true }) });
    expect(await card('停止時間').locator('dd').innerText()).toBe('0:45');
    // The list's 稼働率 says what it divides, so that it is not read as OEE's 時間稼働率.
    expect(await card('稼働率').locator('dd').allInnerTexts()).toEqual([expect.stringMatching(/%$/), '（作業時間 − 停止時間）÷ 作業時間']);
    // No detail of these jobs has a standard speed, so no note says they ran faster than it.
    expect(await e2e.page.getByText(FASTER_THAN_STANDARD).count()).toBe(0);
    // The percentage axes (the Pareto's 累積比率, 加工機別のOEE) end at 100 % when no figure is above it.
    await expect.poll(async () => (await percentAxes()).length).toBe(2);
    expect(highestPercentTick(await percentAxes())).toBe(100);

    // A filter: 鈴木's job only; the address keeps it.
    await e2e.page.getByRole('combobox', { name: '作業者', exact: true }).click();
    await e2e.page.getByRole('option', { name: '鈴木 次郎', exact: true }).click();
    await expect.poll(() => tableRows('停止理由')).toEqual([['清掃', '計画停止', '0:15', '1', '100.0%', '100.0%']]);
    expect(new URL(e2e.page.url()).searchParams.get('employee_id')).not.toBeNull();

    // The job table, without the filter: 23 jobs over two pages, sorted by a header.
    await e2e.page.goto(RANGE);
    const jobs = e2e.page.getByRole('table', { name: '作業別原価', exact: true });
    await jobs.locator('tbody tr').first().waitFor();
    await e2e.page.getByText('全23件', { exact: true }).waitFor();
    expect(await jobs.locator('tbody tr').count()).toBe(20);
    await jobs.getByRole('button', { name: '作業時間' }).click();
    await expect.poll(async () => (await tableRows('作業別原価'))[0]?.[1]).toBe('8101');
    await jobs.getByRole('button', { name: '作業時間' }).click();
    await expect.poll(async () => (await tableRows('作業別原価')).at(0)?.[1]).not.toBe('8101');
    // 停止: each job's stops, the longest first at the first press: 8101's 30 minutes of 機械故障, 8102's 15 of 清掃.
    await jobs.getByRole('button', { name: '停止', exact: true }).click();
    await expect
      .poll(async () => (await rowsByHeader('作業別原価')).slice(0, 3).map((row) => [row['作業伝票No'], row['停止']]))
      .toEqual([
        ['8101', '0:30'],
        ['8102', '0:15'],
        [expect.stringMatching(/^82/), '0:00'],
      ]);
    await e2e.page.getByRole('navigation', { name: '作業別原価のページ' }).getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(async () => (await tableRows('作業別原価')).length).toBe(3);

    // 作業者別 counts a job for each of its workers, and says so, since its rows then add up to more than the cards.
    const sharedJobs = e2e.page.getByText(EMPLOYEE_ROWS_NOTE, { exact: true });
    expect(await sharedJobs.count()).toBe(0);
    await e2e.page.getByText('作業者別', { exact: true }).click();
    await expect.poll(async () => (await tableRows('不良の内訳')).map((row) => row[0])).toEqual(['佐藤 一郎', '鈴木 次郎']);
    expect(await sharedJobs.count()).toBe(1);

    // What the jobs cost by customer (none of these has a company), and by processing, kept in the address.
    const costRows = async () => (await tableRows('原価の内訳')).map((row) => [row[0], row.at(-1)]);
    await expect.poll(costRows).toEqual([['（なし）', expect.stringMatching(/円$/)]]);
    await e2e.page.getByRole('radiogroup', { name: '原価の内訳の単位' }).getByText('加工内容別', { exact: true }).click();
    await expect.poll(costRows).toEqual([['断裁', expect.stringMatching(/円$/)]]);
    expect(new URL(e2e.page.url()).searchParams.get('cost')).toBe('processing');

    // On an office screen every table shows all its columns: the sections stand one under another.
    await e2e.page.setViewportSize({ width: 1920, height: 1080 });
    for (const table of ['加工機別のOEE', '原価の内訳', '不良の内訳', '推移', '作業別原価']) {
      const area = e2e.page.getByRole('region', { name: `${table}の表（横にスクロールできます）`, exact: true });
      await expect
        .poll(() => area.evaluate((element) => element.scrollWidth - element.clientWidth), { message: table })
        .toBeLessThanOrEqual(1);
    }

    // The job rows as an Excel workbook.
    const jobsWorkbook = await download('作業別原価をExcelでダウンロード');
    expect(jobsWorkbook.name).toBe('分析_作業別原価.xlsx');
    expect(jobsWorkbook.bytes.subarray(0, 2).toString()).toBe('PK');

    // The stops, for a meeting: 停止理由 as a workbook and as a CSV, largest first as on the screen.
    const stopsWorkbook = await download('停止理由をExcelでダウンロード');
    expect(stopsWorkbook.name).toBe('分析_停止理由.xlsx');
    expect(stopsWorkbook.bytes.subarray(0, 2).toString()).toBe('PK');
    const stopsCsv = await download('停止理由をCSVでダウンロード');
    expect(stopsCsv.name).toBe('分析_停止理由.csv');
    expect(stopsCsv.bytes.toString('utf8')).toBe(
      '\ufeff中断内容,区分,停止時間,回数,比率(%),累積比率(%)\r\n機械故障,非計画停止,0:30:00,1,66.7,66.7\r\n清掃,計画停止,0:15:00,1,33.3,100\r\n',
    );
  });

  it('keeps 作業別原価’s order and page and the breakdowns’ units in the address: back from a job, on a reload and in a sent link', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(RANGE);
    const jobs = e2e.page.getByRole('table', { name: '作業別原価', exact: true });
    await e2e.page.getByText('全23件', { exact: true }).waitFor();
    await jobs.getByRole('button', { name: '作業時間' }).click();
    await expect.poll(async () => (await tableRows('作業別原価'))[0]?.[1]).toBe('8101');
    await e2e.page.getByRole('navigation', { name: '作業別原価のページ' }).getByRole('button', { name: '2', exact: true }).click();
    await expect.poll(async () => (await tableRows('作業別原価')).length).toBe(3);
    await e2e.page.getByText('作業者別', { exact: true }).click();
    // As a person would, 週別 once 作業者別 has shown: its note above 不良の内訳 moves 推移 down the page, and
    // a click aimed before that move would land beside 週別.
    await e2e.page.getByText(EMPLOYEE_ROWS_NOTE, { exact: true }).waitFor();
    await e2e.page.getByText('週別', { exact: true }).click();
    await expect.poll(async () => (await tableRows('推移')).map((row) => row[0])).toContain('2026/11/09〜11/15');
    const pageTwo = await tableRows('作業別原価');
    const shownView = async () => ({
      jobs: await tableRows('作業別原価'),
      sorted: await jobs.getByRole('columnheader', { name: '作業時間' }).getAttribute('aria-sort'),
      defectsBy: await e2e.page.getByRole('radio', { name: '作業者別' }).isChecked(),
      trendBy: await e2e.page.getByRole('radio', { name: '週別' }).isChecked(),
    });
    const expected = { jobs: pageTwo, sorted: 'descending', defectsBy: true, trendBy: true };
    const address = new URL(e2e.page.url()).searchParams;
    expect([address.get('sort'), address.get('page'), address.get('defects'), address.get('trend')]).toEqual([
      '-worked_seconds',
      '2',
      'employee',
      'week',
    ]);

    // A job of the second page, and back.
    await jobs.getByRole('link', { name: pageTwo[0]![1], exact: true }).click();
    await e2e.page.getByRole('heading', { name: '作業記録の編集' }).waitFor();
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await jobs.locator('tbody tr').first().waitFor();
    await expect.poll(shownView).toEqual(expected);

    await e2e.page.reload();
    await jobs.locator('tbody tr').first().waitFor();
    await expect.poll(shownView).toEqual(expected);

    // Another filter is other jobs: the first page again, in the order chosen.
    await e2e.page.getByRole('combobox', { name: '作業者', exact: true }).click();
    await e2e.page.getByRole('option', { name: '鈴木 次郎', exact: true }).click();
    await expect.poll(() => new URL(e2e.page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(e2e.page.url()).searchParams.get('sort')).toBe('-worked_seconds');
  });

  it('keeps two choices made one right after the other, the second before the screen has drawn the first', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(RANGE);
    await e2e.page.getByRole('table', { name: '推移', exact: true }).locator('tbody tr').first().waitFor();
    await e2e.page.evaluate(async () => {
      const choice = (label: string) => [...document.querySelectorAll('label')].find((element) => element.textContent === label)!;
      choice('作業者別').click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      choice('週別').click();
    });
    const chosen = () => ['defects', 'trend'].map((key) => new URL(e2e.page.url()).searchParams.get(key));
    await expect.poll(chosen).toEqual(['employee', 'week']);
  });

  it('narrows to one whole 作業伝票No, so that the cards say what that order cost, and names it when the range has none', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(RANGE);
    const card = (label: string) => e2e.page.getByTestId('analytics-card').filter({ has: e2e.page.getByText(label, { exact: true }) });
    await expect.poll(() => card('作業件数').locator('dd').innerText()).toBe('23');
    const slip = e2e.page.getByRole('textbox', { name: '作業伝票No', exact: true });
    await slip.fill('８１０１');
    await slip.press('Enter');
    await expect.poll(() => card('作業件数').locator('dd').innerText()).toBe('1');
    expect(await card('作業時間').locator('dd').innerText()).toBe('2:00');
    expect(await tableRows('作業別原価')).toHaveLength(1);
    expect(new URL(e2e.page.url()).searchParams.get('slip')).toBe('８１０１');
    // The whole number, not a part of it as the list's search: 810 is no slip of these jobs.
    await slip.fill('810');
    await slip.press('Enter');
    await e2e.page.getByText('作業伝票No 810 の作業記録はこの期間にありません。', { exact: true }).waitFor();
    await e2e.page.getByRole('button', { name: '作業伝票Noをクリア' }).click();
    await expect.poll(() => card('作業件数').locator('dd').innerText()).toBe('23');
    expect(new URL(e2e.page.url()).searchParams.get('slip')).toBeNull();
    expect(await slip.inputValue()).toBe('');
  });

  it('shows the jobs a stop reason stopped when it is pressed in the Pareto’s table, the longest first, and every job again', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(RANGE);
    await e2e.page.getByText('中断内容を押すと、その理由で止まった作業を作業別原価に表示します。', { exact: true }).waitFor();
    await e2e.page.getByRole('table', { name: '停止理由', exact: true }).getByRole('button', { name: '機械故障', exact: true }).click();
    const narrowed = e2e.page.getByRole('status').filter({ hasText: '停止理由「機械故障」で止まった作業だけを表示しています。' });
    await narrowed.waitFor();
    // 8101's 30 minutes of 機械故障, beside its stops in all; the heading brought into view.
    await expect.poll(() => tableRows('作業別原価')).toHaveLength(1);
    const [job] = await rowsByHeader('作業別原価');
    expect(job).toMatchObject({ 作業伝票No: '8101', 停止: '0:30', うち機械故障: '0:30' });
    expect(await e2e.page.getByRole('heading', { name: '作業別原価', exact: true }).isVisible()).toBe(true);
    const address = new URL(e2e.page.url()).searchParams;
    expect([address.get('stop'), address.get('sort')]).toEqual(['2', '-reason_seconds']);
    // The downloads hold the same jobs.
    const csv = (await download('作業別原価をCSVでダウンロード')).bytes.toString('utf8');
    expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(2);
    // A reload shows the same view.
    await e2e.page.reload();
    await narrowed.waitFor();
    await e2e.page.getByRole('button', { name: 'すべての作業を表示', exact: true }).click();
    await expect.poll(() => tableRows('作業別原価')).toHaveLength(20);
    expect(await narrowed.count()).toBe(0);
    expect(await e2e.page.getByRole('columnheader', { name: /^うち/ }).count()).toBe(0);
    expect(new URL(e2e.page.url()).searchParams.get('stop')).toBeNull();
    expect(new URL(e2e.page.url()).searchParams.get('sort')).toBeNull();
  });

  it('marks a job in progress and one costed without a rate, names a missing machine, shows a short job to the second, and keeps a performance beyond belief from stretching the charts’ axes', async () => {
    // 高橋 has a rate; the machine has none. A detail of its own at 1,000 sheets an hour (the other
    // tests' jobs keep theirs without a standard): 4,800 sheets in 40 seconds is 43,200 % of it.
    const takahashi = await addEmployee(e2e.admin, { last_name: '高橋', first_name: '四郎' });
    const { using_login: _, ...employee } = await e2e.admin.call('GET', `/api/employee/${takahashi}`);
    const rates = [{ valid_from: '2020-01-01', yen_per_hour: 1500 }];
    await e2e.admin.call('PUT', `/api/employee/${takahashi}`, { employee: { ...employee, rates } });
    await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '単価なし断裁機' } });
    const machines = (await e2e.admin.call('GET', '/api/machine')) as unknown as Array<{ id: number; name: string }>;
    const machineId = machines.find((machine) => machine.name === '単価なし断裁機')!.id;
    const detail = { id: null, name: '標準あり', standard_speed: 1000, standard_setup_minutes: null };
    const processingId = Number(
      (await e2e.admin.call('POST', '/api/processing', { processing: { name: '速さ確認', details: [detail] } })).id,
    );
    const [detailId] = ((await e2e.admin.call('GET', `/api/processing/${processingId}`)).details as Array<{ id: number }>).map(
      ({ id }) => id,
    );
    // In October, apart from the other tests' jobs: 8401 in progress since the 5th, without a machine
    // or a standard; 8402 on the machine, 40 seconds on the 2nd.
    const inProgress = await startRecord(e2e.admin, { slip_no: '8401', employees: [takahashi] });
    const started = await e2e.admin.call('POST', '/api/productcost/start', {
      slip_no: '8402',
      employees: [takahashi],
      paper_size_id: 1,
      processing_id: processingId,
      processing_detail_id: detailId,
      machine_id: machineId,
    });
    const shortJob = (started.product_cost as { id: number }).id;
    await e2e.admin.call('POST', `/api/productcost/finish/${shortJob}`, { superior: 4800 });
    const times = new Map([
      [inProgress, { started_on: '2026/10/05 08:00:00', finished_on: null }],
      [shortJob, { started_on: '2026/10/02 09:00:00', finished_on: '2026/10/02 09:00:40' }],
    ]);
    for (const [id, time] of times) {
      const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
      await e2e.admin.call('PUT', `/api/productcost/${id}`, {
        productcost: { ...record, employees: [takahashi], ...time, break_times: [] },
      });
    }

    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(`/analytics?from=2026-10-01&to=2026-10-31&employee_id=${takahashi}`);
    const jobs = e2e.page.getByRole('table', { name: '作業別原価', exact: true });
    await jobs.locator('tbody tr').nth(1).waitFor();
    const [inProgressRow, short] = await rowsByHeader('作業別原価');
    // 作業伝票No, 加工機, 作業者 and 原価 of the job in progress (its time counts up to now; its workers
    // are named though a record keeps their names only once it is finished).
    expect(['作業伝票No', '加工機', '作業者', '原価'].map((header) => inProgressRow![header])).toEqual([
      '8401作業中',
      '（なし）',
      '高橋 四郎',
      expect.not.stringContaining('単価未設定'),
    ]);
    // 作業伝票No, 加工機, 作業時間, 工数, OEE and 原価 (40 s × 1,500 円/時 = 16.67 → 17 円; the machine's share 0 円).
    expect(['作業伝票No', '加工機', '作業時間', '工数（人時）', 'OEE', '原価'].map((header) => short![header])).toEqual([
      '8402',
      '単価なし断裁機',
      '0:00:40',
      '0:00:40',
      '43200.0%',
      '17円単価未設定',
    ]);
    // Both percentage axes (加工機別のOEE's 性能稼働率 and 推移's OEE) stop at 200 %: the figures of 8402
    // would otherwise stretch them to tens of thousands.
    await expect.poll(async () => (await percentAxes()).length).toBe(2);
    expect(highestPercentTick(await percentAxes())).toBe(200);
    // Under the cards, a note says why OEE is beyond belief, and where to look.
    await e2e.page.getByRole('alert').filter({ hasText: FASTER_THAN_STANDARD }).waitFor();
    // And one that the job in progress has no sheets until 終業 or 終了 records them.
    await e2e.page
      .getByRole('status')
      .filter({ hasText: IN_PROGRESS_NOTE(1) })
      .waitFor();

    // OEE sorts, highest first: the job the yellow note sends the manager to look for comes first.
    await jobs.getByRole('columnheader', { name: 'OEE' }).getByRole('button').click();
    await expect.poll(async () => (await tableRows('作業別原価')).map((row) => row[1])).toEqual(['8402', '8401作業中']);
    expect(await jobs.getByRole('columnheader', { name: 'OEE' }).getAttribute('aria-sort')).toBe('descending');

    // The note on the job costed without a rate names the machine whose 時間チャージ is missing, with a link to its form.
    const rateNote = e2e.page
      .getByRole('alert')
      .filter({ hasText: '単価が登録されていない作業が1件あります（その分の原価は0円で計算しています）。' });
    await expect.poll(() => rateNote.innerText()).toContain('時間チャージ未登録：単価なし断裁機');
    expect(await rateNote.getByRole('link', { name: '単価なし断裁機' }).getAttribute('href')).toBe(`/machine/show/${machineId}`);
    expect(await rateNote.getByText(/労務単価未登録/).count()).toBe(0);

    // The job timed far too short is put right from here: its slip opens its edit screen.
    await jobs.getByRole('link', { name: '8402', exact: true }).click();
    await e2e.page.getByRole('heading', { name: '作業記録の編集' }).waitFor();
    expect(new URL(e2e.page.url()).pathname).toBe(`/product_cost/show/${shortJob}`);
  });

  it('keeps the figures while the range typed cannot be shown, says why under the dates, and goes back to the menu with 戻る', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto('/analytics?from=2026-11-01&to=2026-11-30');
    const stops = e2e.page
      .getByTestId('analytics-card')
      .filter({ has: e2e.page.getByText('停止時間', { exact: true }) })
      .locator('dd');
    await stops.waitFor();
    const shown = await stops.innerText();
    const to = e2e.page.getByRole('textbox', { name: '終了日' });
    const reason = e2e.page.getByRole('alert').filter({ hasText: /を入力してください。$|より前の日付にしてください。$/ });

    await e2e.page.getByRole('button', { name: '日付をクリア' }).nth(1).click();
    await expect.poll(() => reason.innerText()).toBe('終了日を入力してください。');
    expect(await to.inputValue()).toBe('');
    await to.fill('2026/10/01');
    await expect.poll(() => reason.innerText()).toBe('開始日は終了日より前の日付にしてください。');
    // Neither is a failure to load: the figures of 2026/11/01〜2026/11/30 stay, and so does the address;
    // they are dimmed and named, so as not to be read as the typed range's.
    expect(await e2e.page.getByText('読み込みに失敗しました。').count()).toBe(0);
    expect(await stops.innerText()).toBe(shown);
    expect(new URL(e2e.page.url()).searchParams.get('to')).toBe('2026-11-30');
    const shownRange = e2e.page.getByText('表示中：2026/11/01〜2026/11/30', { exact: true });
    const figuresOpacity = () => e2e.page.getByTestId('analytics-figures').evaluate((element) => getComputedStyle(element).opacity);
    await shownRange.waitFor();
    expect(Number(await figuresOpacity())).toBeLessThan(0.5);

    await to.fill('2026/11/11');
    await expect.poll(() => new URL(e2e.page.url()).searchParams.get('to')).toBe('2026-11-11');
    expect(await reason.count()).toBe(0);
    expect(await shownRange.count()).toBe(0);
    expect(await figuresOpacity()).toBe('1');

    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
  });

  it('takes last month or this month in one press, from a range half typed too, and keeps it in the address', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto('/analytics');
    await e2e.page.getByTestId('analytics-figures').waitFor();
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    const monthOf = (first: Date) => {
      const last = new Date(first.getFullYear(), first.getMonth() + 1, 0);
      const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
      return [day(first), day(last)];
    };
    const address = () => ['from', 'to'].map((key) => new URL(e2e.page.url()).searchParams.get(key));
    const fields = () => Promise.all(['開始日', '終了日'].map((name) => e2e.page.getByRole('textbox', { name }).inputValue()));
    const lastMonth = monthOf(new Date(now.getFullYear(), now.getMonth() - 1, 1));
    // The start of a month after this one typed first: a reversed range, until 先月 replaces both ends.
    await e2e.page.getByRole('textbox', { name: '開始日' }).fill(`${now.getFullYear() + 1}/01/01`);
    await e2e.page.getByText('開始日は終了日より前の日付にしてください。', { exact: true }).waitFor();
    await e2e.page.getByRole('button', { name: '先月', exact: true }).click();
    await expect.poll(address).toEqual(lastMonth);
    // The fields follow the address as the date inputs draw again.
    await expect.poll(fields).toEqual(lastMonth.map((date) => date.replaceAll('-', '/')));
    expect(await e2e.page.getByText('開始日は終了日より前の日付にしてください。').count()).toBe(0);

    await e2e.page.getByRole('button', { name: '今月', exact: true }).click();
    await expect.poll(address).toEqual(monthOf(new Date(now.getFullYear(), now.getMonth(), 1)));
  });

  it('says what is wrong with a range in the address in its own words, not as a failure to load', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    e2e.expectRefusal(400, 'the server refuses a reversed range and a date that is none with 400');
    for (const [address, message] of [
      ['/analytics?from=2026-11-30&to=2026-11-01', '開始日は終了日より前の日付にしてください。'],
      ['/analytics?from=2026-13-01&to=2026-11-30', '日付はYYYY-MM-DDの形式で入力してください。'],
    ]) {
      await e2e.page.goto(address!);
      const said = e2e.page.getByRole('alert').filter({ hasText: message! });
      await said.waitFor();
      expect(await said.innerText(), address).toBe(message);
      expect(await e2e.page.getByText('読み込みに失敗しました。').count(), address).toBe(0);
      expect(await e2e.page.getByRole('button', { name: '再読み込み' }).count(), address).toBe(0);
    }
  });

  it('names every machine’s bars, long names cut, with the legend in the bars’ order', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '図表', first_name: '確認' });
    const detail = { id: null, name: '図表用', standard_speed: null, standard_setup_minutes: null };
    const processingId = Number(
      (await e2e.admin.call('POST', '/api/processing', { processing: { name: '図表確認', details: [detail] } })).id,
    );
    const [detailId] = ((await e2e.admin.call('GET', `/api/processing/${processingId}`)).details as Array<{ id: number }>).map(
      ({ id }) => id,
    );
    const machines = Array.from({ length: 12 }, (_, index) => `ハイデルベルグ スピードマスター ${index + 1}号機（8色両面兼用機）`);
    for (const [index, name] of machines.entries()) {
      const machineId = Number((await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name } })).id);
      const started = await e2e.admin.call('POST', '/api/productcost/start', {
        slip_no: `86${String(index).padStart(2, '0')}`,
        employees: [worker],
        paper_size_id: 1,
        processing_id: processingId,
        processing_detail_id: detailId,
        machine_id: machineId,
      });
      await e2e.admin.call('POST', `/api/productcost/finish/${(started.product_cost as { id: number }).id}`, { superior: 10 });
    }
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(`/analytics?processing_id=${processingId}`);
    // The section: the nearest box around the heading that holds a chart.
    const oee = e2e.page
      .getByRole('heading', { name: '加工機別のOEE' })
      .locator('xpath=ancestor::div[.//*[contains(@class, "recharts-wrapper")]][1]');
    const ticks = () => oee.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label').allTextContents();
    await expect.poll(async () => (await ticks()).length).toBe(12);
    expect((await ticks())[0]).toBe('ハイデルベルグ ス…');
    const legend = await oee.locator('[class*="legendItemName"]').allTextContents();
    expect(legend).toEqual(['時間稼働率', '性能稼働率', '良品率']);
  });

  it('draws hours in whole hours beside the Pareto, its legend in the bars’ order, and four months of days without their dates running together', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '推移', first_name: '確認' });
    // One job a day from 2026/07/01 for 100 days, each with a stop of 2 hours (材料待ち) or 1 hour (清掃).
    const days = Array.from({ length: 100 }, (_, index) => new Date(Date.UTC(2026, 6, 1 + index)).toISOString().slice(0, 10));
    for (const [index, day] of days.entries()) {
      const id = await startRecord(e2e.admin, { slip_no: `87${String(index).padStart(3, '0')}`, employees: [worker] });
      await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 10 });
      const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
      const date = day.replaceAll('-', '/');
      const [stopEnd, reason] = index % 2 === 0 ? ['12:00', 1] : ['11:00', 4];
      await e2e.admin.call('PUT', `/api/productcost/${id}`, {
        productcost: {
          ...record,
          employees: [worker],
          started_on: `${date} 09:00`,
          finished_on: `${date} 17:00`,
          break_times: [
            { id: null, broken_on: `${date} 10:00`, restarted_on: `${date} ${stopEnd}`, interruption_id: reason, interruption_other: null },
          ],
        },
      });
    }
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto(`/analytics?from=${days[0]}&to=${days.at(-1)}&employee_id=${worker}`);
    const section = (heading: string) =>
      e2e.page
        .getByRole('heading', { name: heading, exact: true })
        .locator('xpath=ancestor::div[.//*[contains(@class, "recharts-wrapper")]][1]');
    const pareto = section('停止理由（パレート図）');
    const hourTicks = pareto.locator('.recharts-yAxis-tick-labels').first().locator('.recharts-cartesian-axis-tick-label');
    await expect.poll(() => hourTicks.count()).toBeGreaterThan(2);
    // 150 hours of stops up the side in whole hours, each label inside the chart, none cut at its left edge.
    for (const tick of await hourTicks.allTextContents()) expect(tick).toMatch(/^\d+時間$/);
    const chartLeft = (await pareto.locator('.recharts-wrapper').boundingBox())!.x;
    for (const tick of await hourTicks.all()) expect((await tick.boundingBox())!.x).toBeGreaterThanOrEqual(chartLeft);
    expect(await pareto.locator('[class*="legendItemName"]').allTextContents()).toEqual(['計画停止', '非計画停止', '累積比率']);

    const trend = section('推移');
    const dayTicks = trend.locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label');
    await expect.poll(() => dayTicks.count()).toBeGreaterThan(2);
    const dates = await dayTicks.allTextContents();
    // Not every day is named, but the first and the last are, and no two names touch.
    expect(dates.length).toBeLessThan(days.length);
    expect([dates[0], dates.at(-1)]).toEqual(['2026/07/01', '2026/10/08']);
    // Slanted at 30°, two neighbouring names are parallel: they are apart when the distance between their
    // lines, the step along the axis × sin 30°, is at least a line of text.
    const ticks = await dayTicks.evaluateAll((labels) =>
      labels.map((label) => {
        const text = label.querySelector('text')!;
        return { x: Number(text.getAttribute('x')), height: text.getBBox().height };
      }),
    );
    for (const [index, tick] of ticks.slice(1).entries())
      expect((tick.x - ticks[index]!.x) * Math.sin(Math.PI / 6), dates[index + 1]).toBeGreaterThanOrEqual(tick.height);
    for (const tick of await trend
      .locator('.recharts-yAxis-tick-labels')
      .first()
      .locator('.recharts-cartesian-axis-tick-label')
      .allTextContents())
      expect(tick).toMatch(/^\d+時間$/);

    // Weeks are named whole, by their days in the range: the first and the last, which the range cuts, by the part they hold.
    await trend.getByText('週別', { exact: true }).click();
    await expect.poll(async () => (await dayTicks.allTextContents()).at(-1)).toBe('2026/10/05〜10/08');
    const weeks = await dayTicks.allTextContents();
    expect(weeks[0]).toBe('2026/07/01〜07/05');
    for (const week of weeks) expect(week).toMatch(/^\d{4}\/\d{2}\/\d{2}〜\d{2}\/\d{2}$/);
  });

  it('asks for its sections’ figures together with the summary, not one after another behind it', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await e2e.page.route('**/api/analytics/summary?*', async (route) => {
      await held;
      await route.continue();
    });
    const asked: string[] = [];
    e2e.page.on('request', (request) => {
      const read = /\/api\/analytics\/(\w+)\?(?:.*&)?(?:by=(\w+))?/.exec(request.url());
      if (read) asked.push(read[2] ? `${read[1]} ${read[2]}` : read[1]!);
    });
    await e2e.page.goto(RANGE);
    // While the summary is still unanswered, the Pareto, the breakdowns and the job table have been asked for
    // (once the page's code has loaded and run).
    await expect
      .poll(() => asked)
      .toEqual(expect.arrayContaining(['summary', 'losses', 'breakdown machine', 'breakdown company', 'breakdown day', 'jobs']));
    release();
    // Then the screen is drawn from those answers: the job table, or the word that the range has no job.
    const drawn = e2e.page
      .getByRole('table', { name: '作業別原価', exact: true })
      .or(e2e.page.getByText('この期間の作業記録はありません。'));
    await drawn.first().waitFor();
  });

  it('says why a section did not load, with 再読み込み, instead of showing it empty', async () => {
    // One job of today's, without stops, by a worker of its own, whom the screen is filtered by.
    const tanaka = await addEmployee(e2e.admin, { last_name: '田中', first_name: '一郎' });
    const id = await startRecord(e2e.admin, { slip_no: '8301', employees: [tanaka] });
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 10 });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    await e2e.page.goto('/');
    await signIn(e2e.page);
    e2e.expectRefusal(500, 'the stops, the breakdowns and the jobs are answered with a server error once');
    const failing = ['losses', 'breakdown', 'jobs'];
    for (const read of failing) await failReads(e2e.page, `**/api/analytics/${read}?*`);
    await e2e.page.goto(`/analytics?from=${today}&to=${today}&employee_id=${tanaka}`);
    const failed = e2e.page.getByRole('alert').filter({ hasText: '読み込みに失敗しました。' });
    // The Pareto, the four breakdowns and the jobs.
    await expect.poll(() => failed.count()).toBe(6);
    expect(await e2e.page.getByText('この期間の停止はありません。').count()).toBe(0);
    expect(await e2e.page.getByText('全0件', { exact: true }).count()).toBe(0);

    await e2e.page.unrouteAll();
    // Each 再読み込み reads its section again (the OEE and the defects by machine are one read).
    for (let left = await failed.count(); left > 0; left = await failed.count()) {
      await failed.first().getByRole('button', { name: '再読み込み' }).click();
      await expect.poll(() => failed.count()).toBeLessThan(left);
    }
    await e2e.page.getByText('この期間の停止はありません。', { exact: true }).waitFor();
    await e2e.page.getByText('全1件', { exact: true }).waitFor();
  });

  it('says when the filters’ choices did not load, and 再読み込み reads them, instead of leaving every list empty', async () => {
    const tanaka = await addEmployee(e2e.admin, { last_name: '田中', first_name: '五郎' });
    await e2e.page.goto('/');
    await signIn(e2e.page);
    e2e.expectRefusal(500, 'the employees are answered with a server error once');
    await failReads(e2e.page, '**/api/employee/selector', 1);
    await e2e.page.goto('/analytics?from=2020-01-01&to=2020-01-31');
    const failed = e2e.page.getByRole('alert').filter({ hasText: '絞り込みの選択肢を読み込めませんでした。' });
    await failed.waitFor();

    await failed.getByRole('button', { name: '再読み込み' }).click();
    await failed.waitFor({ state: 'detached' });
    await e2e.page.getByRole('combobox', { name: '作業者', exact: true }).click();
    await e2e.page.getByRole('option', { name: '田中 五郎', exact: true }).click();
    await expect.poll(() => new URL(e2e.page.url()).searchParams.get('employee_id')).toBe(String(tanaka));
  });

  it('says so when the range has no job, instead of drawing empty charts', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto('/analytics?from=2020-01-01&to=2020-01-31');
    await e2e.page.getByText('この期間の作業記録はありません。', { exact: true }).waitFor();
    expect(await e2e.page.getByRole('table', { name: '停止理由' }).count()).toBe(0);
  });

  it('is for administrators: a worker has no 分析 on the menu and is sent back from /analytics', async () => {
    await addEmployee(e2e.admin, {
      last_name: '山田',
      first_name: '三郎',
      login: { userName: 'analytics-w2', password: 'analytics-w2-pass' },
    });
    await e2e.page.goto('/');
    await signIn(e2e.page, 'analytics-w2', 'analytics-w2-pass');
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await e2e.page.getByRole('link', { name: '分析' }).count()).toBe(0);
    await e2e.page.goto('/analytics');
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(new URL(e2e.page.url()).pathname).toBe('/');
  });
});
