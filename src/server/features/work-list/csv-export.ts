import type { Readable } from 'node:stream';
import type { CallTotals } from '../../../domain/calls.ts';
import { processingContent, slashDate, type CsvEncoding } from '../../../domain/product-cost-list.ts';
import { decimalHours, defectiveRate, formatDuration, totalDefective, workingRate } from '../../../domain/product-cost-metrics.ts';
import { workshopMs } from '../../../domain/time.ts';
import { workStateNames } from '../../../domain/work-state.ts';
import { asText, csvFile, csvLines, type CsvCell } from '../../downloads/csv-file.ts';
import type { ExportRecord, findMasterNames } from './work-list-repository.ts';
import type { RecordStatus } from './work-list-rows.ts';

/**
 * A record as its CSV line is written from: the row as read, its status (the totals kept on a
 * finished record, or worked out from its periods while it is in progress) and its calls for help.
 * The columns derive every cell from these by the domain functions the list uses: no list row is
 * made for the CSV, which for a year's export was most of its time and of its garbage.
 */
export interface CsvRecord {
  record: ExportRecord;
  status: RecordStatus;
  calls: CallTotals;
}

/** A batch of the export, with what every batch shares: the masters' names by id, and the workshop's zone. */
export interface CsvBatch {
  rows: CsvRecord[];
  names: Awaited<ReturnType<typeof findMasterNames>>;
  timeZone: string;
}

const DAY = 86_400_000;
const MINUTE = 60_000;

/** YYYY/MM/DD of each day the exports meet, by its number on the workshop's clock: written once a day, not once a row. */
const dayTexts = new Map<number, string>();
const MAX_REMEMBERED_DAYS = 100_000;

function slashDay(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    text = slashDate(new Date(day * DAY).toISOString().slice(0, 10));
    if (dayTexts.size >= MAX_REMEMBERED_DAYS) dayTexts.clear();
    dayTexts.set(day, text);
  }
  return text;
}

/** HH:MM of each minute of a day. */
const clockTexts = Array.from({ length: 24 * 60 }, (_, minute) =>
  [Math.floor(minute / 60), minute % 60].map((part) => String(part).padStart(2, '0')).join(':'),
);

/** 作業日: the work date (the day on the workshop's clock), as YYYY/MM/DD. */
function workDateCell(utcIso: string, timeZone: string): string {
  return slashDay(Math.floor(workshopMs(utcIso, timeZone) / DAY));
}

/** A time on the workshop's clock as "2026/11/22 08:30", which Excel reads as a date and time. */
function spreadsheetTime(utcIso: string | null, timeZone: string): string {
  if (utcIso === null) return '';
  const local = workshopMs(utcIso, timeZone);
  const day = Math.floor(local / DAY);
  return `${slashDay(day)} ${clockTexts[Math.floor((local - day * DAY) / MINUTE)]!}`;
}

/** A master's name by its id, as the batch's names hold it; empty for none. */
export const nameOf = (names: Map<number, string>, id: number | null) => (id === null ? '' : (names.get(id) ?? ''));

/** 加工内容 of a record as the list shows it: the processing followed by its detail. */
export const processingOf = (record: ExportRecord, names: CsvBatch['names']) =>
  processingContent({
    processing_name: nameOf(names.processings, record.processing_id),
    processing_detail_name: nameOf(names.processingDetails, record.processing_detail_id),
  });

const columns: ReadonlyArray<[header: string, value: (row: CsvRecord, batch: CsvBatch) => CsvCell]> = [
  ['状態', ({ status }) => workStateNames[status.state]],
  ['作業伝票No', ({ record }) => record.slip_no],
  ['作業日', ({ record }, { timeZone }) => workDateCell(record.started_on, timeZone)],
  ['開始時刻', ({ record }, { timeZone }) => spreadsheetTime(record.started_on, timeZone)],
  ['終了時刻', ({ record }, { timeZone }) => spreadsheetTime(record.finished_on, timeZone)],
  ['作業者', ({ status }) => asText(status.workers_name)],
  ['用紙サイズ', ({ record }, { names }) => asText(nameOf(names.paperSizes, record.paper_size_id))],
  ['加工内容', ({ record }, { names }) => asText(processingOf(record, names))],
  ['作業時間', ({ status }) => formatDuration(status.worked_seconds * 1000)],
  ['作業時間(時間)', ({ status }) => decimalHours(status.worked_seconds * 1000)],
  ['中断時間', ({ status }) => formatDuration(status.breaked_seconds * 1000)],
  ['中断時間(時間)', ({ status }) => decimalHours(status.breaked_seconds * 1000)],
  ['段取り時間', ({ status }) => formatDuration(status.setup_seconds * 1000)],
  ['段取り時間(時間)', ({ status }) => decimalHours(status.setup_seconds * 1000)],
  ['不良数', ({ record }) => totalDefective(record)],
  ['稼働率(%)', ({ status }) => workingRate(status.worked_seconds, status.breaked_seconds)],
  ['良品数', ({ record }) => record.superior],
  ['キズ', ({ record }) => record.wound],
  ['サイズミス', ({ record }) => record.size],
  ['ポカミス', ({ record }) => record.miss],
  ['その他', ({ record }) => record.other],
  ['不良率(%)', ({ record }) => defectiveRate(record)],
  ['加工機', ({ record }, { names }) => asText(nameOf(names.machines, record.machine_id))],
  ['会社', ({ record }, { names }) => asText(nameOf(names.companies, record.company_id))],
  // Last, so that the columns Excel sheets already read keep their places.
  ['呼出回数', ({ calls }) => calls.count],
  ['呼出待ち時間', ({ calls }) => formatDuration(calls.wait_seconds * 1000)],
];

export const csvHeaders = columns.map(([header]) => header);

/** The list's CSV (docs/PRODUCT.md#csv-export), written batch by batch as the records are read. */
export function csvStream(batches: AsyncIterable<CsvBatch>, encoding: CsvEncoding): Readable {
  async function* lines(): AsyncGenerator<string[]> {
    for await (const batch of batches)
      yield csvLines(
        batch.rows,
        columns.map(
          ([, value]) =>
            (row: CsvRecord) =>
              value(row, batch),
        ),
      );
  }
  return csvFile(csvHeaders, lines(), encoding);
}
