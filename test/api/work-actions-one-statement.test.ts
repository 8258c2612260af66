import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { WorkState } from '../../src/domain/work-state.ts';
import * as writes from '../../src/server/features/work/one-statement-repository.ts';
import * as work from '../../src/server/features/work/work-repository.ts';
import { keepAnswer } from '../../src/server/idempotency/idempotency-repository.ts';
import { IdempotencyService } from '../../src/server/idempotency/idempotency-service.ts';
import { jobColumns } from '../../src/server/records/job-columns.ts';
import { startRequest, startThroughApi } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * On PostgreSQL a work action is read without a lock, decided, and written in one statement held to
 * the version it read (src/server/features/work/one-statement-repository.ts, writeAction and
 * writeStart). What that statement does when another action came first, or another request kept the
 * key first: nothing at all. SQLite writes every action in a transaction that holds the record, where
 * neither can happen; the concurrency and idempotency suites hold both engines to the same answers.
 */
const t = await createTestApp();
const { db } = t.database;
const admin = await t.signIn();
const { id: employeeId } = (await (await admin.get('/api/user/info')).json()) as { id: number };

const startedRecord = () => startThroughApi(admin, employeeId);

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}

const keptRow = (key: string, body: unknown) => ({
  employee_id: employeeId,
  key,
  fingerprint: 'f'.repeat(64),
  status: 200,
  body: JSON.stringify(body),
  created_at: new Date().toISOString(),
});

const auditRow = (recordId: number) => ({
  entity: 'product_costs',
  entity_id: recordId,
  action: 'update' as const,
  actor_id: employeeId,
  at: new Date().toISOString(),
  before_json: null,
  after_json: '{}',
});

/** What an action on the record could have left: its version, breaks, events, kept keys and audit rows. */
async function traces(recordId: number) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    version: (await db.selectFrom('product_costs').select('version').where('id', '=', recordId).executeTakeFirstOrThrow()).version,
    breaks: await count(db.selectFrom('break_times').select('id').where('product_cost_id', '=', recordId).execute()),
    events: await count(db.selectFrom('board_events').select('id').where('product_cost_id', '=', recordId).execute()),
    keys: await count(db.selectFrom('idempotency_keys').select('key').where('employee_id', '=', employeeId).execute()),
    audits: await count(db.selectFrom('audit_logs').select('id').where('entity_id', '=', recordId).execute()),
  };
}

/** A break of the record as actInOneStatement writes it, decided on `facts`. */
function breakWrite(facts: work.ActionFacts, kept?: ReturnType<typeof keptRow>): writes.ActionWrite {
  const at = new Date().toISOString();
  return {
    recordId: facts.record.id,
    seenVersion: facts.record.version,
    changes: work.movedOn({}, at, employeeId, facts.record.version),
    period: { open: 'break_times', values: { product_cost_id: facts.record.id, interruption_id: 1, interruption_other: null } },
    openedId: facts.nextPeriodId,
    at,
    by: employeeId,
    kept,
    audit: auditRow(facts.record.id),
    event: { type: 'break', product_cost_id: facts.record.id, state: WorkState.WorkInterrupted, at },
  };
}

describe.runIf(t.engine === 'postgres')('an action written in one statement', () => {
  it('writes it all, with the id drawn when it was read, while the version is the one read', async () => {
    const recordId = await startedRecord();
    const before = await traces(recordId);
    const facts = (await work.readForAction(db, { recordId }, 1, 'break_times'))!;
    expect(facts.nextPeriodId).toBeGreaterThan(0);

    expect(await writes.writeAction(db, breakWrite(facts, keptRow(randomUUID(), { result: true })))).toBe(true);
    expect(await traces(recordId)).toEqual({
      version: before.version + 1,
      breaks: 1,
      events: before.events + 1,
      keys: before.keys + 1,
      audits: before.audits + 1,
    });
    const opened = await db.selectFrom('break_times').select('id').where('product_cost_id', '=', recordId).executeTakeFirstOrThrow();
    expect(opened.id).toBe(facts.nextPeriodId);
  });

  it('writes nothing when another action moved the record on after it was read', async () => {
    const recordId = await startedRecord();
    const facts = (await work.readForAction(db, { recordId }, 1, 'break_times'))!;
    const paused = await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 2 });
    expect(paused.statusCode).toBe(200);
    const after = await traces(recordId);

    expect(await writes.writeAction(db, breakWrite(facts, keptRow(randomUUID(), { result: true })))).toBe(false);
    expect(await traces(recordId)).toEqual(after);
  });

  it('closes no period when another action came first', async () => {
    const recordId = await startedRecord();
    const paused = (await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 1 })).json() as { break_time_id: number };
    const facts = (await work.readForAction(db, { table: 'break_times', periodId: paused.break_time_id }, undefined, undefined))!;
    expect((await admin.post(`/api/productcost/nowork/start/${recordId}`, { superior: 5 })).statusCode).toBe(200);
    const after = await traces(recordId);
    const at = new Date().toISOString();

    const written = await writes.writeAction(db, {
      recordId,
      seenVersion: facts.record.version,
      changes: work.movedOn({}, at, employeeId, facts.record.version),
      period: { close: 'break_times', id: paused.break_time_id },
      at,
      by: employeeId,
      event: { type: 'restart', product_cost_id: recordId, state: WorkState.Working, at },
    });
    expect(written).toBe(false);
    expect(await traces(recordId)).toEqual(after);
    const pause = await db
      .selectFrom('break_times')
      .select('restarted_on')
      .where('id', '=', paused.break_time_id)
      .executeTakeFirstOrThrow();
    expect(pause.restarted_on).toBeNull();
  });

  it('finishing writes neither its stop times nor 分析’s sums when another action came first', async () => {
    const recordId = await startedRecord();
    const facts = (await work.readForAction(db, { recordId }, undefined, undefined))!;
    expect((await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 2 })).statusCode).toBe(200);
    const sums = () => db.selectFrom('analytic_days').selectAll().execute();
    const sumsBefore = await sums();
    const at = new Date().toISOString();
    const kept = { finished_on: at, work_date: at.slice(0, 10), worked_seconds: 60, worker_count: 1, machine_cost: 0, labour_cost: 0 };

    const written = await writes.writeAction(db, {
      recordId,
      seenVersion: facts.record.version,
      changes: work.movedOn(kept, at, employeeId, facts.record.version),
      finished: { stops: [{ interruption_id: 1, seconds: 30, count: 1 }] },
      at,
      by: employeeId,
      event: { type: 'finish', product_cost_id: recordId, state: WorkState.Finished, at },
    });
    expect(written).toBe(false);
    expect(await db.selectFrom('product_cost_stops').selectAll().where('product_cost_id', '=', recordId).execute()).toEqual([]);
    expect(await sums()).toEqual(sumsBefore);
  });

  it('takes the board’s lock after every other write, as a transaction does: waiting for a sum of 分析 it holds none', async () => {
    const first = await startedRecord();
    expect((await admin.post(`/api/productcost/finish/${first}`, { superior: 1 })).statusCode).toBe(200);
    const second = await startedRecord();

    const { finishing } = await db.transaction().execute(async (trx) => {
      // As the record editor holds the day's sums while it corrects a record of that day, before its event.
      await sql`select * from analytic_days for update`.execute(trx);
      const finishing = admin.post(`/api/productcost/finish/${second}`, { superior: 2 });
      let waiting: number | undefined;
      await waitFor(async () => {
        // Outside the transaction, where the statistics views would keep what they showed first.
        const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query like 'with "touched"%'`.execute(db);
        waiting = rows[0]?.pid;
        return waiting !== undefined;
      });
      const { rows } = await sql<{ held: number }>`select count(*)::integer as held from pg_locks
        where pid = ${waiting} and locktype = 'advisory' and granted`.execute(trx);
      expect(rows[0]!.held).toBe(0);
      // Not awaited here: the finish goes on once this transaction commits.
      return { finishing };
    });
    expect((await finishing).statusCode).toBe(200);
  });

  it('fails whole when another request kept the key first, so that the service answers the kept answer', async () => {
    const recordId = await startedRecord();
    const key = randomUUID();
    expect(await keepAnswer(db, keptRow(key, { result: 'first' }))).toBe(true);
    const before = await traces(recordId);
    const facts = (await work.readForAction(db, { recordId }, 1, 'break_times'))!;

    await expect(writes.writeAction(db, breakWrite(facts, keptRow(key, { result: 'second' })))).rejects.toMatchObject({
      code: '23505',
      constraint: 'idempotency_keys_pk',
    });
    expect(await traces(recordId)).toEqual(before);
  });

  it('a start fails whole too: no record, no workers, no event', async () => {
    const key = randomUUID();
    expect(await keepAnswer(db, keptRow(key, { result: 'first' }))).toBe(true);
    const [references] = await work.findStartReferences(
      db,
      { employees: [employeeId], paper_size_id: 1, processing_id: 1, processing_detail_id: 1, machine_id: null, company_id: null },
      { drawId: true },
    );
    const id = references!.next_record_id!;
    const at = new Date().toISOString();
    const record = {
      id,
      ...jobColumns({ ...startRequest([employeeId], { slip_no: '90001' }), machine_id: null, company_id: null }),
      started_on: at,
      finished_on: null,
      workers_name: 'x',
      created_at: at,
      created_by: employeeId,
      updated_at: at,
      updated_by: employeeId,
    };
    const event = { type: 'start' as const, product_cost_id: id, state: WorkState.Working, at };

    await expect(writes.writeStart(db, { record, employeeIds: [employeeId], kept: keptRow(key, {}), event })).rejects.toMatchObject({
      constraint: 'idempotency_keys_pk',
    });
    expect(await db.selectFrom('product_costs').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('product_cost_workers').select('employee_id').where('product_cost_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('board_events').select('id').where('product_cost_id', '=', id).execute()).toEqual([]);

    await writes.writeStart(db, { record, employeeIds: [employeeId], event });
    expect(await db.selectFrom('product_cost_workers').select('employee_id').where('product_cost_id', '=', id).execute()).toEqual([
      { employee_id: employeeId },
    ]);
  });
});

describe('a key kept by another request while the action ran', () => {
  it('is answered with the kept answer, when the action learnt of it from the key’s index', async () => {
    const service = new IdempotencyService(db);
    const request = { employeeId, header: randomUUID(), method: 'POST', url: '/api/productcost/break/1', body: {} };
    const answer = await service.run(request, 200, async (keep) => {
      // Another request with the key keeps its answer first; this one's plain insert then fails.
      await keepAnswer(db, keep!.row({ result: 'first' }));
      await db
        .insertInto('idempotency_keys')
        .values(keep!.row({ result: 'second' }))
        .execute();
    });
    expect(answer).toEqual({ status: 200, body: { result: 'first' }, replayed: true });
  });
});
