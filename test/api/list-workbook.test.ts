import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
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

async function sheetOf(body: object) {
  const response = await download({ ...body, format: 'xlsx' });
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('作業時間一覧.xlsx')}`);
  const workbook = new ExcelJS.Workbook();
  // exceljs types its Buffer without the generic newer Node types give it.
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.getWorksheet('作業時間一覧')!;
}

/** A duration cell's number: exceljs reads a number under a time format back as a date from Excel's day zero. */
const excelSeconds = (value: unknown) => Math.round(((value as Date).getTime() - Date.UTC(1899, 11, 30)) / 1000);

describe('POST /api/productcost/download with format xlsx', () => {
  it("holds the CSV's columns in its order, with the same rows, as typed cells", async () => {
    const range = { from: '2026-11-10', to: '2026-11-11' };
    const sheet = await sheetOf(range);
    const [csvHeader, ...csvRows] = parse((await download(range)).rawPayload.toString('utf8').slice(1)) as string[][];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(csvHeaders);
    expect(headers).toEqual(csvHeader);
    expect(sheet.rowCount).toBe(1 + csvRows.length);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
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
    // Every number the CSV writes, the workbook holds as that number.
    for (const header of ['作業時間(時間)', '中断時間(時間)', '段取り時間(時間)', '稼働率(%)', '不良率(%)', '良品数', '呼出回数'])
      for (const [index, row] of csvRows.entries()) {
        const text = row[csvHeader!.indexOf(header)]!;
        expect(cell(index + 1, header), header).toBe(text === '' ? null : Number(text));
      }
  });

  it('refuses an unknown format, and answers the CSV when none is named', async () => {
    const refused = await worker.request({ method: 'POST', url: '/api/productcost/download', payload: { format: 'pdf' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ result: false, errorMessage: 'ファイル形式の指定が正しくありません。' });
    expect((await download({ from: '2026-11-10', to: '2026-11-11' })).headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
