import type { Kysely } from 'kysely';
import { callTotals, type CallTotals } from '../../../domain/calls.ts';
import { listMessages, type ProductCostListRow } from '../../../domain/product-cost-list.ts';
import { nextDate, startOfWorkDate } from '../../../domain/time.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { findPeriodsOf, type RecordScope, type StartedRange } from '../../records/record-repository.ts';
import { groupBy } from '../../records/record-totals.ts';
import * as repository from './work-list-repository.ts';
import type { CsvBatch } from './csv-export.ts';
import { needsPeriods, recordStatuses, toListRows } from './work-list-rows.ts';

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

  /**
   * The whole range, or one page of it with the total; only its jobs in progress with in_progress, only
   * the slips holding a text with slip, only one machine's with machine_id
   * (docs/API.md#list-and-csv-any-signed-in-worker).
   */
  async list(query: {
    started_from?: string;
    started_to?: string;
    in_progress?: boolean;
    slip?: string;
    machine_id?: number;
    page?: number;
    per_page?: number;
  }): Promise<{ rows: ProductCostListRow[]; total?: number }> {
    // An id that never was would find nothing, which would read as a machine without work.
    if (query.machine_id !== undefined && !(await repository.machineExists(this.db, query.machine_id)))
      throw new HttpError(400, listMessages.unknownMachine);
    const range = startedRange(query.started_from, query.started_to, this.timeZone);
    const filter = { ...range, inProgress: query.in_progress, slip: query.slip, machineId: query.machine_id };
    const paged = query.page !== undefined || query.per_page !== undefined;
    const perPage = query.per_page ?? 20;
    const window = paged ? { limit: perPage, offset: ((query.page ?? 1) - 1) * perPage } : {};
    const [records, total] = await Promise.all([
      repository.findRecords(this.db, filter, window),
      paged ? repository.countRecords(this.db, filter) : Promise.resolve(undefined),
    ]);
    // Read by the range only when the range alone chose the records: with a filter it would read far more.
    const byRange = paged || query.in_progress || query.slip || query.machine_id !== undefined ? undefined : range;
    const periods = await findPeriodsOf(this.db, this.periodScope(records, byRange));
    return { rows: toListRows(records, periods, this.clock(), this.timeZone), total };
  }

  /**
   * Whose periods to read: the records in progress or without kept totals, by id — or, for a whole
   * range with more of them than one query can name, by the range.
   */
  private periodScope(records: ReadonlyArray<Parameters<typeof needsPeriods>[0]>, range?: StartedRange): RecordScope {
    const ids = records.filter(needsPeriods).map((record) => record.id);
    return range && ids.length > MAX_LISTED_IDS ? { range } : { ids };
  }

  /**
   * The CSV's records of a range oldest first, a batch at a time, so that exporting a year holds no
   * more in memory than one batch. Each record comes as it was read, with its status (kept on a
   * finished record, worked out from its periods otherwise) and its calls for help: the CSV's columns
   * write their cells from these, with no list row made in between. A batch's periods and calls are
   * read in one statement each, whatever its size; the masters' names once for the whole export.
   */
  async *batches(from: string | undefined, to: string | undefined, batchSize = 1000): AsyncGenerator<CsvBatch> {
    const range = startedRange(from, to, this.timeZone);
    const now = this.clock();
    const context = { names: await repository.findMasterNames(this.db), timeZone: this.timeZone };
    let after: repository.Cursor | undefined;
    for (;;) {
      const records = await repository.findRecordsWithMasterIds(this.db, range, { limit: batchSize, after, oldestFirst: true });
      if (records.length === 0) return;
      const [periods, calls] = await Promise.all([
        findPeriodsOf(this.db, this.periodScope(records)),
        repository.findCallTimes(
          this.db,
          records.map((record) => record.id),
        ),
      ]);
      const statusOf = recordStatuses(periods, now);
      const callsOf = callTotalsByRecord(calls, now);
      yield { ...context, rows: records.map((record) => ({ record, status: statusOf(record), calls: callsOf(record.id) })) };
      if (records.length < batchSize) return;
      const last = records.at(-1)!;
      after = { startedOn: last.started_on, id: last.id };
      // SQLite answers at once, so without this the export would run batch after batch without
      // ever letting the event loop take the tablets' requests in between.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const NO_CALLS = callTotals([], new Date(0));

/** 呼出回数 and 呼出待ち時間 of each record of a batch, whose calls `calls` holds. */
function callTotalsByRecord(calls: repository.CallTimes[], now: Date): (recordId: number) => CallTotals {
  const totals = new Map(
    [...groupBy(calls, (call) => call.product_cost_id)].map(([id, ofRecord]) => [id, callTotals(ofRecord, now)] as const),
  );
  return (recordId) => totals.get(recordId) ?? NO_CALLS;
}
