import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import { processingContent, slashDate, type CsvEncoding, type ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { decimalHours } from '../../../domain/product-cost-metrics.ts';
import { workStateNames } from '../../../domain/work-state.ts';

const BYTE_ORDER_MARK = '\ufeff';

/** A cell that Excel would read as a formula is kept as text (CSV injection). */
function asText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** "2026-11-22T08:30:00+09:00" → "2026/11/22 08:30", which Excel reads as a date and time. */
function spreadsheetTime(iso: string | null): string {
  return iso ? `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 16)}` : '';
}

const columns: ReadonlyArray<[header: string, value: (row: ProductCostListRow) => string | number | null]> = [
  ['状態', (row) => workStateNames[row.state]],
  ['作業伝票No', (row) => row.slip_no],
  ['作業日', (row) => slashDate(row.work_date)],
  ['開始時刻', (row) => spreadsheetTime(row.started_on)],
  ['終了時刻', (row) => spreadsheetTime(row.finished_on)],
  ['作業者', (row) => asText(row.workers_name)],
  ['用紙サイズ', (row) => asText(row.paper_size_name)],
  ['加工内容', (row) => asText(processingContent(row))],
  ['作業時間', (row) => row.worked_time],
  ['作業時間(時間)', (row) => decimalHours(row.worked_seconds * 1000)],
  ['中断時間', (row) => row.total_breaked_time],
  ['中断時間(時間)', (row) => decimalHours(row.breaked_seconds * 1000)],
  ['段取り時間', (row) => row.setup_time],
  ['段取り時間(時間)', (row) => decimalHours(row.setup_seconds * 1000)],
  ['不良数', (row) => row.total_defective],
  ['稼働率(%)', (row) => row.working_rate],
  ['良品数', (row) => row.superior],
  ['キズ', (row) => row.wound],
  ['サイズミス', (row) => row.size],
  ['ポカミス', (row) => row.miss],
  ['その他', (row) => row.other],
  ['不良率(%)', (row) => row.defective_rate],
  ['加工機', (row) => asText(row.machine_name)],
  ['会社', (row) => asText(row.company_name)],
];

export const csvHeaders = columns.map(([header]) => header);

const toCsv = (records: Array<Array<string | number | null>>) =>
  stringify(records, { record_delimiter: 'windows', cast: { number: String } });

/**
 * The CSV for Excel, written batch by batch as the rows are read: UTF-8 with a byte-order mark, or
 * Shift_JIS for older Excel. Quoting of commas, quotes and line breaks is csv-stringify's.
 */
export function csvStream(batches: AsyncIterable<ProductCostListRow[]>, encoding: CsvEncoding): Readable {
  // Each chunk is whole lines, so encoding chunk by chunk never splits a character.
  const encode = (text: string) => (encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, 'Shift_JIS'));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encode((encoding === 'utf-8' ? BYTE_ORDER_MARK : '') + toCsv([csvHeaders]));
    for await (const rows of batches) yield encode(toCsv(rows.map((row) => columns.map(([, value]) => value(row)))));
  }
  return Readable.from(chunks(), { objectMode: false });
}
