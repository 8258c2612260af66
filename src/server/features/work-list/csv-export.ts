import type { Readable } from 'node:stream';
import { processingContent, slashDate, type CsvEncoding, type CsvRow } from '../../../domain/product-cost-list.ts';
import { decimalHours, formatDuration } from '../../../domain/product-cost-metrics.ts';
import { workStateNames } from '../../../domain/work-state.ts';
import { asText, csvFile, type CsvCell } from '../../downloads/csv-file.ts';

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

/** The list's CSV (docs/PRODUCT.md#csv-export), written batch by batch as the rows are read. */
export function csvStream(batches: AsyncIterable<CsvRow[]>, encoding: CsvEncoding): Readable {
  async function* cells(): AsyncGenerator<CsvCell[][]> {
    for await (const rows of batches) yield rows.map((row) => columns.map(([, value]) => value(row)));
  }
  return csvFile(csvHeaders, cells(), encoding);
}
