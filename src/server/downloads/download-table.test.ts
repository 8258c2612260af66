import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetSink } from './download-table.ts';

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
