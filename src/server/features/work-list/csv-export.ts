import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type iconv from 'iconv-lite';
import { processingContent, slashDate, type CsvEncoding, type CsvRow } from '../../../domain/product-cost-list.ts';
import { decimalHours, formatDuration } from '../../../domain/product-cost-metrics.ts';
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

const columns: ReadonlyArray<[header: string, value: (row: CsvRow) => string | number | null]> = [
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
  // Last, so that the columns Excel sheets already read keep their places.
  ['呼出回数', (row) => row.call_count],
  ['呼出待ち時間', (row) => formatDuration(row.call_wait_seconds * 1000)],
];

export const csvHeaders = columns.map(([header]) => header);

/**
 * When a cell is quoted: exactly as csv-stringify quoted it with CRLF as the record delimiter, which
 * the export used before and whose bytes it keeps (test/api/csv-bytes.test.ts) — a comma, a quote,
 * a CRLF, or a CR at the end that the CRLF after it would complete. A bare line feed is not quoted.
 */
const NEEDS_QUOTES = /[,"]|\r\n|\r$/;

/** One cell: quoted with its quotes doubled when it must be, empty for null. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV lines, each ended by CRLF. Written directly: csv-stringify was half of the export's time. */
function csvLines(records: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  let text = '';
  for (const record of records) {
    for (let index = 0; index < record.length; index++) text += (index === 0 ? '' : ',') + csvCell(record[index]!);
    text += '\r\n';
  }
  return text;
}

/** iconv-lite and its tables are loaded at the first Shift_JIS export, not at start. */
let shiftJis: typeof iconv | undefined;
const loadShiftJis = () => (shiftJis ??= createRequire(import.meta.url)('iconv-lite') as typeof iconv);

/**
 * The CSV for Excel, written batch by batch as the rows are read: UTF-8 with a byte-order mark, or
 * Shift_JIS for older Excel. Each batch is encoded in one piece.
 */
export function csvStream(batches: AsyncIterable<CsvRow[]>, encoding: CsvEncoding): Readable {
  // Each chunk is whole lines, so encoding chunk by chunk never splits a character.
  const encode = (text: string) => (encoding === 'utf-8' ? Buffer.from(text, 'utf8') : loadShiftJis().encode(text, 'Shift_JIS'));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encode((encoding === 'utf-8' ? BYTE_ORDER_MARK : '') + csvLines([csvHeaders]));
    for await (const rows of batches) yield encode(csvLines(rows.map((row) => columns.map(([, value]) => value(row)))));
  }
  return Readable.from(chunks(), { objectMode: false });
}
