import type { Kysely } from 'kysely';
import { callTotals } from '../../../domain/calls.ts';
import type { CsvRow, ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { nextDate, startOfWorkDate } from '../../../domain/time.ts';
import type { Database } from '../../db/schema.ts';
import { findPeriodsOf, type RecordScope, type StartedRange } from '../../records/record-repository.ts';
import { groupBy } from '../../records/record-totals.ts';
import * as repository from './work-list-repository.ts';
import { needsPeriods, toListRows } from './work-list-rows.ts';

/** Comfortably below SQLite's 32,766 bound values per statement. */
const MAX_LISTED_IDS = 10_000;

/** Work dates are inclusive on both ends and dated in the workshop's time zone (docs/PRODUCT.md#work-date). */
export function startedRange(from: string | undefined, to: string | undefined, timeZone: string): StartedRange {
  return {
    from: from ? startOfWorkDate(from, timeZone) : undefined,
    to: to ? startOfWorkDate(nextDate(to), timeZone) : undefined,
  };
}

export class ListService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The whole range, or one page of it with the total (docs/API.md#list-and-csv-any-signed-in-worker). */
  async list(query: {
    started_from?: string;
    started_to?: string;
    page?: number;
    per_page?: number;
  }): Promise<{ rows: ProductCostListRow[]; total?: number }> {
    const range = startedRange(query.started_from, query.started_to, this.timeZone);
    const paged = query.page !== undefined || query.per_page !== undefined;
    const perPage = query.per_page ?? 20;
    const window = paged ? { limit: perPage, offset: ((query.page ?? 1) - 1) * perPage } : {};
    const [records, total] = await Promise.all([
      repository.findRecords(this.db, range, window),
      paged ? repository.countRecords(this.db, range) : Promise.resolve(undefined),
    ]);
    const periods = await findPeriodsOf(this.db, this.periodScope(records, paged ? undefined : range));
    return { rows: toListRows(records, periods, this.clock(), this.timeZone), total };
  }

  /**
   * Whose periods to read: the records in progress or without kept totals, by id — or, for a whole
   * range with more of them than one query can name, by the range.
   */
  private periodScope(records: repository.ListRecord[], range?: StartedRange): RecordScope {
    const ids = records.filter(needsPeriods).map((record) => record.id);
    return range && ids.length > MAX_LISTED_IDS ? { range } : { ids };
  }

  /**
   * The CSV's rows of a range oldest first, a batch at a time, so that exporting a year holds no more in
   * memory than one batch. Its calls for help are read in one statement per batch, whatever its size.
   */
  async *batches(from: string | undefined, to: string | undefined, batchSize = 1000): AsyncGenerator<CsvRow[]> {
    const range = startedRange(from, to, this.timeZone);
    const now = this.clock();
    const names = await repository.findMasterNames(this.db);
    const nameOf = (map: Map<number, string>, id: number | null) => (id === null ? null : (map.get(id) ?? null));
    let after: repository.Cursor | undefined;
    for (;;) {
      const records = (await repository.findRecordsWithMasterIds(this.db, range, { limit: batchSize, after, oldestFirst: true })).map(
        // The names are set on the row the driver made rather than on a copy of it: copying every
        // row of a year was a tenth of the export's time and much of its garbage.
        (record): repository.ListRecord =>
          Object.assign(record, {
            paper_size_name: nameOf(names.paperSizes, record.paper_size_id),
            processing_name: nameOf(names.processings, record.processing_id),
            processing_detail_name: nameOf(names.processingDetails, record.processing_detail_id),
            machine_name: nameOf(names.machines, record.machine_id),
            company_name: nameOf(names.companies, record.company_id),
          }),
      );
      if (records.length === 0) return;
      const [periods, calls] = await Promise.all([
        findPeriodsOf(this.db, this.periodScope(records)),
        repository.findCallTimes(
          this.db,
          records.map((record) => record.id),
        ),
      ]);
      yield withCalls(toListRows(records, periods, now, this.timeZone), calls, now);
      if (records.length < batchSize) return;
      const last = records.at(-1)!;
      after = { startedOn: last.started_on, id: last.id };
      // SQLite answers at once, so without this the export would run batch after batch without
      // ever letting the event loop take the tablets' requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Each row with 呼出回数 and 呼出待ち時間 of its calls, which `calls` holds for the whole batch. */
function withCalls(rows: ProductCostListRow[], calls: repository.CallTimes[], now: Date): CsvRow[] {
  const byRecord = groupBy(calls, (call) => call.product_cost_id);
  return rows.map((row) => {
    const totals = callTotals(byRecord.get(row.id) ?? [], now);
    return Object.assign(row, { call_count: totals.count, call_wait_seconds: totals.wait_seconds });
  });
}
