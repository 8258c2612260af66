import type { Kysely, Updateable } from 'kysely';
import type { ValidBreak, ValidRecordTimes } from '../../../domain/product-cost-edit.ts';
import type { Database } from '../../db/schema.ts';
import type { MasterTable } from '../../records/record-repository.ts';

type Db = Kysely<Database>;

/** Everything of one record the edit screen shows, nested rows included. */
export async function findRecordTree(db: Db, id: number) {
  const record = await db.selectFrom('product_costs').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!record) return undefined;
  const [workers, breaks, setups, setupBreaks, noworks] = await Promise.all([
    db
      .selectFrom('product_cost_workers as w')
      .innerJoin('employees as e', 'e.id', 'w.employee_id')
      .select(['e.id', 'e.last_name', 'e.first_name'])
      .where('w.product_cost_id', '=', id)
      .orderBy('e.display_order')
      .orderBy('e.id')
      .execute(),
    db.selectFrom('break_times').selectAll().where('product_cost_id', '=', id).orderBy('broken_on').orderBy('id').execute(),
    db.selectFrom('setup_times').selectAll().where('product_cost_id', '=', id).orderBy('started_on').orderBy('id').execute(),
    db.selectFrom('setup_break_times').selectAll().where('product_cost_id', '=', id).orderBy('broken_on').orderBy('id').execute(),
    db.selectFrom('nowork_times').selectAll().where('product_cost_id', '=', id).orderBy('started_on').orderBy('id').execute(),
  ]);
  return { record, workers, breaks, setups, setupBreaks, noworks };
}

export type RecordTree = NonNullable<Awaited<ReturnType<typeof findRecordTree>>>;

/** Which of these ids name deleted rows of the table, with their names. */
export async function deletedAmong(
  db: Db,
  table: Exclude<MasterTable, 'employees'>,
  ids: number[],
): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom(table as 'machines')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The names of these rows of the table, deleted ones marked as withdrawn from the selector. */
export async function namesAmong(db: Db, table: Exclude<MasterTable, 'employees'>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as 'machines')
    .select(['id', 'name', 'deleted_at'])
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, withdrawn: row.deleted_at !== null }));
}

/** The names of these details, withdrawn when the detail or its processing is deleted, as the selector hides them. */
export async function detailNamesAmong(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('processing_details as d')
    .innerJoin('processings as p', 'p.id', 'd.processing_id')
    .select(['d.id', 'd.name', 'd.deleted_at', 'p.deleted_at as processing_deleted_at'])
    .where('d.id', 'in', ids)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, withdrawn: row.deleted_at !== null || row.processing_deleted_at !== null }));
}

/** Which of these details the selector no longer offers: deleted, or of a deleted processing. */
export async function withdrawnDetailsAmong(db: Db, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('processing_details as d')
    .innerJoin('processings as p', 'p.id', 'd.processing_id')
    .select(['d.id', 'd.name'])
    .where('d.id', 'in', ids)
    .where((eb) => eb.or([eb('d.deleted_at', 'is not', null), eb('p.deleted_at', 'is not', null)]))
    .orderBy('d.id')
    .execute();
}

export async function detailOf(db: Db, detailId: number): Promise<number | undefined> {
  const row = await db.selectFrom('processing_details').select('processing_id').where('id', '=', detailId).executeTakeFirst();
  return row?.processing_id;
}

export async function updateRecord(db: Db, id: number, values: Updateable<Database['product_costs']>): Promise<void> {
  await db.updateTable('product_costs').set(values).where('id', '=', id).execute();
}

export async function replaceWorkers(db: Db, id: number, employeeIds: number[]): Promise<void> {
  await db.deleteFrom('product_cost_workers').where('product_cost_id', '=', id).execute();
  await db
    .insertInto('product_cost_workers')
    .values(employeeIds.map((employee_id) => ({ product_cost_id: id, employee_id })))
    .execute();
}

type People = Map<number, { opened_by: number | null; closed_by: number | null }>;

const peopleOf = (rows: ReadonlyArray<{ id: number; opened_by: number | null; closed_by: number | null }>): People =>
  new Map(rows.map((row) => [row.id, { opened_by: row.opened_by, closed_by: row.closed_by }]));

/**
 * Replaces the interruptions, setups and end-of-day stops of a record. A row that keeps its id keeps who opened and
 * closed it; a row added by the editor is the editor's.
 */
export async function replacePeriods(db: Db, tree: RecordTree, times: ValidRecordTimes, editorId: number): Promise<void> {
  const id = tree.record.id;
  const people = {
    breaks: peopleOf(tree.breaks),
    setups: peopleOf(tree.setups),
    setupBreaks: peopleOf(tree.setupBreaks),
    noworks: peopleOf(tree.noworks),
  };
  const who = (known: People, rowId: number | null) => (rowId !== null && known.get(rowId)) || { opened_by: editorId, closed_by: editorId };
  const reason = (row: ValidBreak) => ({ interruption_id: row.interruption_id, interruption_other: row.interruption_other });

  await db.deleteFrom('setup_break_times').where('product_cost_id', '=', id).execute();
  await db.deleteFrom('setup_times').where('product_cost_id', '=', id).execute();
  await db.deleteFrom('break_times').where('product_cost_id', '=', id).execute();
  await db.deleteFrom('nowork_times').where('product_cost_id', '=', id).execute();
  if (times.break_times.length) {
    await db
      .insertInto('break_times')
      .values(
        times.break_times.map((row) => ({
          product_cost_id: id,
          broken_on: row.start,
          restarted_on: row.end,
          ...reason(row),
          ...who(people.breaks, row.id),
        })),
      )
      .execute();
  }
  if (times.nowork_times.length) {
    await db
      .insertInto('nowork_times')
      .values(
        times.nowork_times.map((row) => ({
          product_cost_id: id,
          started_on: row.start,
          finished_on: row.end,
          ...who(people.noworks, row.id),
        })),
      )
      .execute();
  }
  for (const setup of times.setup_times) {
    const { id: setupId } = await db
      .insertInto('setup_times')
      .values({ product_cost_id: id, started_on: setup.start, finished_on: setup.end, ...who(people.setups, setup.id) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (setup.setup_break_times.length) {
      await db
        .insertInto('setup_break_times')
        .values(
          setup.setup_break_times.map((row) => ({
            product_cost_id: id,
            setup_time_id: setupId,
            broken_on: row.start,
            restarted_on: row.end,
            ...reason(row),
            ...who(people.setupBreaks, row.id),
          })),
        )
        .execute();
    }
  }
}

export async function softDeleteRecord(db: Db, id: number, at: string, by: number): Promise<void> {
  await db.updateTable('product_costs').set({ deleted_at: at, updated_at: at, updated_by: by }).where('id', '=', id).execute();
}

/** Who changed the record and when, newest first, with the record before and after as the log keeps it. */
export function findHistory(db: Db, id: number) {
  return db
    .selectFrom('audit_logs as a')
    .leftJoin('employees as e', 'e.id', 'a.actor_id')
    .select(['a.id', 'a.action', 'a.at', 'e.last_name', 'e.first_name', 'a.before_json', 'a.after_json'])
    .where('a.entity', '=', 'product_costs')
    .where('a.entity_id', '=', id)
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** The calls for help on a record, oldest first, with their reason and the names of who called and answered. */
export function findCalls(db: Db, id: number) {
  return db
    .selectFrom('calls as c')
    .innerJoin('call_reasons as r', 'r.id', 'c.call_reason_id')
    .leftJoin('employees as caller', 'caller.id', 'c.called_by')
    .leftJoin('employees as answerer', 'answerer.id', 'c.answered_by')
    .select(['c.id', 'r.name as reason', 'c.called_at', 'c.answered_at', 'c.ended_with'])
    .select(['caller.last_name as caller_last_name', 'caller.first_name as caller_first_name'])
    .select(['answerer.last_name as answerer_last_name', 'answerer.first_name as answerer_first_name'])
    .where('c.product_cost_id', '=', id)
    .orderBy('c.called_at')
    .orderBy('c.id')
    .execute();
}
