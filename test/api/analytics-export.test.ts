import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  analyticsMessages,
  breakdownKeys,
  breakdownNames,
  type BreakdownRow,
  type JobRow,
  type LossRow,
} from '../../src/domain/analytics-api.ts';
import { editable, loadForEdit } from '../support/edits.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';
import { displayWidth } from '../../src/server/downloads/download-table.ts';
import { employeeRowsNote } from '../../src/server/features/analytics/analytics-downloads.ts';

/**
 * The downloads of 分析: the job rows and each breakdown as an Excel workbook with typed cells, and
 * as a CSV in the list's formats; each read back here and compared with the JSON the screen shows.
 */
const t = await createTestApp();
const admin = await t.signIn();
const aoki = await createEmployee(t, { last_name: '青木', first_name: '一郎', user_name: 'aoki', password: 'aoki-pass' });
const worker = await t.signIn('aoki', 'aoki-pass');
const machineId = (await admin.get('/api/machine')).json()[0]?.id as number | undefined;

async function correct(id: number, change: Record<string, unknown>) {
  const record = editable(await loadForEdit(admin, id));
  const answer = await admin.put(`/api/productcost/${id}`, { productcost: { ...record, ...change } });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** An interruption of a job: from, to, and its reason (1 材料待ち, 2 機械故障, 4 清掃 of the default reasons). */
const stop = (from: string, to: string, interruption_id: number) => ({
  id: null,
  broken_on: from,
  restarted_on: to,
  interruption_id,
  interruption_other: null,
});

// Three finished jobs on two days; a worker's name with a comma and quotes, which the CSV must quote.
// Their stops: 機械故障 35 minutes in two, 清掃 15 minutes, 材料待ち 45 seconds.
const employees = [aoki, await createEmployee(t, { last_name: '馬場, "二郎"', first_name: '太' })];
const jobs = [
  {
    started: '2026/11/21 09:00',
    finished: '2026/11/21 12:00',
    good: 900,
    wound: 60,
    workers: employees,
    stops: [stop('2026/11/21 10:00', '2026/11/21 10:30', 2), stop('2026/11/21 11:00', '2026/11/21 11:15', 4)],
  },
  {
    started: '2026/11/22 10:00',
    finished: '2026/11/22 10:30',
    good: 100,
    wound: 0,
    workers: [aoki],
    stops: [stop('2026/11/22 10:20', '2026/11/22 10:25', 2)],
  },
  {
    started: '2026/11/22 13:00',
    finished: '2026/11/22 13:45',
    good: 0,
    wound: 5,
    workers: [aoki],
    stops: [stop('2026/11/22 13:20:00', '2026/11/22 13:20:45', 1)],
  },
];
for (const [index, job] of jobs.entries()) {
  const id = await createWorkRecord(t, {
    slip_no: `24-${index + 1}`,
    workers: job.workers,
    machine_id: machineId ?? null,
    finished_on: new Date().toISOString(),
  });
  await correct(id, {
    started_on: job.started,
    finished_on: job.finished,
    superior: job.good,
    wound: job.wound,
    break_times: job.stops,
    setup_times: [{ id: null, started_on: job.started, finished_on: job.started.replace(/:00$/, ':10'), setup_break_times: [] }],
  });
}

const range = 'from=2026-11-21&to=2026-11-22';

async function workbookOf(url: string) {
  const response = await admin.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  // exceljs types its Buffer without the generic newer Node types give it.
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook };
}

function csvOf(payload: Buffer): string[][] {
  expect(payload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(payload.toString('utf8').slice(1)) as string[][];
}

/**
 * A duration cell's number: exceljs reads a number under a time format back as a date counted from
 * Excel's day zero, 1899-12-30, so the fraction of a day is its distance from there.
 */
function excelTime(value: unknown): number {
  expect(value).toBeInstanceOf(Date);
  return ((value as Date).getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}

const hms = (seconds: number) =>
  `${Math.floor(seconds / 3600)}:${String(Math.floor(seconds / 60) % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

describe('作業別原価 narrowed to a stop reason (the Pareto’s drill-down)', () => {
  const jobsOf = async (query: string) => {
    const response = await admin.get(`/api/analytics/jobs?${range}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json() as JobRow[], total: Number(response.headers['x-total-count']) };
  };
  const slipsAndSeconds = (rows: JobRow[]) => rows.map((row) => [row.slip_no, row.reason_seconds]);

  it('lists the jobs stopped for the reason, with their time for it, the longest first when sorted so', async () => {
    // 機械故障: 30 minutes of 24-1 (beside its 15 minutes of 清掃), 5 of 24-2; none of 24-3.
    const broken = await jobsOf('interruption_id=2&sort=-reason_seconds');
    expect(slipsAndSeconds(broken.rows)).toEqual([
      ['24-1', 1800],
      ['24-2', 300],
    ]);
    expect(broken.total).toBe(2);
    expect(slipsAndSeconds((await jobsOf('interruption_id=2&sort=reason_seconds')).rows)).toEqual([
      ['24-2', 300],
      ['24-1', 1800],
    ]);
    expect(slipsAndSeconds((await jobsOf('interruption_id=1')).rows)).toEqual([['24-3', 45]]);
    // Without a reason, no job has a time for one.
    expect((await jobsOf('sort=-work_date')).rows.map((row) => row.reason_seconds)).toEqual([null, null, null]);
  });

  it('finds a job in progress stopped for the reason in a setup, with its time up to now', async () => {
    const startedAt = new Date(Date.now() - 3_600_000);
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000).toISOString();
    await createWorkRecord(t, {
      slip_no: '24-9',
      started_on: startedAt.toISOString(),
      workers: [aoki],
      setups: [{ span: [at(0), at(20)], breaks: [[at(5), at(15), 4]] }],
    });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(startedAt);
    const response = await admin.get(`/api/analytics/jobs?from=${today}&to=${today}&interruption_id=4`);
    const rows = response.json() as JobRow[];
    expect(rows.map((row) => [row.slip_no, row.finished, row.reason_seconds])).toEqual([['24-9', false, 600]]);
  });

  it('downloads the narrowed jobs, and names the reason on the sheet 条件', async () => {
    const csv = csvOf(
      (await admin.get(`/api/analytics/jobs/export?${range}&interruption_id=2&sort=-reason_seconds&format=csv`)).rawPayload,
    );
    expect(csv.slice(1).map((line) => line[1])).toEqual(['24-1', '24-2']);
    const { workbook } = await workbookOf(`/api/analytics/jobs/export?${range}&interruption_id=2&format=xlsx`);
    const conditions = workbook
      .getWorksheet('条件')!
      .getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[]).slice(1, 3));
    expect(conditions).toContainEqual(['停止理由', '機械故障']);
    expect(workbook.worksheets[0]!.rowCount).toBe(3);
  });

  it('refuses a reason that is no id, and an order by the reason’s time without a reason', async () => {
    const refused = async (url: string, message: string) => {
      const response = await admin.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errorMessage).toBe(message);
    };
    await refused(`/api/analytics/jobs?${range}&interruption_id=x`, analyticsMessages.badId);
    await refused(`/api/analytics/jobs?${range}&sort=reason_seconds`, analyticsMessages.badSort);
    await refused(`/api/analytics/jobs/export?${range}&sort=-reason_seconds&format=csv`, analyticsMessages.badSort);
  });

  it('finds a finished job stopped for the reason in a setup only', async () => {
    // A job of the day before the range, whose only stop for 材料待ち is in its setup.
    const id = await createWorkRecord(t, { slip_no: '24-8', workers: [aoki], finished_on: new Date().toISOString() });
    await correct(id, {
      started_on: '2026/11/20 13:00',
      finished_on: '2026/11/20 14:00',
      superior: 10,
      break_times: [stop('2026/11/20 13:30', '2026/11/20 13:40', 4)],
      setup_times: [
        {
          id: null,
          started_on: '2026/11/20 13:00',
          finished_on: '2026/11/20 13:10',
          setup_break_times: [stop('2026/11/20 13:02:00', '2026/11/20 13:03:30', 1)],
        },
      ],
    });
    const response = await admin.get('/api/analytics/jobs?from=2026-11-20&to=2026-11-20&interruption_id=1');
    expect(slipsAndSeconds(response.json() as JobRow[])).toEqual([['24-8', 90]]);
  });

  it('keeps to the range, the other filters and the live jobs, in the page by the reason’s time and in its count', async () => {
    // 機械故障 in five jobs: three of a day of the range on a machine (one of them deleted), one of the
    // range on none, and a longer one the day before the range; each stopped for 清掃 too.
    expect((await admin.post('/api/machine', { machine: { id: null, name: '折り機' } })).statusCode).toBe(201);
    const machines = (await admin.get('/api/machine')).json() as Array<{ id: number; name: string }>;
    const folder = machines.find((machine) => machine.name === '折り機')!.id;
    const stoppedJob = async (slip: string, day: string, minutes: number, machine: number | null) => {
      const id = await createWorkRecord(t, { slip_no: slip, workers: [aoki], machine_id: machine, finished_on: new Date().toISOString() });
      await correct(id, {
        started_on: `2026/11/${day} 09:00`,
        finished_on: `2026/11/${day} 11:00`,
        superior: 10,
        break_times: [
          stop(`2026/11/${day} 10:00`, `2026/11/${day} 10:${String(minutes).padStart(2, '0')}`, 2),
          stop(`2026/11/${day} 10:55`, `2026/11/${day} 10:58`, 4),
        ],
      });
      return id;
    };
    await stoppedJob('25-1', '18', 20, folder);
    const deleted = await stoppedJob('25-2', '18', 40, folder);
    expect((await admin.delete(`/api/productcost/${deleted}`)).statusCode).toBe(200);
    await stoppedJob('25-3', '19', 30, null);
    await stoppedJob('25-5', '18', 10, folder);
    await stoppedJob('25-4', '17', 50, folder);
    const narrowed = async (query: string) => {
      const response = await admin.get(`/api/analytics/jobs?from=2026-11-18&to=2026-11-19&interruption_id=2&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return [slipsAndSeconds(response.json() as JobRow[]), Number(response.headers['x-total-count'])];
    };
    expect(await narrowed('sort=-reason_seconds')).toEqual([
      [
        ['25-3', 1800],
        ['25-1', 1200],
        ['25-5', 600],
      ],
      3,
    ]);
    expect(await narrowed('sort=reason_seconds&per_page=1&page=2')).toEqual([[['25-1', 1200]], 3]);
    // A slip the rollup does not know: the jobs counted from the reason's stops.
    expect(await narrowed('sort=-reason_seconds&slip=25-5')).toEqual([[['25-5', 600]], 1]);
    expect(await narrowed('sort=-reason_seconds&slip=25-2')).toEqual([[], 0]);
    expect(await narrowed('sort=-reason_seconds&slip=25-4')).toEqual([[], 0]);
    // The rollup answers a machine, and counts the jobs of each day and reason.
    expect(await narrowed(`sort=-reason_seconds&machine_id=${folder}`)).toEqual([
      [
        ['25-1', 1200],
        ['25-5', 600],
      ],
      2,
    ]);
  });
});

describe('GET /api/analytics/jobs/export', () => {
  it('gives a workbook of every job row, with typed cells, a frozen header and a Japanese sheet name', async () => {
    const rows = (await admin.get(`/api/analytics/jobs?${range}&per_page=1000&sort=work_date`)).json() as JobRow[];
    expect(rows).toHaveLength(3);
    const { response, workbook } = await workbookOf(`/api/analytics/jobs/export?${range}&sort=work_date&format=xlsx`);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('分析_作業別原価.xlsx')}`);
    const sheet = workbook.getWorksheet('作業別原価')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 3)).toEqual(['作業日', '作業伝票No', '状態']);
    const column = (header: string) => headers.indexOf(header) + 1;
    expect(sheet.rowCount).toBe(4);
    rows.forEach((row, index) => {
      const cells = sheet.getRow(index + 2);
      expect(cells.getCell(column('作業日')).value).toEqual(new Date(`${row.work_date}T00:00:00Z`));
      expect(cells.getCell(column('作業伝票No')).value).toBe(row.slip_no);
      expect(cells.getCell(column('作業者')).value).toBe(row.workers_name);
      // Durations are Excel times: fractions of a day, shown as [h]:mm:ss.
      const worked = cells.getCell(column('作業時間'));
      expect(excelTime(worked.value)).toBeCloseTo(row.worked_seconds / 86_400, 12);
      expect(worked.numFmt).toBe('[h]:mm:ss');
      expect(excelTime(cells.getCell(column('段取り時間')).value)).toBeCloseTo(row.setup_seconds / 86_400, 12);
      expect(cells.getCell(column('良品数')).value).toBe(row.good);
      expect(cells.getCell(column('不良数')).value).toBe(row.defective);
      expect(cells.getCell(column('原価(円)')).value).toBe(row.cost);
      expect(cells.getCell(column('良品率(%)')).value).toBe(row.quality);
      expect(excelTime(cells.getCell(column('工数(人時)')).value)).toBeCloseTo(row.man_seconds / 86_400, 12);
    });
    expect(rows.map((row) => row.worked_seconds)).toEqual([3 * 3600, 30 * 60, 45 * 60]);
  });

  it('gives the same rows as a CSV in the list formats: dates YYYY/MM/DD, durations H:MM:SS, quoted where needed', async () => {
    const rows = (await admin.get(`/api/analytics/jobs?${range}&per_page=1000&sort=-work_date`)).json() as JobRow[];
    const response = await admin.get(`/api/analytics/jobs/export?${range}&sort=-work_date&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = csvOf(response.rawPayload);
    const cell = (line: string[], name: string) => line[header!.indexOf(name)];
    expect(lines).toHaveLength(rows.length);
    rows.forEach((row, index) => {
      const line = lines[index]!;
      expect(cell(line, '作業日')).toBe(row.work_date.replaceAll('-', '/'));
      expect(cell(line, '作業者')).toBe(row.workers_name);
      expect(cell(line, '作業時間')).toBe(hms(row.worked_seconds));
      expect(cell(line, '原価(円)')).toBe(String(row.cost));
      expect(cell(line, 'OEE(%)')).toBe(row.oee === null ? '' : String(row.oee));
    });
    expect(rows.some((row) => row.workers_name.includes('"'))).toBe(true);
  });

  it('follows the filters, and writes Shift_JIS on request', async () => {
    const response = await admin.get(`/api/analytics/jobs/export?from=2026-11-22&to=2026-11-22&format=csv&encoding=shift_jis`);
    expect(response.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    const lines = parse(iconv.decode(response.rawPayload, 'Shift_JIS')) as string[][];
    expect(lines.slice(1).map((line) => line[0])).toEqual(['2026/11/22', '2026/11/22']);
    const none = csvOf((await admin.get(`/api/analytics/jobs/export?${range}&employee_id=999999&format=csv`)).rawPayload);
    expect(none).toHaveLength(1);
  });
});

describe('GET /api/analytics/breakdown/export', () => {
  it.each(breakdownKeys)('gives the breakdown by %s as a workbook equal to its JSON', async (by) => {
    const rows = (await admin.get(`/api/analytics/breakdown?${range}&by=${by}`)).json() as BreakdownRow[];
    const { workbook } = await workbookOf(`/api/analytics/breakdown/export?${range}&by=${by}&format=xlsx`);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([`${breakdownNames[by]}別`, '条件']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    rows.forEach((row, index) => {
      const values = (sheet.getRow(index + 2).values as unknown[]).slice(1);
      expect(values[0]).toBe(row.name);
      expect(values[1]).toBe(row.jobs);
      expect(excelTime(values[2])).toBeCloseTo(row.worked_seconds / 86_400, 12);
      expect(values.at(-1)).toBe(row.cost);
    });
  });

  it('gives the monthly breakdown as a CSV with the month named', async () => {
    const [header, ...lines] = csvOf((await admin.get(`/api/analytics/breakdown/export?${range}&by=month&format=csv`)).rawPayload);
    expect(header!.slice(0, 3)).toEqual(['月', '作業件数', '作業時間']);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.slice(0, 2)).toEqual(['2026年11月', '3']);
  });
});

describe('GET /api/analytics/losses/export', () => {
  const headers = ['中断内容', '区分', '停止時間', '回数', '比率(%)', '累積比率(%)'];

  it('gives the Pareto of stops as a workbook, largest first, 区分 in words and 停止時間 an Excel time', async () => {
    const rows = (await admin.get(`/api/analytics/losses?${range}`)).json() as LossRow[];
    const { response, workbook } = await workbookOf(`/api/analytics/losses/export?${range}&format=xlsx`);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('分析_停止理由.xlsx')}`);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['停止理由', '条件']);
    const sheet = workbook.getWorksheet('停止理由')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    expect(sheet.rowCount).toBe(rows.length + 1);
    const values = rows.map((_, index) => (sheet.getRow(index + 2).values as unknown[]).slice(1));
    expect(values.map((row) => [row[0], row[1], row[3], row[4], row[5]])).toEqual([
      ['機械故障', '非計画停止', 2, 69, 69],
      ['清掃', '計画停止', 1, 29.6, 98.5],
      ['材料待ち', '非計画停止', 1, 1.5, 100],
    ]);
    expect(values.map((row) => Math.round(excelTime(row[2]) * 86_400))).toEqual([35 * 60, 15 * 60, 45]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('[h]:mm:ss');
    expect(values.map((row) => row[0])).toEqual(rows.map((row) => row.name));
  });

  it('gives the same rows as a CSV, 停止時間 as H:MM:SS, and follows the filters', async () => {
    const response = await admin.get(`/api/analytics/losses/export?${range}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('分析_停止理由.csv')}`);
    expect(csvOf(response.rawPayload)).toEqual([
      headers,
      ['機械故障', '非計画停止', '0:35:00', '2', '69', '69'],
      ['清掃', '計画停止', '0:15:00', '1', '29.6', '98.5'],
      ['材料待ち', '非計画停止', '0:00:45', '1', '1.5', '100'],
    ]);
    const secondDay = await admin.get('/api/analytics/losses/export?from=2026-11-22&to=2026-11-22&format=csv&encoding=shift_jis');
    expect(secondDay.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    expect(parse(iconv.decode(secondDay.rawPayload, 'Shift_JIS'))).toEqual([
      headers,
      ['機械故障', '非計画停止', '0:05:00', '1', '87', '87'],
      ['材料待ち', '非計画停止', '0:00:45', '1', '13', '100'],
    ]);
    expect(csvOf((await admin.get(`/api/analytics/losses/export?${range}&employee_id=999999&format=csv`)).rawPayload)).toEqual([headers]);
  });
});

describe('the workbooks’ columns', () => {
  it('are as wide as their header and their longest value, a full-width character counting two, up to about twenty of them', async () => {
    const workbooks = [
      `/api/analytics/jobs/export?${range}&format=xlsx`,
      `/api/analytics/losses/export?${range}&format=xlsx`,
      ...breakdownKeys.map((by) => `/api/analytics/breakdown/export?${range}&by=${by}&format=xlsx`),
    ];
    for (const url of workbooks) {
      const sheet = (await workbookOf(url)).workbook.worksheets[0]!;
      for (const column of sheet.columns) {
        const texts = column.values!.filter((value): value is string => typeof value === 'string');
        const header = texts[0]!;
        expect(column.width, `${header} of ${url}`).toBeGreaterThanOrEqual(Math.max(...texts.map(displayWidth)));
        expect(column.width, `${header} of ${url}`).toBeLessThanOrEqual(40);
      }
    }
    // 作業者 of a job with two workers, 青木 一郎、馬場, "二郎" 太, was cut at the width of five full-width characters.
    const jobs = (await workbookOf(`/api/analytics/jobs/export?${range}&format=xlsx`)).workbook.worksheets[0]!;
    expect(jobs.getColumn(4).values[1]).toBe('作業者');
    expect(jobs.getColumn(4).width).toBeGreaterThan(24);
  });
});

describe('the workbook of 作業者別', () => {
  it('says on 原価(円) that a job of several workers counts in full on each, the header row as it is; the CSV as it is', async () => {
    const sheet = (await workbookOf(`/api/analytics/breakdown/export?${range}&by=employee&format=xlsx`)).workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.at(-1)).toBe('原価(円)');
    expect(headers[0]).toBe('作業者');
    const cost = sheet.getRow(1).getCell(headers.length);
    expect(cost.value).toBe('原価(円)');
    expect(cost.note).toBe(employeeRowsNote);
    // Other breakdowns carry no such note.
    const byMachine = (await workbookOf(`/api/analytics/breakdown/export?${range}&by=machine&format=xlsx`)).workbook.worksheets[0]!;
    expect(byMachine.getRow(1).getCell(headers.length).note).toBeUndefined();
    const csv = csvOf((await admin.get(`/api/analytics/breakdown/export?${range}&by=employee&format=csv`)).rawPayload);
    expect(csv[0]).toEqual(headers);
    expect(csv.flat().join('')).not.toContain('作業者別では');
  });
});

describe('the workbooks’ sheet 条件', () => {
  /** The workshop's clock to the minute, as the sheet writes it. */
  const clockText = () =>
    new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' })
      .format(new Date())
      .replaceAll('-', '/');
  const conditionsOf = (workbook: ExcelJS.Workbook) =>
    Object.fromEntries(
      workbook
        .getWorksheet('条件')!
        .getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1, 3)),
    );

  it('names the range, each filter by its name and the time of reading, after the table’s own sheet', async () => {
    const filters = `${range}&employee_id=${aoki}&slip=２４－１`;
    const before = clockText();
    const downloads = [
      `/api/analytics/jobs/export?${filters}&format=xlsx`,
      `/api/analytics/breakdown/export?${filters}&by=company&format=xlsx`,
      `/api/analytics/losses/export?${filters}&format=xlsx`,
    ];
    for (const url of downloads) {
      const { workbook } = await workbookOf(url);
      expect(workbook.worksheets.map((sheet) => sheet.name).at(-1), url).toBe('条件');
      const sheet = workbook.getWorksheet('条件')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['項目', '内容']);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      const { 出力日時: readAt, ...conditions } = conditionsOf(workbook);
      expect(conditions, url).toEqual({
        期間: '2026/11/21〜2026/11/22',
        加工機: 'すべて',
        会社: 'すべて',
        加工内容: 'すべて',
        加工内容詳細: 'すべて',
        用紙サイズ: 'すべて',
        作業者: '青木 一郎',
        作業伝票No: '24-1',
      });
      expect([before, clockText()]).toContain(readAt);
    }
    // The job sheet holds the filters' one job.
    const jobs = (await workbookOf(downloads[0]!)).workbook.worksheets[0]!;
    expect(jobs.rowCount).toBe(2);
    expect(jobs.getRow(2).getCell(2).value).toBe('24-1');

    // A machine by its name, as the screen's select offers it.
    const machine = (await admin.post('/api/machine', { machine: { id: null, name: '折り機 7号' } })).json() as { id: number };
    const { workbook } = await workbookOf(`/api/analytics/breakdown/export?${range}&machine_id=${machine.id}&by=day&format=xlsx`);
    expect(conditionsOf(workbook).加工機).toBe('折り機 7号');
  });

  it('reads すべて for every filter not chosen; a CSV stays the table alone', async () => {
    const { workbook } = await workbookOf(`/api/analytics/losses/export?${range}&format=xlsx`);
    const { 期間: period, 出力日時: _readAt, ...filters } = conditionsOf(workbook);
    expect(period).toBe('2026/11/21〜2026/11/22');
    expect(Object.values(filters)).toEqual(Array(7).fill('すべて'));
    const csv = csvOf((await admin.get(`/api/analytics/losses/export?${range}&format=csv`)).rawPayload);
    expect(csv.flat().join('')).not.toContain('条件');
    expect(csv.flat().join('')).not.toContain('すべて');
  });
});

describe('the downloads refuse', () => {
  it('a worker (403) and the signed out (401)', async () => {
    expect((await worker.get(`/api/analytics/jobs/export?${range}&format=xlsx`)).statusCode).toBe(403);
    expect((await (await t.visitor()).get(`/api/analytics/breakdown/export?${range}&by=machine&format=csv`)).statusCode).toBe(401);
    expect((await worker.get(`/api/analytics/losses/export?${range}&format=csv`)).statusCode).toBe(403);
    expect((await (await t.visitor()).get(`/api/analytics/losses/export?${range}&format=xlsx`)).statusCode).toBe(401);
  });

  it('a missing or unknown format, breakdown or encoding, with a Japanese message', async () => {
    const refused = async (url: string, message: string) => {
      const response = await admin.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(message);
    };
    await refused(`/api/analytics/jobs/export?${range}`, analyticsMessages.badFormat);
    await refused(`/api/analytics/jobs/export?${range}&format=pdf`, analyticsMessages.badFormat);
    await refused(`/api/analytics/jobs/export?${range}&format=csv&encoding=latin1`, analyticsMessages.badEncoding);
    await refused(`/api/analytics/breakdown/export?${range}&by=shift&format=xlsx`, analyticsMessages.badBy);
    await refused(`/api/analytics/jobs/export?from=2026-11-31&to=2026-11-22&format=csv`, analyticsMessages.badDate);
    await refused(`/api/analytics/losses/export?${range}`, analyticsMessages.badFormat);
    await refused(`/api/analytics/losses/export?${range}&format=xls`, analyticsMessages.badFormat);
    await refused(`/api/analytics/losses/export?${range}&format=csv&encoding=euc-jp`, analyticsMessages.badEncoding);
    await refused(`/api/analytics/losses/export?from=2026-11-22&to=2026-11-21&format=xlsx`, analyticsMessages.rangeReversed);
  });
});
