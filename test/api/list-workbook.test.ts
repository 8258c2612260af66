import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/domain/product-cost-metrics.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { csvHeaders } from '../../src/server/features/work-list/csv-export.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp();
const tanaka = await createEmployee(t, { last_name: '田中', first_name: '一郎', user_name: 'tanaka', password: 'tanaka-pass' });
const worker = await t.signIn('tanaka', 'tanaka-pass');
// 16:00–17:30 JST, stopped overnight, 08:30–10:00 JST: 3 hours worked, 30 minutes interrupted.
await createWorkRecord(t, {
  slip_no: '0012345',
  started_on: '2026-11-10T07:00:00.000Z',
  finished_on: '2026-11-11T01:00:00.000Z',
  workers: [tanaka],
  counts: { superior: 400, wound: 3, size: 1 },
  breaks: [['2026-11-11T00:00:00.000Z', '2026-11-11T00:30:00.000Z']],
  noworks: [['2026-11-10T08:30:00.000Z', '2026-11-10T23:30:00.000Z']],
});
await createWorkRecord(t, { slip_no: '12-5', started_on: '2026-11-11T02:00:00.000Z', state: WorkState.Working, workers: [tanaka] });

const download = async (body: object) => {
  const response = await worker.request({ method: 'POST', url: '/api/productcost/download', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

async function workbookOf(body: object) {
  const response = await download({ ...body, format: 'xlsx' });
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('作業時間一覧.xlsx')}`);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its Buffer without the generic newer Node types give it.
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

const sheetOf = async (body: object) => (await workbookOf(body)).getWorksheet('作業時間一覧')!;

/** A duration cell's number: exceljs reads a number under a time format back as a date from Excel's day zero. */
const excelSeconds = (value: unknown) => Math.round(((value as Date).getTime() - Date.UTC(1899, 11, 30)) / 1000);

const durations = new Set(['作業時間', '中断時間', '段取り時間', '呼出待ち時間']);
const times = new Set(['開始時刻', '終了時刻']);

/** A workbook cell written as the CSV writes its column: the two files hold the same figures. */
function asCsvWritesIt(header: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (header === '作業日') return (value as Date).toISOString().slice(0, 10).replaceAll('-', '/');
  if (times.has(header)) return (value as Date).toISOString().slice(0, 16).replaceAll('-', '/').replace('T', ' ');
  if (durations.has(header)) return formatDuration(excelSeconds(value) * 1000);
  return String(value);
}

describe('POST /api/productcost/download with format xlsx', () => {
  it('says on its second sheet, 条件, which 作業日 it holds and when it was made, an open end left empty', async () => {
    const clockText = () =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' })
        .format(new Date())
        .replaceAll('-', '/');
    const ranges: Array<[object, string]> = [
      [{ from: '2026-11-10', to: '2026-11-11' }, '2026/11/10〜2026/11/11'],
      [{ from: '2026-11-10' }, '2026/11/10〜'],
      [{ to: '2026-11-11' }, '〜2026/11/11'],
      [{}, 'すべて'],
    ];
    for (const [range, period] of ranges) {
      const before = clockText();
      const workbook = await workbookOf(range);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['作業時間一覧', '条件']);
      const [header, ...lines] = workbook
        .getWorksheet('条件')!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1, 3));
      expect(header).toEqual(['項目', '内容']);
      expect(lines[0]).toEqual(['期間', period]);
      expect(lines[1]![0]).toBe('出力日時');
      expect([before, clockText()]).toContain(lines[1]![1]);
      expect(lines).toHaveLength(2);
    }
  });

  it("holds the CSV's columns in its order, with the same rows, as typed cells", async () => {
    const range = { from: '2026-11-10', to: '2026-11-11' };
    const sheet = await sheetOf(range);
    const [csvHeader, ...csvRows] = parse((await download(range)).rawPayload.toString('utf8').slice(1)) as string[][];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(csvHeaders);
    expect(headers).toEqual(csvHeader);
    expect(sheet.rowCount).toBe(1 + csvRows.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Wide enough for the names the masters allow, not ten characters for every column.
    expect(sheet.getColumn(headers.indexOf('作業者') + 1).width).toBe(40);
    expect(sheet.getColumn(headers.indexOf('状態') + 1).width).toBe(12);
    const cell = (row: number, header: string) => sheet.getRow(row + 1).getCell(headers.indexOf(header) + 1).value;

    // Oldest first, as the CSV; the slips stay text, as written.
    expect([cell(1, '作業伝票No'), cell(2, '作業伝票No')]).toEqual(['0012345', '12-5']);
    expect(csvRows.map((row) => row[csvHeader!.indexOf('作業伝票No')])).toEqual(['0012345', '12-5']);
    expect(cell(1, '状態')).toBe('完了');
    expect(cell(2, '状態')).toBe('作業中');
    expect(cell(1, '作業日')).toEqual(new Date('2026-11-10T00:00:00.000Z'));
    // The workshop's clock (JST), as Excel has no zone.
    expect(cell(1, '開始時刻')).toEqual(new Date('2026-11-10T16:00:00.000Z'));
    expect(cell(1, '終了時刻')).toEqual(new Date('2026-11-11T10:00:00.000Z'));
    expect(cell(2, '終了時刻')).toBeNull();
    expect(excelSeconds(cell(1, '作業時間'))).toBe(3 * 3600);
    expect(excelSeconds(cell(1, '中断時間'))).toBe(30 * 60);
    expect(cell(1, '作業時間(時間)')).toBe(3);
    expect([cell(1, '良品数'), cell(1, 'キズ'), cell(1, 'サイズミス'), cell(1, '不良数')]).toEqual([400, 3, 1, 4]);
    expect(cell(1, '作業者')).toBe('田中 一郎');
    // Every cell says what the CSV's says, in its own type.
    for (const [index, row] of csvRows.entries())
      for (const [column, header] of csvHeader!.entries())
        expect(asCsvWritesIt(header, cell(index + 1, header)), `${header} of row ${index + 1}`).toBe(row[column]);
  });

  it('refuses an unknown format, and answers the CSV when none is named', async () => {
    const refused = await worker.request({ method: 'POST', url: '/api/productcost/download', payload: { format: 'pdf' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ result: false, errorMessage: 'ファイル形式の指定が正しくありません。' });
    expect((await download({ from: '2026-11-10', to: '2026-11-11' })).headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
