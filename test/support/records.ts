import { WorkState } from '../../src/domain/work-state.ts';
import type { TestApp, TestClient } from './test-app.ts';

type Span = [start: string, end: string | null];

export interface RecordFixture {
  slip_no?: string;
  /** When not given: an hour ago. */
  started_on?: string;
  finished_on?: string | null;
  /**
   * The state to be in, by the periods left open from a moment ago (a finished record ends a moment
   * ago); the periods given below come besides.
   */
  state?: WorkState;
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

/** The open periods that put a record in a state, and its end when finished. */
function periodsOf(state: WorkState, since: string): Partial<RecordFixture> {
  const open: Span = [since, null];
  switch (state) {
    case WorkState.Working:
      return {};
    case WorkState.SettingUp:
      return { setups: [{ span: open }] };
    case WorkState.SetupInterrupted:
      return { setups: [{ span: open, breaks: [open] }] };
    case WorkState.WorkInterrupted:
      return { breaks: [open] };
    case WorkState.EndOfDay:
      return { noworks: [open] };
    case WorkState.Finished:
      return { finished_on: since };
  }
}

/**
 * A work record with its periods, written straight into the tables (times in UTC), for the tests
 * that need one as it stands rather than the actions that led there; answers its id.
 */
export async function createWorkRecord(t: Pick<TestApp, 'database'>, given: RecordFixture): Promise<number> {
  const db = t.database.db;
  const moment = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const byState = given.state === undefined ? {} : periodsOf(given.state, moment(1));
  const fixture: RecordFixture & { started_on: string } = {
    ...given,
    started_on: given.started_on ?? moment(60),
    finished_on: given.finished_on ?? byState.finished_on,
    breaks: [...(given.breaks ?? []), ...(byState.breaks ?? [])],
    setups: [...(given.setups ?? []), ...(byState.setups ?? [])],
    noworks: [...(given.noworks ?? []), ...(byState.noworks ?? [])],
  };
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

/**
 * The body of 開始 as the work screen sends it: a job on paper size, processing and detail 1 for the
 * given workers, no counts yet; `changes` replaces any field.
 */
export function startRequest(employees: number[], changes: Record<string, unknown> = {}) {
  return {
    slip_no: '1001',
    employees,
    paper_size_id: 1,
    processing_id: 1,
    processing_detail_id: 1,
    superior: null,
    wound: null,
    size: null,
    miss: null,
    other: null,
    total_defective: 0,
    defective_rate: 0,
    ...changes,
  };
}

/** A record started through the API as the work screen starts one, for `employeeId`: its id. */
export async function startThroughApi(client: TestClient, employeeId: number): Promise<number> {
  const response = await client.post('/api/productcost/start', startRequest([employeeId]));
  if (response.statusCode !== 201) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { product_cost: { id: number } }).product_cost.id;
}
