import { PassThrough, type Readable, type Writable } from 'node:stream';
import { once } from 'node:events';
import type { stream, Worksheet } from 'exceljs';
import { z } from 'zod';
import { formatDurationToSecond } from '../../domain/product-cost-metrics.ts';
import { slashDate, type CsvEncoding } from '../../domain/product-cost-list.ts';
import { workshopMs } from '../../domain/time.ts';
import { asText, csvContentType, csvFile, csvLines, downloadHeaders, type CsvCell } from './csv-file.ts';

/**
 * What a column holds decides how each file writes it: a CSV in the list's formats (dates
 * YYYY/MM/DD, times YYYY/MM/DD HH:mm, durations H:MM:SS, numbers as they are), a workbook with typed
 * cells (durations as Excel times, dates and times as dates, yen and counts as numbers with their formats).
 */
export type ColumnKind = 'text' | 'count' | 'yen' | 'yen_decimal' | 'decimal' | 'percent' | 'duration' | 'date' | 'time';

export interface DownloadColumn<Row> {
  header: string;
  kind: ColumnKind;
  /**
   * For a text column, how wide its longest value can be, in half-width characters (a full-width one
   * counts two): known before the first row, as a streamed sheet's widths must be.
   */
  longest?: number;
  /** A workbook's note on the header cell, for what the header alone would leave to be misread (a CSV has no place for one). */
  note?: string;
  /**
   * Text for 'text', YYYY-MM-DD for 'date', milliseconds on the workshop's clock for 'time' (workshopMs),
   * seconds for 'duration', a number otherwise; null when there is none.
   */
  value(row: Row): string | number | null;
}

/** A line of a workbook's sheet 条件: a range or a filter its rows are of, or when they were read. */
export interface DownloadCondition {
  label: string;
  value: string;
}

/** 条件's range: 2026/11/01〜2026/11/30, an open end left empty (2026/11/01〜), すべて without either. */
export function periodCondition(from: string | undefined, to: string | undefined): DownloadCondition {
  const end = (date: string | undefined) => (date === undefined ? '' : slashDate(date));
  return { label: '期間', value: from === undefined && to === undefined ? 'すべて' : `${end(from)}〜${end(to)}` };
}

/** 条件's last line: when the rows were read, on the workshop's clock (2026/11/27 18:40). */
export function readAtCondition(now: Date, timeZone: string): DownloadCondition {
  return { label: '出力日時', value: slashTime(workshopMs(now.toISOString(), timeZone)) };
}

export interface DownloadTable<Row> {
  /** The file's name without its extension, and an ASCII one for old browsers. */
  fileName: string;
  asciiName: string;
  sheetName: string;
  columns: ReadonlyArray<DownloadColumn<Row>>;
  batches: AsyncIterable<Row[]>;
  /**
   * What the rows are of, which a workbook lists on a second sheet 条件, so that a file passed on or
   * opened months later says which range and filters it holds. A CSV has no place for them: it stays
   * the table alone, as programs read it.
   */
  conditions?: ReadonlyArray<DownloadCondition>;
}

export type DownloadFormat = 'xlsx' | 'csv';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const numberFormats: Record<Exclude<ColumnKind, 'text'>, string> = {
  count: '#,##0',
  yen: '#,##0',
  yen_decimal: '#,##0.00',
  decimal: '0.00',
  percent: '0.0',
  duration: '[h]:mm:ss',
  date: 'yyyy/mm/dd',
  time: 'yyyy/mm/dd hh:mm',
};

const SECONDS_A_DAY = 86_400;

/** A time on the workshop's clock (workshopMs) as the list's CSV writes it: 2026/11/22 08:30. */
function slashTime(workshopMs: number): string {
  return slashDate(new Date(workshopMs).toISOString().slice(0, 16)).replace('T', ' ');
}

function csvCellOf(kind: ColumnKind, value: string | number | null): CsvCell {
  if (value === null) return null;
  if (kind === 'text') return asText(String(value));
  if (kind === 'date') return slashDate(String(value));
  if (kind === 'time') return slashTime(Number(value));
  if (kind === 'duration') return formatDurationToSecond(Number(value) * 1000);
  return value;
}

/**
 * A cell as Excel keeps it: a duration a fraction of a day, a date a date (at midnight UTC) and a time
 * the workshop's clock read as UTC, as Excel has no zone.
 */
function xlsxCellOf(kind: ColumnKind, value: string | number | null): string | number | Date | null {
  if (value === null) return null;
  if (kind === 'duration') return Number(value) / SECONDS_A_DAY;
  if (kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (kind === 'time') return new Date(Number(value));
  return value;
}

/** The headers of a download and its body, a stream of either file. */
export function downloadTable<Row>(
  table: DownloadTable<Row>,
  format: DownloadFormat,
  encoding: CsvEncoding,
): { headers: Record<string, string>; body: Readable } {
  if (format === 'csv') {
    const cells = table.columns.map((column) => (row: Row) => csvCellOf(column.kind, column.value(row)));
    async function* lines(): AsyncGenerator<string[]> {
      for await (const rows of table.batches) yield csvLines(rows, cells);
    }
    return {
      headers: downloadHeaders(`${table.fileName}.csv`, `${table.asciiName}.csv`, csvContentType(encoding)),
      body: csvFile(
        table.columns.map((column) => column.header),
        lines(),
        encoding,
      ),
    };
  }
  const body = new PassThrough();
  writeWorkbook(table, body).catch((error: unknown) => body.destroy(error as Error));
  return { headers: downloadHeaders(`${table.fileName}.xlsx`, `${table.asciiName}.xlsx`, XLSX_TYPE), body };
}

/**
 * The workbook, written row by row through exceljs's streaming writer into the answer: each row is
 * committed (and zipped) as it is read, and a batch waits while the sheet's XML is behind its
 * compression or the client is behind the answer, so a year of a million rows stays in bounded
 * memory. exceljs is loaded at the first workbook, not at start.
 */
async function writeWorkbook<Row>(table: DownloadTable<Row>, stream: PassThrough): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(table.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  defineColumns(sheet, table.columns);
  for await (const rows of table.batches) {
    for (const row of rows) sheet.addRow(table.columns.map((column) => xlsxCellOf(column.kind, column.value(row)))).commit();
    await sheetXmlCompressed(sheet);
    if (stream.writableNeedDrain) await once(stream, 'drain');
  }
  sheet.commit();
  if (table.conditions) writeConditions(workbook, table.conditions);
  await workbook.commit();
}

/** The sheet 条件 after the table's, which stays the first: a sheet of 項目 and 内容, its header bold. */
function writeConditions(workbook: stream.xlsx.WorkbookWriter, conditions: ReadonlyArray<DownloadCondition>): void {
  const sheet = workbook.addWorksheet('条件');
  sheet.columns = [
    { header: '項目', key: 'label', width: Math.max(...conditions.map((condition) => displayWidth(condition.label)), 4) + 2 },
    { header: '内容', key: 'value', width: COLUMN_WIDTH_MAX },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const { label, value } of conditions) sheet.addRow([label, value]).commit();
  sheet.commit();
}

/** Where a streamed sheet's XML goes on its way into the zip: a stream of the readable-stream package. */
type SheetSink = Writable & { _writableState?: { needDrain: boolean } };

/**
 * exceljs writes a streamed sheet's XML into the zip's deflate without heeding its backpressure, so
 * rows read faster than they are compressed pile up in memory (a year of a million rows peaked at
 * 1.4 GB). Its sink is a readable-stream PassThrough, which has no `writableNeedDrain`: its state
 * says whether to wait for 'drain'. download-table.test.ts checks that exceljs still works this way.
 */
export function sheetSink(sheet: Worksheet): SheetSink | undefined {
  return (sheet as unknown as { stream?: { pipes?: SheetSink[] } }).stream?.pipes?.[0];
}

async function sheetXmlCompressed(sheet: Worksheet): Promise<void> {
  const sink = sheetSink(sheet);
  if (sink?._writableState?.needDrain) await once(sink, 'drain');
}

/** How wide a value of each kind is written at most, in half-width characters: 2026/11/30, 8760:00:00, 999,999,999, … */
const valueWidths: Record<Exclude<ColumnKind, 'text'>, number> = {
  count: 11,
  yen: 13,
  yen_decimal: 13,
  decimal: 8,
  percent: 7,
  duration: 10,
  date: 10,
  time: 16,
};

/** The widest a column is made: about twenty full-width characters, so that a long name does not push the rest off the screen. */
const COLUMN_WIDTH_MAX = 40;

/** A text's width in half-width characters, a full-width one counting two (Excel's column widths count so). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    // Latin-1 and half-width katakana are narrow; everything else (kana, kanji, full-width forms) is wide.
    width += code <= 0xff || (code >= 0xff61 && code <= 0xff9f) ? 1 : 2;
  }
  return width;
}

/** A column as wide as its header and its longest value, with a little room, up to the maximum. */
function columnWidth<Row>(column: DownloadColumn<Row>): number {
  const longest = column.kind === 'text' ? (column.longest ?? 0) : valueWidths[column.kind];
  return Math.min(Math.max(displayWidth(column.header), longest) + 2, COLUMN_WIDTH_MAX);
}

function defineColumns<Row>(sheet: Worksheet, columns: ReadonlyArray<DownloadColumn<Row>>): void {
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: columnWidth(column),
    style: column.kind === 'text' ? {} : { numFmt: numberFormats[column.kind] },
  }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((column, index) => {
    if (column.note) sheet.getRow(1).getCell(index + 1).note = column.note;
  });
}

/** The streams leave untouched by any serializer; their schema only describes them. */
const fileBody = (description: string) => z.custom<Readable>().meta({ type: 'string', format: 'binary', description });

/** The answer of a download route in the API description: a workbook or a CSV. */
export function fileSchemas(fileName: string) {
  return {
    description: `${fileName}.xlsx or .csv`,
    content: {
      [XLSX_TYPE]: { schema: fileBody('an Excel workbook (format=xlsx)') },
      'text/csv': { schema: fileBody('UTF-8 with a byte-order mark, or Shift_JIS (format=csv)') },
    },
  };
}
