import { Readable } from 'node:stream';
import type { CsvEncoding } from '../../domain/product-cost-list.ts';
import { encodeShiftJis } from './shift-jis.ts';

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
 * How many lines are written into one string. A batch's lines as one long string took more than
 * twice the time to encode as in pieces of this many (V8 encodes a long joined string much more
 * slowly than short ones), and the pieces are the answer's chunks.
 */
const LINES_A_PIECE = 128;

/**
 * Rows as CSV lines, each ended by CRLF, each cell written by its column's function straight into
 * the text: no array of cells is made for a row. Written directly: csv-stringify was half of the
 * export's time. The lines come in pieces of at most LINES_A_PIECE lines.
 */
export function csvLines<Row>(rows: readonly Row[], cells: ReadonlyArray<(row: Row) => CsvCell>): string[] {
  const pieces: string[] = [];
  let text = '';
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    let line = csvCell(cells[0]!(row));
    for (let column = 1; column < cells.length; column++) line += ',' + csvCell(cells[column]!(row));
    text += line + '\r\n';
    if ((index + 1) % LINES_A_PIECE === 0) {
      pieces.push(text);
      text = '';
    }
  }
  if (text !== '') pieces.push(text);
  return pieces;
}

/** The header line of a CSV. */
function headerLine(headers: readonly string[]): string {
  const cells = headers.map((_, index) => (row: readonly string[]) => row[index]!);
  return csvLines([headers], cells).join('');
}

/**
 * A CSV for Excel, written batch by batch as its lines are made (csvLines): UTF-8 with a byte-order
 * mark, or Shift_JIS for older Excel. Each piece of lines is encoded on its own, and the next batch
 * is made only when the answer has taken this one's (the stream pulls them).
 */
export function csvFile(headers: readonly string[], batches: AsyncIterable<string[]>, encoding: CsvEncoding): Readable {
  // Each chunk is whole lines, so encoding chunk by chunk never splits a character.
  const encode = (text: string) => (encoding === 'utf-8' ? Buffer.from(text, 'utf8') : encodeShiftJis(text));
  async function* chunks(): AsyncGenerator<Buffer> {
    yield encode((encoding === 'utf-8' ? BYTE_ORDER_MARK : '') + headerLine(headers));
    for await (const pieces of batches) for (const piece of pieces) yield encode(piece);
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
