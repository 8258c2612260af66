import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDurations } from '../../src/domain/product-cost-metrics.ts';
import { workActions, type WorkAction } from '../../src/domain/work-state.ts';
import { buildApp } from '../../src/server/app.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { prepareDatabase } from '../../src/server/startup.ts';
import { apiSession } from '../../e2e/support/api.ts';
import { ADMIN, testConfig } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { createEmployee } from '../support/employees.ts';

/**
 * 50 clients over real HTTP pressing random work actions, valid or not, on shared records. After
 * the run: no 5xx, every acknowledged action is in the database, no refused action left a trace,
 * and the invariants of the work state hold. LONG_TESTS=1 presses ten times as often.
 */
const CLIENTS = 50;
const ACTIONS_PER_CLIENT = process.env.LONG_TESTS === '1' ? 200 : 20;
const SHARED_RECORDS = 8;
const seed = Number(process.env.SEED ?? Date.now() % 100_000);

let random = seed;
const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

let testDatabase: TestDatabase;
let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-concurrency-'));
  const databaseConfig =
    testDatabase.config.engine === 'sqlite' ? { engine: 'sqlite' as const, file: path.join(dataDir, 'app.db') } : testDatabase.config;
  const config = testConfig({ database: databaseConfig, dataDir });
  ({ database } = await prepareDatabase(config));
  app = await buildApp({ config, database, logger: false });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  action: WorkAction;
  record: number;
  status: number;
}

type Session = Awaited<ReturnType<typeof apiSession>>;

const actions = workActions.filter((action) => action !== 'start');

/** One press as a tablet would send it, with the period ids the tablet last saw (perhaps stale). */
async function press(session: Session, record: number, action: WorkAction): Promise<number> {
  const seen = (await session.send('GET', `/api/productcost/${record}`)).json as Record<string, { id: number } | null>;
  const periodId = (key: string) => seen[key]?.id ?? 2_000_000_000;
  const calls: Record<Exclude<WorkAction, 'start'>, [string, unknown]> = {
    setupStart: [`/api/productcost/setup/start/${record}`, undefined],
    setupFinish: [`/api/productcost/setup/finish/${periodId('setup_time')}`, undefined],
    setupBreak: [`/api/productcost/setup/break/${periodId('setup_time')}`, { interruption_id: pick([1, 2, 3, 4]) }],
    setupRestart: [`/api/productcost/setup/restart/${periodId('setup_break_time')}`, undefined],
    break: [`/api/productcost/break/${record}`, { interruption_id: 5, interruption_other: '紙待ち' }],
    restart: [`/api/productcost/restart/${periodId('break_time')}`, undefined],
    noworkStart: [`/api/productcost/nowork/start/${record}`, { superior: Math.floor(next() * 1000) }],
    noworkFinish: [`/api/productcost/nowork/finish/${periodId('nowork_time')}`, undefined],
    finish: [`/api/productcost/finish/${record}`, { superior: 100, wound: 1 }],
  };
  const [url, body] = calls[action as Exclude<WorkAction, 'start'>];
  return (await session.send('POST', url, body)).status;
}

describe(`${CLIENTS} clients pressing at once (seed ${seed})`, () => {
  it('keeps every acknowledged action, no refused one, and every invariant', async () => {
    const workers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => createEmployee({ database }, { user_name: `crowd${index}`, password: 'crowd-pass' })),
    );
    const admin = await apiSession(baseUrl, ADMIN.userName, ADMIN.password);
    const startBody = () => ({
      slip_no: String(Math.floor(next() * 1e6)),
      employees: [pick(workers)],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 1,
    });
    const records: number[] = [];
    for (let index = 0; index < SHARED_RECORDS; index++) {
      records.push(((await admin.call('POST', '/api/productcost/start', startBody())).product_cost as { id: number }).id);
    }
    // Tablets sign in one after another, as at the start of a shift; the pressing is what runs at once.
    const sessions: Session[] = [];
    for (let index = 0; index < CLIENTS; index++) sessions.push(await apiSession(baseUrl, `crowd${index % 5}`, 'crowd-pass'));

    const outcomes: Outcome[] = [];
    await Promise.all(
      sessions.map(async (session) => {
        for (let step = 0; step < ACTIONS_PER_CLIENT; step++) {
          if (next() < 0.03) {
            const started = await session.send('POST', '/api/productcost/start', startBody());
            outcomes.push({ action: 'start', record: 0, status: started.status });
            if (started.status === 201) records.push((started.json.product_cost as { id: number }).id);
            continue;
          }
          const record = pick(records);
          const action = pick(actions);
          outcomes.push({ action, record, status: await press(session, record, action) });
        }
      }),
    );

    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
    expect(
      [...statuses].every((status) => [200, 201, 404, 409].includes(status)),
      [...statuses].join(),
    ).toBe(true);
    const acknowledged = outcomes.filter((o) => o.status < 300);
    expect(acknowledged.length).toBeGreaterThan(CLIENTS);
    await expectDatabaseToMatch(acknowledged, records);
  }, 300_000);
});

/** The rows are exactly what the acknowledged actions made: nothing missing, nothing extra. */
async function expectDatabaseToMatch(acknowledged: Outcome[], records: number[]): Promise<void> {
  const db = database.db;
  const count = (action: WorkAction, record?: number) =>
    acknowledged.filter((o) => o.action === action && (record === undefined || o.record === record)).length;
  for (const record of records) {
    const periods = async (
      table: 'setup_times' | 'setup_break_times' | 'break_times' | 'nowork_times',
      closed: 'finished_on' | 'restarted_on',
    ) => {
      const rows = (await db
        .selectFrom(table as 'setup_times')
        .selectAll()
        .where('product_cost_id', '=', record)
        .execute()) as unknown as Array<Record<string, string | null>>;
      return { all: rows.length, closed: rows.filter((row) => row[closed] !== null).length, rows };
    };
    const setups = await periods('setup_times', 'finished_on');
    const setupBreaks = await periods('setup_break_times', 'restarted_on');
    const breaks = await periods('break_times', 'restarted_on');
    const noworks = await periods('nowork_times', 'finished_on');
    const label = `record ${record}`;
    expect(setups.all, label).toBe(count('setupStart', record));
    expect(setups.closed, label).toBe(count('setupFinish', record));
    expect(setupBreaks.all, label).toBe(count('setupBreak', record));
    expect(setupBreaks.closed, label).toBe(count('setupRestart', record));
    expect(breaks.all, label).toBe(count('break', record));
    expect(breaks.closed, label).toBe(count('restart', record));
    expect(noworks.all, label).toBe(count('noworkStart', record));
    expect(noworks.closed, label).toBe(count('noworkFinish', record));
    for (const kind of [setups, setupBreaks, breaks, noworks]) expect(kind.all - kind.closed, label).toBeLessThanOrEqual(1);

    const row = await db
      .selectFrom('product_costs')
      .select(['version', 'started_on', 'finished_on'])
      .where('id', '=', record)
      .executeTakeFirstOrThrow();
    const actionsOnRecord = acknowledged.filter((o) => o.record === record).length;
    expect(row.version, label).toBe(1 + actionsOnRecord);
    expect(row.finished_on !== null, label).toBe(count('finish', record) === 1);
    expect(count('finish', record), label).toBeLessThanOrEqual(1);

    for (const setupBreak of setupBreaks.rows.filter((b) => b.restarted_on === null)) {
      const setup = setups.rows.find((s) => Number(s.id) === Number(setupBreak.setup_time_id));
      expect(setup?.finished_on, `${label}: an open setup interruption in a closed setup`).toBeNull();
    }
    const durations = recordDurations(
      {
        started_on: row.started_on,
        finished_on: row.finished_on,
        break_times: breaks.rows.map((b) => ({ broken_on: b.broken_on!, restarted_on: b.restarted_on ?? null })),
        setup_times: setups.rows.map((s) => ({
          started_on: s.started_on!,
          finished_on: s.finished_on ?? null,
          setup_break_times: setupBreaks.rows
            .filter((b) => Number(b.setup_time_id) === Number(s.id))
            .map((b) => ({ broken_on: b.broken_on!, restarted_on: b.restarted_on ?? null })),
        })),
        nowork_times: noworks.rows.map((n) => ({ started_on: n.started_on!, finished_on: n.finished_on ?? null })),
      },
      new Date(),
    );
    for (const value of Object.values(durations)) expect(value, label).toBeGreaterThanOrEqual(0);
    for (const kind of [setups, breaks, noworks]) {
      for (const period of kind.rows) {
        const [from, to] = Object.entries(period)
          .filter(([key]) => /_on$/.test(key))
          .map(([, value]) => value);
        if (to) expect(Date.parse(to) >= Date.parse(from!), label).toBe(true);
      }
    }
  }
  const started = await db.selectFrom('product_costs').select('id').execute();
  expect(started.length).toBe(SHARED_RECORDS + count('start'));
}
