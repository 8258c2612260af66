import type { GeneratedRecord } from './record-generator.ts';

/**
 * The SQLite tables a generated record is written to: each one's insert (up to `values`) and one row's
 * placeholders. `tableRows` gives the values in the same order.
 */
export const sqliteTables = {
  productCost: {
    into: `insert into product_costs (id, slip_no, paper_size_id, processing_id, processing_detail_id, machine_id, company_id, started_on, finished_on,
      superior, wound, size, miss, other, process2, version, created_at, created_by, updated_at, updated_by,
      worked_seconds, breaked_seconds, setup_seconds, workers_name, work_date, planned_stop_seconds, unplanned_stop_seconds,
      worker_count, machine_cost, labour_cost, machine_rate_missing, labour_rate_missing)`,
    row: '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  },
  setup: {
    into: 'insert into setup_times (id, product_cost_id, started_on, finished_on, opened_by, closed_by)',
    row: '(?, ?, ?, ?, ?, ?)',
  },
  worker: { into: 'insert into product_cost_workers (product_cost_id, employee_id)', row: '(?, ?)' },
  stop: { into: 'insert into product_cost_stops (product_cost_id, interruption_id, seconds, count)', row: '(?, ?, ?, ?)' },
  setupBreak: {
    into: 'insert into setup_break_times (id, product_cost_id, setup_time_id, broken_on, restarted_on, interruption_id, interruption_other, opened_by, closed_by)',
    row: '(?, ?, ?, ?, ?, ?, null, ?, ?)',
  },
  workBreak: {
    into: 'insert into break_times (id, product_cost_id, broken_on, restarted_on, interruption_id, interruption_other, opened_by, closed_by)',
    row: '(?, ?, ?, ?, ?, ?, ?, ?)',
  },
  nowork: {
    into: 'insert into nowork_times (id, product_cost_id, started_on, finished_on, opened_by, closed_by)',
    row: '(?, ?, ?, ?, ?, ?)',
  },
} as const;

export type SqliteTable = keyof typeof sqliteTables;

/**
 * A piece of generated records as each table's values, row after row: plain arrays, which cross
 * between threads at a third of what the records' objects cost.
 */
export type TableRows = { recordCount: number } & Record<SqliteTable, unknown[]>;

export function tableRows(piece: GeneratedRecord[]): TableRows {
  const rows: TableRows = {
    recordCount: piece.length,
    productCost: [],
    setup: [],
    worker: [],
    stop: [],
    setupBreak: [],
    workBreak: [],
    nowork: [],
  };
  for (const record of piece) {
    const { row } = record;
    rows.productCost.push(
      row.id,
      row.slip_no,
      row.paper_size_id,
      row.processing_id,
      row.processing_detail_id,
      row.machine_id,
      row.company_id,
      row.started_on,
      row.finished_on,
      row.superior,
      row.wound,
      row.size,
      row.miss,
      row.other,
      row.started_on,
      row.created_by,
      row.finished_on,
      row.created_by,
      row.worked_seconds,
      row.breaked_seconds,
      row.setup_seconds,
      row.workers_name,
      row.work_date,
      row.planned_stop_seconds,
      row.unplanned_stop_seconds,
      row.worker_count,
      row.machine_cost,
      row.labour_cost,
      row.machine_rate_missing,
      row.labour_rate_missing,
    );
    for (const p of record.setups) rows.setup.push(p.id, p.product_cost_id, p.started_on, p.finished_on, p.by, p.by);
    for (const employee of record.workers) rows.worker.push(row.id, employee);
    for (const stop of record.stops) rows.stop.push(row.id, stop.interruption_id, stop.seconds, stop.count);
    for (const p of record.setupBreaks)
      rows.setupBreak.push(p.id, p.product_cost_id, p.setup_time_id, p.broken_on, p.restarted_on, p.interruption_id, p.by, p.by);
    for (const p of record.breaks)
      rows.workBreak.push(p.id, p.product_cost_id, p.broken_on, p.restarted_on, p.interruption_id, p.interruption_other, p.by, p.by);
    for (const p of record.noworks) rows.nowork.push(p.id, p.product_cost_id, p.started_on, p.finished_on, p.by, p.by);
  }
  return rows;
}

/** Each piece of records as the tables' rows. */
export function* asTableRows(pieces: Iterable<GeneratedRecord[]>): Generator<TableRows> {
  for (const piece of pieces) yield tableRows(piece);
}
