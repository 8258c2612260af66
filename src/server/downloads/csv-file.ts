import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type iconv from 'iconv-lite';
import type { CsvEncoding } from '../../domain/product-cost-list.ts';

const BYTE_ORDER_MARK = '\ufeff';

export type CsvCell = string | number | null;

/** A cell that Excel would read as a formula is kept as text (CSV injection). */
export function asText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * When a cell is quoted: exactly as csv-stringify quoted it with CRLF as the record delimiter, which
 * the list's export used before and whose bytes it keeps (test/api/csv-bytes.test.ts) — a comma, a
 * quote, a CRLF, or a CR at the end that the CRLF after it would complete. A bare line feed is not quoted.
 */
const NEEDS_QUOTES = /[,"]|\r\n|\r$/;

/** One cell: quoted with its quotes doubled when it must be, empty for null. */
function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Rows as CSV lines, each ended by CRLF, each cell written by its column's function straight into
 * the text: no array of cells is made for a row. Written directly: csv-stringify was half of the
 * export's time.
 */
export function csvLines<Row>(rows: readonly Row[], cells: ReadonlyArray<(row: Row) => CsvCell>): string {
  let text = '';
  for (const row of rows) {
    let line = csvCell(cells[0]!(row));
    for (let index = 1; index < cells.length; index++) line += ',' + csvCell(cells[index]!(row));
    text += line + '\r\n';
  }
  return text;
}

/** The header line of a CSV. */
function headerLine(headers: readonly string[]): string {
  return csvLines(
    [headers],
    headers.map((_, index) => (row: readonly string[]) => row[index]!),
  );
}

/** iconv-lite and its tables are loaded at the first Shift_JIS export, not at start. */
let shiftJis: typeof iconv | undefined;
const loadShiftJis = () => (shiftJis ??= createRequire(import.meta.url)('iconv-lite') as typeof iconv);

/**
 * A CSV for Excel, written batch by batch as its lines are made (csvLines): UTF-8 with a byte-order
 * mark, or Shift_JIS for older Excel. Each batch is encoded in one piece, and the next one is made
 * only when the answer has taken this one (the stream pulls it).
 */
export function csvFile(headers: readonly string[], batches: AsyncIterable<string>, encoding: CsvEncoding): Readable {
  // Each chunk is whole lines, so encoding chunk by chunk never splits a character.
  const encode = (text: string) => (encoding === 'utf-8' ? Buffer.from(text, 'utf8') : loadShiftJis().encode(text, 'Shift_JIS'));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encode((encoding === 'utf-8' ? BYTE_ORDER_MARK : '') + headerLine(headers));
    for await (const lines of batches) yield encode(lines);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The Content-Type and Content-Disposition of a download saved under a Japanese name. */
export function downloadHeaders(fileName: string, asciiName: string, type: string): Record<string, string> {
  return {
    'content-type': type,
    'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'cache-control': 'no-store',
  };
}

export function csvContentType(encoding: CsvEncoding): string {
  return `text/csv; charset=${encoding === 'utf-8' ? 'utf-8' : 'Shift_JIS'}`;
}
