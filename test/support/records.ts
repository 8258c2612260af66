import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

type Span = [start: string, end: string | null];

export interface RecordFixture {
  slip_no?: string;
  started_on: string;
  finished_on?: string | null;
  workers: number[];
  paper_size_id?: number | null;
  processing_id?: number | null;
  processing_detail_id?: number | null;
  machine_id?: number | null;
  company_id?: number | null;
  counts?: Partial<Record<'superior' | 'wound' | 'size' | 'miss' | 'other', number | null>>;
  breaks?: Array<[...Span, number?]>;
  setups?: Array<{ span: Span; breaks?: Array<[...Span, number?]> }>;
  noworks?: Span[];
}

/** A work record with its periods, written straight into the tables, times given in UTC. */
export async function insertRecord(db: Kysely<Database>, fixture: RecordFixture): Promise<number> {
  const at = fixture.started_on;
  const { id } = await db
    .insertInto('product_costs')
    .values({
      slip_no: fixture.slip_no ?? '1001',
      paper_size_id: fixture.paper_size_id === undefined ? 1 : fixture.paper_size_id,
      processing_id: fixture.processing_id === undefined ? 1 : fixture.processing_id,
      processing_detail_id: fixture.processing_detail_id === undefined ? 1 : fixture.processing_detail_id,
      machine_id: fixture.machine_id ?? null,
      company_id: fixture.company_id ?? null,
      started_on: fixture.started_on,
      finished_on: fixture.finished_on ?? null,
      superior: fixture.counts?.superior ?? null,
      wound: fixture.counts?.wound ?? null,
      size: fixture.counts?.size ?? null,
      miss: fixture.counts?.miss ?? null,
      other: fixture.counts?.other ?? null,
      process2: null,
      created_at: at,
      created_by: null,
      updated_at: at,
      updated_by: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fixture.workers.length) {
    await db
      .insertInto('product_cost_workers')
      .values(fixture.workers.map((employee_id) => ({ product_cost_id: id, employee_id })))
      .execute();
  }
  const people = { opened_by: null, closed_by: null };
  for (const [broken_on, restarted_on, reason] of fixture.breaks ?? []) {
    await db
      .insertInto('break_times')
      .values({ product_cost_id: id, broken_on, restarted_on, interruption_id: reason ?? 1, interruption_other: null, ...people })
      .execute();
  }
  for (const setup of fixture.setups ?? []) {
    const { id: setupId } = await db
      .insertInto('setup_times')
      .values({ product_cost_id: id, started_on: setup.span[0], finished_on: setup.span[1], ...people })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [broken_on, restarted_on, reason] of setup.breaks ?? []) {
      await db
        .insertInto('setup_break_times')
        .values({
          product_cost_id: id,
          setup_time_id: setupId,
          broken_on,
          restarted_on,
          interruption_id: reason ?? 1,
          interruption_other: null,
          ...people,
        })
        .execute();
    }
  }
  for (const [started_on, finished_on] of fixture.noworks ?? []) {
    await db
      .insertInto('nowork_times')
      .values({ product_cost_id: id, started_on, finished_on, ...people })
      .execute();
  }
  return id;
}
