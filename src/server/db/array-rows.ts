import { sql } from 'kysely';

/**
 * The comment that ends a query whose rows the drivers answer as arrays of its columns, in the order
 * it selects them, instead of objects: better-sqlite3 in raw mode (statement-cache.ts), node-postgres
 * with rowMode 'array' (prepared-statements.ts). The drivers make an object of many columns slowly
 * (better-sqlite3 took 0.43 s for 100,000 rows of 18 columns, arrays 0.22 s); the reader makes
 * its objects from the arrays itself. Only the CSV's long reads use it (work-list-repository.ts).
 */
const ROWS_AS_ARRAYS = '/* rows as arrays */';

/** Put at the end of a query (`.modifyEnd(rowsAsArrays)`): its rows come as arrays. */
export const rowsAsArrays = sql.raw(ROWS_AS_ARRAYS);

/** Whether a statement's text asks for its rows as arrays. */
export function answersArrays(sqlText: string): boolean {
  return sqlText.endsWith(ROWS_AS_ARRAYS);
}
