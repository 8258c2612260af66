import { describe, expect, it } from 'vitest';
import { startRequest } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * The statements a work action sends to the database, counted: on PostgreSQL each is a round trip,
 * which is what an action's throughput follows (docs/PERFORMANCE.md, Work actions). The session's
 * lookup, `begin` and `commit` are counted as the database sees them. A change that adds one to the
 * busiest calls of the product fails here and has to say why.
 */
let statements: string[] = [];
const t = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
/**
 * On SQLite each transaction runs in a savepoint of its group's (src/server/db/group-commit-driver.ts):
 * `savepoint` and `release` beside the `begin` and `commit` of a group of one.
 */
const groupMember = t.engine === 'sqlite' ? 2 : 0;
const admin = await t.signIn();
const { id: employeeId } = (await (await admin.get('/api/user/info')).json()) as { id: number };

async function counted(send: () => Promise<{ statusCode: number; json(): unknown }>) {
  statements = [];
  const response = await send();
  expect(response.statusCode).toBeLessThan(300);
  return { answer: response.json() as Record<string, unknown>, count: statements.length, statements };
}

/** The four actions of one job, each with the statements it sent. */
async function job(changes: Record<string, unknown> = {}) {
  const start = await counted(() => admin.post('/api/productcost/start', startRequest([employeeId], changes)));
  const recordId = (start.answer.product_cost as { id: number }).id;
  const interrupt = await counted(() => admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 1 }));
  const restart = await counted(() => admin.post(`/api/productcost/restart/${interrupt.answer.break_time_id as number}`, {}));
  const finish = await counted(() => admin.post(`/api/productcost/finish/${recordId}`, { superior: 100 }));
  return { start, interrupt, restart, finish };
}

describe('statements per work action', () => {
  it('a job (start, break, restart, finish) costs 34 statements on SQLite (42 with its savepoints), 16 on PostgreSQL, its board events included', async () => {
    const { start, interrupt, restart, finish } = await job();

    const counts = { start: start.count, break: interrupt.count, restart: restart.count, finish: finish.count };
    if (t.engine === 'sqlite') {
      expect(counts).toEqual({
        // the session, begin, the references checked in one, the record, its workers, the event, commit
        start: 7 + groupMember,
        // the session, begin, the record locked with its open periods and the reason, the period, the version, the event, commit
        break: 7 + groupMember,
        restart: 7 + groupMember,
        // the same frame, and the kept totals: periods, workers, the reasons' categories with the rates in one,
        // the stop times (none to clear: the record was in progress), the rollup's two sums, its open call ended
        finish: 13 + groupMember,
      });
    } else {
      expect(counts).toEqual({
        // the session, the references checked in one with the record's id drawn, then one statement writes it all
        start: 3,
        // the session, the record read with its open periods and the reason (and the new period's id), one statement
        break: 3,
        restart: 3,
        // the session, the record read, its periods, its workers, the categories with the rates in one, then one
        // statement (the record, its stop times, the rollup's two sums, its open call ended, the event), and
        // the open call ended again for a call the statement's snapshot missed
        finish: 7,
      });
    }
    for (const action of [start, interrupt, restart, finish]) {
      expect(action.statements.filter((sql) => /board_events/.test(sql))).toHaveLength(1);
      // PostgreSQL's finish ends the open call once more after its statement.
      const written = t.engine === 'postgres' && action === finish ? action.statements.at(-2) : action.statements.at(-1);
      expect(written).toMatch(t.engine === 'postgres' ? /^with .*board_events/s : /^commit$/);
    }
    if (t.engine === 'postgres') expect(finish.statements.at(-1)).toMatch(/^update "calls"/);
  });

  it('終業 on a job with an open call ends the call among its statements: 8 on SQLite (10 with its savepoints), 4 on PostgreSQL', async () => {
    const start = await counted(() => admin.post('/api/productcost/start', startRequest([employeeId])));
    const recordId = (start.answer.product_cost as { id: number }).id;
    await counted(() => admin.post(`/api/productcost/call/${recordId}`, { call_reason_id: 1 }));
    const nowork = await counted(() => admin.post(`/api/productcost/nowork/start/${recordId}`, { superior: 40 }));

    const [call] = await t.database.db
      .selectFrom('calls')
      .select(['answered_at', 'ended_with'])
      .where('product_cost_id', '=', recordId)
      .execute();
    expect(call!.answered_at).not.toBeNull();
    expect(call!.ended_with).toBe('noworkStart');
    expect(nowork.statements.filter((sql) => /update "calls"|update calls/.test(sql))).toHaveLength(t.engine === 'postgres' ? 2 : 1);
    expect(nowork.count).toBe(
      t.engine === 'sqlite'
        ? // the session, begin, the record locked with its open periods, the 終業 period, the record (its version and counts),
          // its open call ended, the event, commit
          8 + groupMember
        : // the session, the record read with its open periods (and the 終業 period's id), one statement (the record,
          // the period, its open call ended, the event), and the open call ended again for a call the statement's snapshot missed
          4,
    );
  });

  it('a job on a machine with rates reads them in the same statement as the categories', async () => {
    expect((await admin.post('/api/machine', { machine: { id: null, name: '断裁機1号' } })).statusCode).toBe(201);
    const machine = ((await admin.get('/api/machine')).json() as Array<{ id: number }>)[0]!.id;
    const withRate = { id: machine, name: '断裁機1号', rates: [{ valid_from: '2020-01-01', yen_per_hour: 3600 }] };
    expect((await admin.put(`/api/machine/${machine}`, { machine: withRate })).statusCode).toBe(200);
    const { finish } = await job({ machine_id: machine });

    expect(finish.count).toBe(t.engine === 'sqlite' ? 13 + groupMember : 7);
    const costing = finish.statements.filter((sql) => /machine_rates/.test(sql));
    expect(costing).toHaveLength(1);
    expect(costing[0]).toMatch(/interruptions[\s\S]*employee_rates/);
  });
});
