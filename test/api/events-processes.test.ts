import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningAddress } from '../../e2e/support/server.ts';
import { createEmployee } from '../support/employees.ts';
import { openEventStream } from '../support/event-stream.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';
import { startRequest } from '../support/records.ts';

/**
 * Several server processes on one PostgreSQL database: a board connected to one sees what is pressed
 * through another, because the database carries the events (LISTEN/NOTIFY). The second process is a
 * real one, started from the sources as `npm run dev` does, beside the app of this test process.
 */
const t = await createTestApp();
const root = path.resolve(import.meta.dirname, '../..');

/** Ends the second process; its connections must be gone before this file's database is dropped. */
let stopSecondProcess = async () => {};

async function startSecondProcess(): Promise<string> {
  if (t.config.database.engine !== 'postgres') throw new Error('two processes share a PostgreSQL database only');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-second-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: t.config.database.url,
      SESSION_SECRET: t.config.sessionSecret,
      ADMIN_PASSWORD: t.config.adminPassword,
      LOG_LEVEL: 'warn',
      WEB_ROOT: t.config.webRoot,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stopSecondProcess = async () => {
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM'));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Compiled on the fly by tsx, it may take longer to start than the built server.
  return listeningAddress(child, () => output, 60_000);
}

describe.runIf(t.engine === 'postgres')('events across server processes on one PostgreSQL database', () => {
  let second: string;
  let workerId: number;
  let worker: TestClient;
  // Started only where the suite runs: on SQLite there is no second process to share the database with.
  beforeAll(async () => {
    second = await startSecondProcess();
    workerId = await createEmployee(t, { user_name: 'proc1', password: 'proc-pass' });
    // Sessions live in the database: signed in through this process, the same cookie works on the other.
    worker = await t.signIn('proc1', 'proc-pass');
  }, 90_000);
  afterAll(() => stopSecondProcess(), 30_000);
  const pressOnSecond = (url: string, body: unknown) =>
    fetch(`${second}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: worker.cookie!,
        'x-csrf-token': worker.csrfToken!,
        'x-requested-with': 'XMLHttpRequest',
      },
      body: JSON.stringify(body),
    });

  it('a board on the second process sees a press made through this one', async () => {
    const board = await openEventStream(t, worker, { baseUrl: second });
    expect(board.status).toBe(200);
    await board.until((s) => s.comments.includes('connected'));
    const started = await worker.post('/api/productcost/start', startRequest([workerId], { slip_no: '801' }));
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().product_cost.id;
    await board.until((s) => s.changes().some((change) => change.product_cost_id === id), 5000);
    expect(board.changes().map((change) => [change.type, change.product_cost_id])).toEqual([['start', id]]);
  });

  it('a board on this process sees a press made through the second, and a board that moves replays what it missed', async () => {
    const board = await openEventStream(t, worker);
    await board.until((s) => s.comments.includes('connected'));
    const started = await pressOnSecond('/api/productcost/start', startRequest([workerId], { slip_no: '801' }));
    expect(started.status).toBe(201);
    const id = ((await started.json()) as { product_cost: { id: number } }).product_cost.id;
    await board.until((s) => s.changes().some((change) => change.product_cost_id === id), 5000);
    const lastSeen = board.changes().at(-1)!.id;
    board.close();

    expect((await worker.post(`/api/productcost/setup/start/${id}`)).statusCode).toBe(200);
    const moved = await openEventStream(t, worker, { baseUrl: second, lastEventId: String(lastSeen) });
    await moved.until((s) => s.changes().length > 0);
    expect(moved.changes().map((change) => [change.type, change.product_cost_id])).toEqual([['setupStart', id]]);
  });
});
