import { sql, type InferResult, type Kysely } from 'kysely';
import { rowsAsArrays } from '../../db/array-rows.ts';
import type { Database } from '../../db/schema.ts';
import type { StartedRange } from '../../records/record-repository.ts';
import { staleAfterHoursColumn } from '../../settings/settings-repository.ts';

type Db = Kysely<Database>;

/** Where the next batch of a long export begins: after this (started_on, id). */
export interface Cursor {
  startedOn: string;
  id: number;
}

/** The columns of a record that the list and the CSV read. */
const recordColumns = [
  'pc.id',
  'pc.slip_no',
  'pc.started_on',
  'pc.finished_on',
  'pc.superior',
  'pc.wound',
  'pc.size',
  'pc.miss',
  'pc.other',
  'pc.worked_seconds',
  'pc.breaked_seconds',
  'pc.setup_seconds',
  'pc.workers_name',
] as const;

type Window = { limit?: number; offset?: number; after?: Cursor; oldestFirst?: boolean };

/**
 * Which records the list shows: a range of start times, optionally only the jobs in progress, the slips
 * holding a text or one machine's.
 */
export interface ListFilter extends StartedRange {
  inProgress?: boolean;
  slip?: string;
  machineId?: number;
}

/** A LIKE pattern that finds the text anywhere, its own % and _ taken as themselves. */
const holding = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function filtered(db: Db, filter: ListFilter) {
  let query = db.selectFrom('product_costs as pc').where('pc.deleted_at', 'is', null);
  if (filter.from) query = query.where('pc.started_on', '>=', filter.from);
  if (filter.to) query = query.where('pc.started_on', '<', filter.to);
  if (filter.inProgress) query = query.where('pc.finished_on', 'is', null);
  // lower() on both sides: SQLite's LIKE folds ASCII case and PostgreSQL's does not (slips typed before the
  // digits-only rule may hold letters).
  if (filter.slip) query = query.where(sql<boolean>`lower(pc.slip_no) like lower(${holding(filter.slip)}) escape '\\'`);
  if (filter.machineId !== undefined) query = query.where('pc.machine_id', '=', filter.machineId);
  return query;
}

/** The live records of a range in a window of it, newest first unless asked otherwise. */
function recordsOf(db: Db, filter: ListFilter, window: Window) {
  let query = filtered(db, filter);
  if (window.after) {
    // The plain bound on started_on lets both engines start the index scan at the cursor instead of
    // at the range's beginning: without it, each batch of a long export read all batches before it.
    const { startedOn, id } = window.after;
    query = window.oldestFirst
      ? query.where('pc.started_on', '>=', startedOn).where((eb) => eb.or([eb('pc.started_on', '>', startedOn), eb('pc.id', '>', id)]))
      : query.where('pc.started_on', '<=', startedOn).where((eb) => eb.or([eb('pc.started_on', '<', startedOn), eb('pc.id', '<', id)]));
  }
  const direction = window.oldestFirst ? 'asc' : 'desc';
  query = query.orderBy('pc.started_on', direction).orderBy('pc.id', direction);
  if (window.limit !== undefined) query = query.limit(window.limit);
  if (window.offset) query = query.offset(window.offset);
  return query;
}

/**
 * The records of a range, newest first, with the names they refer to — deleted masters included,
 * so that history keeps its names — and what 要確認 needs: the last action's time, and
 * 要確認までの時間 with every row rather than in a query of its own, so the list's statements stay as few.
 */
export function findRecords(db: Db, filter: ListFilter, window: Window) {
  return recordsOf(db, filter, window)
    .leftJoin('paper_sizes as ps', 'ps.id', 'pc.paper_size_id')
    .leftJoin('processings as p', 'p.id', 'pc.processing_id')
    .leftJoin('processing_details as pd', 'pd.id', 'pc.processing_detail_id')
    .leftJoin('machines as m', 'm.id', 'pc.machine_id')
    .leftJoin('companies as c', 'c.id', 'pc.company_id')
    .select([
      ...recordColumns,
      'ps.name as paper_size_name',
      'p.name as processing_name',
      'pd.name as processing_detail_name',
      'pc.machine_id',
      'm.name as machine_name',
      'm.deleted_at as machine_deleted_at',
      'c.name as company_name',
      'pc.updated_at',
      staleAfterHoursColumn(),
    ])
    .execute();
}

/** The columns the CSV reads of a record, its masters by id, in the order its rows' arrays hold them. */
const exportColumns = [
  ...recordColumns,
  'pc.paper_size_id',
  'pc.processing_id',
  'pc.processing_detail_id',
  'pc.machine_id',
  'pc.company_id',
] as const;

const exportQuery = (db: Db, range: StartedRange, window: Window) => recordsOf(db, range, window).select(exportColumns);

export type ExportRecord = InferResult<ReturnType<typeof exportQuery>>[number];

/** A row of exportQuery as the drivers answer it with rowsAsArrays: its columns' values in their order. */
type ExportRow = {
  [I in keyof typeof exportColumns]: ExportRecord[(typeof exportColumns)[I] extends `pc.${infer Name extends keyof ExportRecord}`
    ? Name
    : never];
};

/**
 * The records of a range with the ids of their masters instead of the names: an export of a year
 * looks the names up in memory (findMasterNames) rather than in five joined tables for every row.
 * Nothing the CSV does not write is read (要確認 is not one of its columns), and the rows come from
 * the driver as arrays, made into objects here: each column more, and each object the driver makes,
 * costs for every row of a year.
 */
export async function findRecordsWithMasterIds(db: Db, range: StartedRange, window: Window): Promise<ExportRecord[]> {
  const rows = (await exportQuery(db, range, window).modifyEnd(rowsAsArrays).execute()) as unknown as ExportRow[];
  return rows.map((row) => ({
    id: row[0],
    slip_no: row[1],
    started_on: row[2],
    finished_on: row[3],
    superior: row[4],
    wound: row[5],
    size: row[6],
    miss: row[7],
    other: row[8],
    worked_seconds: row[9],
    breaked_seconds: row[10],
    setup_seconds: row[11],
    workers_name: row[12],
    paper_size_id: row[13],
    processing_id: row[14],
    processing_detail_id: row[15],
    machine_id: row[16],
    company_id: row[17],
  }));
}

/** Every name of the masters a record refers to, deleted ones included, by id. */
export async function findMasterNames(db: Db) {
  const names = async (table: 'paper_sizes' | 'processings' | 'processing_details' | 'machines' | 'companies') =>
    new Map((await db.selectFrom(table).select(['id', 'name']).execute()).map((row) => [row.id, row.name] as const));
  const [paperSizes, processings, processingDetails, machines, companies] = await Promise.all([
    names('paper_sizes'),
    names('processings'),
    names('processing_details'),
    names('machines'),
    names('companies'),
  ]);
  return { paperSizes, processings, processingDetails, machines, companies };
}

export type ListRecord = Awaited<ReturnType<typeof findRecords>>[number];

/** Whether the machine was ever registered, deleted since or not: a deleted machine's records are still searched. */
export async function machineExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('machines').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function countRecords(db: Db, filter: ListFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** When each call for help on these records was made and answered: 呼出回数 and 呼出待ち時間 of the CSV. */
export function findCallTimes(db: Db, recordIds: number[]) {
  return db.selectFrom('calls').select(['product_cost_id', 'called_at', 'answered_at']).where('product_cost_id', 'in', recordIds).execute();
}

export type CallTimes = Awaited<ReturnType<typeof findCallTimes>>[number];
