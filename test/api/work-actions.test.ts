import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workMessages } from '../../src/domain/product-cost.ts';
import { WorkState, isAllowed, workActions, type WorkAction } from '../../src/domain/work-state.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord, startRequest } from '../support/records.ts';

const t = await createTestApp();
const workerId = await createEmployee(t, { user_name: 'floor1', password: 'floor-pass' });
const secondWorkerId = await createEmployee(t, { user_name: 'floor2', password: 'floor-pass' });
const worker = await t.signIn('floor1', 'floor-pass');

const validStart = () => startRequest([workerId, secondWorkerId], { slip_no: '12345' });

async function startRecord(client: TestClient = worker): Promise<number> {
  const response = await client.post('/api/productcost/start', validStart());
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product_cost.id;
}

async function load(id: number) {
  const response = await worker.get(`/api/productcost/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('start', () => {
  it('creates a working record on the server clock with its workers', async () => {
    const before = Date.now();
    const response = await worker.post('/api/productcost/start', { ...validStart(), machine_id: null, company_id: '' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ result: true, state: WorkState.Working });
    expect(body.product_cost).toMatchObject({
      slip_no: '12345',
      employees: [
        { id: workerId, name: '山田 太郎' },
        { id: secondWorkerId, name: '山田 太郎' },
      ],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 1,
      state: WorkState.Working,
      finished_on: null,
      setup_time: null,
      break_time: null,
      setup_break_time: null,
      nowork_time: null,
      total_defective: 0,
      defective_rate: 0,
    });
    expect(body.product_cost.started_on).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    expect(Date.parse(body.product_cost.started_on)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const row = await t.database.db
      .selectFrom('product_costs')
      .selectAll()
      .where('id', '=', body.product_cost.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ created_by: workerId, updated_by: workerId, version: 1 });
  });

  it.each([
    [{ slip_no: '' }, workMessages.slipNoRequired],
    [{ slip_no: undefined }, workMessages.slipNoRequired],
    [{ slip_no: '1234567890123456' }, workMessages.slipNoTooLong],
    [{ slip_no: '12a' }, workMessages.slipNoCharacters],
    [{ slip_no: '---' }, workMessages.slipNoDigit],
    [{ employees: [] }, workMessages.workersRequired],
    [{ employees: undefined }, workMessages.workersRequired],
    [{ paper_size_id: null }, workMessages.paperSizeRequired],
    [{ processing_id: '' }, workMessages.processingRequired],
    [{ processing_detail_id: null }, workMessages.processingRequired],
    [{ superior: -1 }, workMessages.count('良品数')],
    [{ wound: 1.5 }, workMessages.count('キズ')],
    [{ slip_no: '', employees: [], paper_size_id: null }, workMessages.slipNoRequired],
    [{ employees: [], paper_size_id: null }, workMessages.workersRequired],
  ])('refuses %j with %s and records nothing', async (change, message) => {
    const before = await t.database.db.selectFrom('product_costs').select('id').execute();
    const response = await worker.post('/api/productcost/start', { ...validStart(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ result: false, errorMessage: message });
    expect(await t.database.db.selectFrom('product_costs').select('id').execute()).toEqual(before);
  });

  it('keeps the names of the largest crew of the longest names, and lists them', async () => {
    const longName = (n: number) => ({ last_name: '長'.repeat(48) + String(n).padStart(2, '0'), first_name: '名'.repeat(50) });
    const crew: number[] = [];
    for (let n = 0; n < 100; n++) crew.push(await createEmployee(t, longName(n)));
    const response = await worker.post('/api/productcost/start', { ...validStart(), slip_no: '777', employees: crew });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().product_cost.id as number;
    const kept = await t.database.db.selectFrom('product_costs').select('workers_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(kept.workers_name?.length).toBeGreaterThan(100 * 101);
    const listed = await worker.get('/api/productcost');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().find((row: { id: number }) => row.id === id).workers_name).toBe(kept.workers_name);
    await t.database.db.deleteFrom('product_cost_workers').where('product_cost_id', '=', id).execute();
    await t.database.db.deleteFrom('product_costs').where('id', '=', id).execute();
  });

  it('refuses ids that do not name active items, and a detail of another processing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ employees: [workerId, 9999] }, workMessages.unknownWorker],
      [{ paper_size_id: 9999 }, workMessages.unknownPaperSize],
      [{ processing_detail_id: 3 }, workMessages.unknownProcessing],
      [{ machine_id: 9999 }, workMessages.unknownMachine],
      [{ company_id: 9999 }, workMessages.unknownCompany],
    ];
    await t.database.db.updateTable('paper_sizes').set({ deleted_at: new Date().toISOString() }).where('id', '=', 7).execute();
    cases.push([{ paper_size_id: 7 }, workMessages.unknownPaperSize]);
    for (const [change, message] of cases) {
      const response = await worker.post('/api/productcost/start', { ...validStart(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errorMessage).toBe(message);
    }
  });
});

describe('a whole job', () => {
  it('goes through every action with the state each leads to, recording who pressed', async () => {
    const id = await startRecord();
    const setup = (await worker.post(`/api/productcost/setup/start/${id}`)).json();
    expect(setup).toMatchObject({ result: true, state: WorkState.SettingUp, setup_time_id: expect.any(Number) });
    expect((await load(id)).setup_time).toEqual({ id: setup.setup_time_id, started_on: expect.any(String) });

    const setupBreak = (
      await worker.post(`/api/productcost/setup/break/${setup.setup_time_id}`, { interruption_id: 5, interruption_other: '版の修正' })
    ).json();
    expect(setupBreak).toMatchObject({ state: WorkState.SetupInterrupted, setup_break_time_id: expect.any(Number) });
    expect((await load(id)).setup_break_time).toEqual({
      id: setupBreak.setup_break_time_id,
      broken_on: expect.any(String),
      interruption_id: 5,
      interruption_other: '版の修正',
    });

    expect((await worker.post(`/api/productcost/setup/restart/${setupBreak.setup_break_time_id}`)).json()).toMatchObject({
      state: WorkState.SettingUp,
    });
    expect((await worker.post(`/api/productcost/setup/finish/${setup.setup_time_id}`)).json()).toMatchObject({ state: WorkState.Working });

    const pause = (await worker.post(`/api/productcost/break/${id}`, { interruption_id: 1 })).json();
    expect(pause).toMatchObject({ state: WorkState.WorkInterrupted, break_time_id: expect.any(Number) });
    expect((await worker.post(`/api/productcost/restart/${pause.break_time_id}`)).json()).toMatchObject({ state: WorkState.Working });

    const nowork = (
      await worker.post(`/api/productcost/nowork/start/${id}`, {
        superior: 100,
        wound: 2,
        size: '',
        miss: null,
        other: 1,
        setup_time_id: null,
      })
    ).json();
    expect(nowork).toMatchObject({ state: WorkState.EndOfDay, nowork_time_id: expect.any(Number) });
    const overnight = await load(id);
    expect(overnight).toMatchObject({
      state: WorkState.EndOfDay,
      nowork_time: { id: nowork.nowork_time_id, finished_on: null },
      superior: 100,
      wound: 2,
      size: null,
      other: 1,
      total_defective: 3,
      defective_rate: 3,
    });

    expect((await worker.post(`/api/productcost/nowork/finish/${nowork.nowork_time_id}`)).json()).toMatchObject({
      state: WorkState.Working,
    });
    const finished = (
      await worker.post(`/api/productcost/finish/${id}`, { superior: 200, wound: 1, size: 0, miss: 0, other: 0, process2: '' })
    ).json();
    expect(finished).toMatchObject({ result: true, state: WorkState.Finished });
    const record = await load(id);
    expect(record).toMatchObject({ state: WorkState.Finished, superior: 200, total_defective: 1, defective_rate: 0.5 });
    expect(record.finished_on).not.toBeNull();

    for (const table of ['setup_times', 'setup_break_times', 'break_times', 'nowork_times'] as const) {
      const rows = await t.database.db.selectFrom(table).select(['opened_by', 'closed_by']).where('product_cost_id', '=', id).execute();
      expect(rows).toEqual([{ opened_by: workerId, closed_by: workerId }]);
    }
    const { version } = await t.database.db.selectFrom('product_costs').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    expect(version).toBe(10);
  });

  it('returns from end of day to an interruption left open', async () => {
    const id = await startRecord();
    const pause = (await worker.post(`/api/productcost/break/${id}`, { interruption_id: 2 })).json();
    const nowork = (await worker.post(`/api/productcost/nowork/start/${id}`, {})).json();
    expect((await load(id)).break_time).toMatchObject({ id: pause.break_time_id });
    expect((await worker.post(`/api/productcost/nowork/finish/${nowork.nowork_time_id}`)).json().state).toBe(WorkState.WorkInterrupted);
  });
});

describe('refusals', () => {
  it('answers 409 to a second press and to any action on a finished record', async () => {
    const id = await startRecord();
    const setup = (await worker.post(`/api/productcost/setup/start/${id}`)).json();
    const again = await worker.post(`/api/productcost/setup/start/${id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ result: false, errorMessage: workMessages.notAllowedNow });
    expect((await worker.post(`/api/productcost/finish/${id}`, {})).statusCode).toBe(409);
    expect((await worker.post(`/api/productcost/break/${id}`, { interruption_id: 1 })).statusCode).toBe(409);
    await worker.post(`/api/productcost/setup/finish/${setup.setup_time_id}`);
    expect((await worker.post(`/api/productcost/setup/finish/${setup.setup_time_id}`)).statusCode).toBe(409);

    await worker.post(`/api/productcost/finish/${id}`, {});
    for (const [path, body] of [
      [`/api/productcost/setup/start/${id}`, undefined],
      [`/api/productcost/break/${id}`, { interruption_id: 1 }],
      [`/api/productcost/nowork/start/${id}`, {}],
      [`/api/productcost/finish/${id}`, {}],
    ] as const) {
      expect((await worker.post(path, body)).statusCode).toBe(409);
    }
    expect((await t.database.db.selectFrom('setup_times').select('id').where('product_cost_id', '=', id).execute()).length).toBe(1);
  });

  it('answers 404 for unknown records and periods, 400 for a malformed id', async () => {
    expect((await worker.get('/api/productcost/999999')).statusCode).toBe(404);
    expect((await worker.post('/api/productcost/setup/start/999999')).json()).toEqual({
      result: false,
      errorMessage: workMessages.recordNotFound,
    });
    expect((await worker.post('/api/productcost/restart/999999')).statusCode).toBe(404);
    expect((await worker.post('/api/productcost/nowork/finish/999999')).statusCode).toBe(404);
    expect((await worker.post('/api/productcost/setup/start/abc')).statusCode).toBe(400);
  });

  it('requires an interruption reason, and その他の内容 for reason 5', async () => {
    const id = await startRecord();
    const cases: Array<[unknown, string]> = [
      [{}, workMessages.interruptionRequired],
      [{ interruption_id: '' }, workMessages.interruptionRequired],
      [{ interruption_id: 5 }, workMessages.interruptionOtherRequired],
      [{ interruption_id: 5, interruption_other: '   ' }, workMessages.interruptionOtherRequired],
      [{ interruption_id: 999 }, workMessages.unknownInterruption],
    ];
    for (const [body, message] of cases) {
      const response = await worker.post(`/api/productcost/break/${id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMessage).toBe(message);
    }
    expect((await load(id)).state).toBe(WorkState.Working);
  });

  it('refuses a setup interruption addressed to a setup that is not the open one', async () => {
    const id = await startRecord();
    const first = (await worker.post(`/api/productcost/setup/start/${id}`)).json();
    await worker.post(`/api/productcost/setup/finish/${first.setup_time_id}`);
    await worker.post(`/api/productcost/setup/start/${id}`);
    const stale = await worker.post(`/api/productcost/setup/break/${first.setup_time_id}`, { interruption_id: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('lets only one of two tablets pressing at once succeed', async () => {
    const id = await startRecord();
    const other = await t.signIn('floor2', 'floor-pass');
    const answers = await Promise.all([
      worker.post(`/api/productcost/break/${id}`, { interruption_id: 1 }),
      other.post(`/api/productcost/break/${id}`, { interruption_id: 2 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await t.database.db.selectFrom('break_times').select('id').where('product_cost_id', '=', id).execute()).length).toBe(1);
  });

  it('answers 401 when signed out', async () => {
    const visitor = await t.visitor();
    expect((await visitor.post('/api/productcost/start', validStart())).statusCode).toBe(401);
    expect((await visitor.get('/api/productcost/1')).statusCode).toBe(401);
  });
});

/** A period id that names nothing: an action the screen could not address is refused, never sent elsewhere. */
const UNKNOWN_PERIOD = 2_000_000_000;

/** The action as the screen would send it for a record in a given state. */
async function press(id: number, action: WorkAction): Promise<number> {
  const record = await load(id);
  const paths: Record<WorkAction, [string, unknown]> = {
    start: ['/api/productcost/start', validStart()],
    setupStart: [`/api/productcost/setup/start/${id}`, undefined],
    setupFinish: [`/api/productcost/setup/finish/${record.setup_time?.id ?? UNKNOWN_PERIOD}`, undefined],
    setupBreak: [`/api/productcost/setup/break/${record.setup_time?.id ?? UNKNOWN_PERIOD}`, { interruption_id: 3 }],
    setupRestart: [`/api/productcost/setup/restart/${record.setup_break_time?.id ?? UNKNOWN_PERIOD}`, undefined],
    break: [`/api/productcost/break/${id}`, { interruption_id: 4 }],
    restart: [`/api/productcost/restart/${record.break_time?.id ?? UNKNOWN_PERIOD}`, undefined],
    noworkStart: [`/api/productcost/nowork/start/${id}`, {}],
    noworkFinish: [`/api/productcost/nowork/finish/${record.nowork_time?.id ?? UNKNOWN_PERIOD}`, undefined],
    finish: [`/api/productcost/finish/${id}`, {}],
  };
  const [path, body] = paths[action];
  return (await worker.post(path, body)).statusCode;
}

/** What can be pressed on a record once it exists. */
const actionsAfterStart = workActions.filter((action) => action !== 'start');

describe('a record as it stands', () => {
  const states = [
    WorkState.Working,
    WorkState.SettingUp,
    WorkState.SetupInterrupted,
    WorkState.WorkInterrupted,
    WorkState.EndOfDay,
    WorkState.Finished,
  ];

  it.each(states)('in state %i is read in that state and takes exactly the actions the state allows', async (state) => {
    for (const action of actionsAfterStart) {
      const id = await createWorkRecord(t, { state, workers: [workerId] });
      expect((await load(id)).state).toBe(state);
      const status = await press(id, action);
      expect(status === 200, `${action} in state ${state}: ${status}`).toBe(isAllowed(state, action));
    }
  });
});

describe('random sequences of actions (property)', () => {
  it('keep every invariant after every action, valid or not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...actionsAfterStart), { minLength: 1, maxLength: 14 }), async (sequence) => {
        const id = await startRecord();
        for (const action of sequence) {
          const before = (await load(id)).state;
          const status = await press(id, action);
          const expectedAllowed = isAllowed(before, action);
          expect(status === 200).toBe(expectedAllowed);
          if (!expectedAllowed) expect([404, 409]).toContain(status);
          await checkInvariants(id);
        }
      }),
      { numRuns: 25 },
    );
    // About a thousand requests: the limit guards against a hang, not the speed of a busy machine.
  }, 120_000);
});

async function checkInvariants(id: number): Promise<void> {
  const db = t.database.db;
  const openCount = async (table: 'setup_times' | 'nowork_times', column: 'finished_on') =>
    (await db.selectFrom(table).select('id').where('product_cost_id', '=', id).where(column, 'is', null).execute()).length;
  const openBreaks = async (table: 'break_times' | 'setup_break_times') =>
    db.selectFrom(table).selectAll().where('product_cost_id', '=', id).where('restarted_on', 'is', null).execute();
  const openSetups = await openCount('setup_times', 'finished_on');
  const openNowork = await openCount('nowork_times', 'finished_on');
  const workBreaks = await openBreaks('break_times');
  const setupBreaks = await openBreaks('setup_break_times');
  expect(openSetups).toBeLessThanOrEqual(1);
  expect(openNowork).toBeLessThanOrEqual(1);
  expect(workBreaks.length).toBeLessThanOrEqual(1);
  expect(setupBreaks.length).toBeLessThanOrEqual(1);
  for (const setupBreak of setupBreaks) {
    const setup = await db
      .selectFrom('setup_times')
      .select('finished_on')
      .where('id', '=', setupBreak.setup_time_id)
      .executeTakeFirstOrThrow();
    expect(setup.finished_on).toBeNull();
  }
  const record = await load(id);
  const expected =
    record.finished_on !== null
      ? WorkState.Finished
      : openNowork
        ? WorkState.EndOfDay
        : setupBreaks.length
          ? WorkState.SetupInterrupted
          : workBreaks.length
            ? WorkState.WorkInterrupted
            : openSetups
              ? WorkState.SettingUp
              : WorkState.Working;
  expect(record.state).toBe(expected);
  for (const [table, from, to] of [
    ['setup_times', 'started_on', 'finished_on'],
    ['setup_break_times', 'broken_on', 'restarted_on'],
    ['break_times', 'broken_on', 'restarted_on'],
    ['nowork_times', 'started_on', 'finished_on'],
  ] as const) {
    const rows = (await db
      .selectFrom(table as 'setup_times')
      .selectAll()
      .where('product_cost_id', '=', id)
      .execute()) as unknown as Array<Record<string, string | null>>;
    for (const row of rows) if (row[to]) expect(Date.parse(row[to]!)).toBeGreaterThanOrEqual(Date.parse(row[from]!));
  }
}
