import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { downloadTable, sheetSink } from './download-table.ts';

/**
 * A streamed workbook waits for its sheet's XML to be compressed by watching exceljs's own sink
 * (download-table.ts). If an upgrade of exceljs changes that, the wait would silently stop and a year's
 * workbook would fill memory again: this says so first.
 */
describe('the sink of a streamed sheet', () => {
  it('is there, tells when to wait, and drains', async () => {
    const out = new PassThrough();
    out.resume();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet('作業');
    for (let row = 0; row < 20_000; row++) sheet.addRow([row, `作業伝票 ${row}`, row * 1.5]).commit();
    const sink = sheetSink(sheet);
    expect(sink?._writableState?.needDrain).toBe(true);
    await new Promise((resolve) => sink!.once('drain', resolve));
    expect(sink?._writableState?.needDrain).toBe(false);
    sheet.commit();
    await workbook.commit();
  });
});

describe('a download of times and decimals', () => {
  const table = {
    fileName: '試験',
    asciiName: 'test',
    sheetName: '試験',
    columns: [
      { header: '開始時刻', kind: 'time' as const, value: (row: { at: number | null; hours: number }) => row.at },
      { header: '時間', kind: 'decimal' as const, value: (row: { at: number | null; hours: number }) => row.hours },
    ],
    batches: (async function* () {
      // 2026-11-22 08:30 on the workshop's clock, as workshopMs gives it.
      yield [
        { at: Date.UTC(2026, 10, 22, 8, 30), hours: 1.25 },
        { at: null, hours: 0 },
      ];
    })(),
  };

  it('writes a time as YYYY/MM/DD HH:mm and a decimal as it is in the CSV', async () => {
    const { body } = downloadTable(table, 'csv', 'utf-8');
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('\ufeff開始時刻,時間\r\n2026/11/22 08:30,1.25\r\n,0\r\n');
  });
});
