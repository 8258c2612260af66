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

/** Rows as CSV lines, each ended by CRLF. Written directly: csv-stringify was half of the export's time. */
function csvLines(records: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
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
 * A CSV for Excel, written batch by batch as the rows are read: UTF-8 with a byte-order mark, or
 * Shift_JIS for older Excel. Each batch is encoded in one piece.
 */
export function csvFile(headers: readonly string[], batches: AsyncIterable<CsvCell[][]>, encoding: CsvEncoding): Readable {
  // Each chunk is whole lines, so encoding chunk by chunk never splits a character.
  const encode = (text: string) => (encoding === 'utf-8' ? Buffer.from(text, 'utf8') : loadShiftJis().encode(text, 'Shift_JIS'));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encode((encoding === 'utf-8' ? BYTE_ORDER_MARK : '') + csvLines([headers]));
    for await (const rows of batches) yield encode(csvLines(rows));
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
