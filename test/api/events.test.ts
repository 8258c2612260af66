import { describe, expect, it } from 'vitest';
import { eventMessages } from '../../src/domain/board-events.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { sweepEvents } from '../../src/server/events/event-repository.ts';
import { createEmployee } from '../support/employees.ts';
import { openEventStream, type EventStreamReader } from '../support/event-stream.ts';
import { createTestApp, type TestClient } from '../support/test-app.ts';
import { startRequest } from '../support/records.ts';

const t = await createTestApp();
const workerId = await createEmployee(t, { user_name: 'board1', password: 'board-pass' });
const worker = await t.signIn('board1', 'board-pass');
const admin = await t.signIn();

const startBody = () => startRequest([workerId], { slip_no: '701' });
const reason = { interruption_id: 2, interruption_other: '' };
const counts = { superior: 100, wound: 0, size: 0, miss: 0, other: 0 };

async function post(client: TestClient, url: string, body?: unknown) {
  const response = await client.post(url, body);
  return { status: response.statusCode, json: response.json() };
}

async function startRecord(): Promise<number> {
  const started = await post(worker, '/api/productcost/start', startBody());
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  return started.json.product_cost.id;
}

type Change = { type: string; product_cost_id: number; state: number; at: string };
const changesOf = (stream: EventStreamReader) => stream.changes<Change>();

describe('GET /api/events', () => {
  it('is for signed-in users only', async () => {
    const stream = await openEventStream(t, undefined);
    expect(stream.status).toBe(401);
    expect(stream.json().errorMessage).toBe('ログインしてください。');
  });

  it('is a Server-Sent Events stream that no cache or proxy buffer holds', async () => {
    const stream = await openEventStream(t, worker);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
  });

  it('publishes every work action once, after it committed, numbered; a refused action publishes nothing', async () => {
    const stream = await openEventStream(t, worker);
    const id = await startRecord();
    const setupId = (await post(worker, `/api/productcost/setup/start/${id}`)).json.setup_time_id;
    const setupBreakId = (await post(worker, `/api/productcost/setup/break/${setupId}`, reason)).json.setup_break_time_id;
    await post(worker, `/api/productcost/setup/restart/${setupBreakId}`);
    await post(worker, `/api/productcost/setup/finish/${setupId}`);
    // Refused: the setup is closed already, and a period id from another table.
    expect((await post(worker, `/api/productcost/setup/finish/${setupId}`)).status).toBe(409);
    expect((await post(worker, `/api/productcost/restart/${setupBreakId}`)).status).toBe(404);
    const breakId = (await post(worker, `/api/productcost/break/${id}`, reason)).json.break_time_id;
    await post(worker, `/api/productcost/restart/${breakId}`);
    const noworkId = (await post(worker, `/api/productcost/nowork/start/${id}`, counts)).json.nowork_time_id;
    await post(worker, `/api/productcost/nowork/finish/${noworkId}`);
    expect((await post(worker, `/api/productcost/break/${id}`, { interruption_id: 999, interruption_other: '' })).status).toBe(400);
    await post(worker, `/api/productcost/finish/${id}`, counts);
    expect((await post(worker, `/api/productcost/finish/${id}`, counts)).status).toBe(409);

    await stream.until((s) => changesOf(s).some((change) => change.type === 'finish'));
    const changes = changesOf(stream);
    expect(changes.map((change) => [change.type, change.product_cost_id, change.state])).toEqual([
      ['start', id, WorkState.Working],
      ['setupStart', id, WorkState.SettingUp],
      ['setupBreak', id, WorkState.SetupInterrupted],
      ['setupRestart', id, WorkState.SettingUp],
      ['setupFinish', id, WorkState.Working],
      ['break', id, WorkState.WorkInterrupted],
      ['restart', id, WorkState.Working],
      ['noworkStart', id, WorkState.EndOfDay],
      ['noworkFinish', id, WorkState.Working],
      ['finish', id, WorkState.Finished],
    ]);
    const ids = changes.map((change) => change.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    for (const change of changes) expect(change.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/);
    // Nothing more came for the refused presses.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changesOf(stream)).toHaveLength(changes.length);
  });

  it('sends an event only once what it tells of can be read: read at its arrival, the record shows it', async () => {
    const stream = await openEventStream(t, worker);
    const id = await startRecord();
    await stream.until((s) => changesOf(s).length === 1);
    /** Presses without awaiting the answer (the event may come first) and reads the record when the event comes. */
    const pressAndRead = async (url: string, body?: unknown) => {
      const seen = changesOf(stream).length;
      const answer = post(worker, url, body);
      await stream.until((s) => changesOf(s).length > seen);
      const change = changesOf(stream)[seen]!;
      expect((await worker.get(`/api/productcost/${id}`)).json().state, url).toBe(change.state);
      return (await answer).json;
    };
    const { break_time_id } = await pressAndRead(`/api/productcost/break/${id}`, reason);
    await pressAndRead(`/api/productcost/restart/${break_time_id}`);
    await pressAndRead(`/api/productcost/nowork/start/${id}`, counts);
    expect(changesOf(stream).map((change) => change.type)).toEqual(['start', 'break', 'restart', 'noworkStart']);
  });

  it('publishes a correction and a deletion by an administrator, and nothing for a refused one or one that changes nothing', async () => {
    const id = await startRecord();
    const stream = await openEventStream(t, admin);
    const record = (await admin.get(`/api/productcost/edit/${id}`)).json();
    const { history: _history, time_zone: _zone, total_defective: _t, defective_rate: _d, ...editable } = record;
    const stale = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable, version: record.version + 5 } });
    expect(stale.statusCode).toBe(409);
    const unchanged = await admin.put(`/api/productcost/${id}`, { productcost: editable });
    expect(unchanged.json()).toEqual({ result: true, version: record.version });
    const saved = await admin.put(`/api/productcost/${id}`, { productcost: { ...editable, slip_no: '702' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.delete(`/api/productcost/${id}?version=${saved.json().version}`)).statusCode).toBe(200);
    await stream.until((s) => changesOf(s).length >= 2);
    expect(changesOf(stream).map((change) => [change.type, change.product_cost_id, change.state])).toEqual([
      ['edit', id, WorkState.Working],
      ['delete', id, WorkState.Working],
    ]);
  });

  it('replays what a reconnecting board missed after its Last-Event-ID, as header or query', async () => {
    const first = await openEventStream(t, worker);
    const id = await startRecord();
    await first.until((s) => changesOf(s).some((change) => change.product_cost_id === id));
    const lastSeen = changesOf(first).at(-1)!.id;
    first.close();
    const setupId = (await post(worker, `/api/productcost/setup/start/${id}`)).json.setup_time_id;
    await post(worker, `/api/productcost/setup/finish/${setupId}`);

    for (const again of [
      await openEventStream(t, worker, { lastEventId: String(lastSeen) }),
      await openEventStream(t, worker, { query: `last_event_id=${lastSeen}` }),
    ]) {
      await again.until((s) => changesOf(s).length >= 2);
      expect(changesOf(again).map((change) => [change.type, change.product_cost_id])).toEqual([
        ['setupStart', id],
        ['setupFinish', id],
      ]);
      expect(changesOf(again)[0]!.id).toBeGreaterThan(lastSeen);
      expect(again.messages.some((message) => message.event === 'reset')).toBe(false);
    }
  });

  it('tells a board to reload (event: reset) when what it missed is no longer kept', async () => {
    const id = await startRecord();
    const unknown = await openEventStream(t, worker, { lastEventId: '99999999' });
    await unknown.until((s) => s.messages.length > 0);
    expect(unknown.messages[0]!.event).toBe('reset');
    expect(Number(unknown.messages[0]!.id)).toBeGreaterThan(0);

    const current = await openEventStream(t, worker);
    await post(worker, `/api/productcost/break/${id}`, reason);
    await current.until((s) => changesOf(s).length > 0);
    const lastSeen = changesOf(current)[0]!.id;
    // An hour later the events are swept: the board that saw this one can no longer be told what followed.
    await sweepEvents(t.database.db, new Date(Date.now() + 2 * 60 * 60 * 1000));
    const late = await openEventStream(t, worker, { lastEventId: String(lastSeen) });
    await late.until((s) => s.messages.length > 0);
    expect(late.messages.map((message) => message.event)).toEqual(['reset']);
  });

  it('keeps events at least ten minutes', async () => {
    const stream = await openEventStream(t, worker);
    const id = await startRecord();
    await stream.until((s) => changesOf(s).some((change) => change.product_cost_id === id));
    const lastSeen = changesOf(stream).at(-1)!.id;
    await post(worker, `/api/productcost/break/${id}`, reason);
    await sweepEvents(t.database.db, new Date(Date.now() + 10 * 60 * 1000));
    const again = await openEventStream(t, worker, { lastEventId: String(lastSeen) });
    await again.until((s) => changesOf(s).length > 0);
    expect(changesOf(again).map((change) => change.type)).toEqual(['break']);
  });

  it('refuses a malformed Last-Event-ID with a Japanese message', async () => {
    for (const lastEventId of ['abc', '-1', '1.5', '1e3', '', '99999999999999999999']) {
      const stream = await openEventStream(t, worker, { lastEventId });
      expect(stream.status, lastEventId).toBe(400);
      expect(stream.json().errorMessage).toBe(eventMessages.badLastEventId);
    }
    const query = await openEventStream(t, worker, { query: 'last_event_id=x' });
    expect(query.status).toBe(400);
    expect(query.json().errorMessage).toBe(eventMessages.badLastEventId);
  });
});

describe('the streams of one process', () => {
  it('are at most the configured number; one more is refused with 503 and a Japanese message', async () => {
    const small = await createTestApp({ eventStreams: { limit: 2, heartbeatMs: 15_000 } });
    const client = await small.signIn();
    const open = [await openEventStream(small, client), await openEventStream(small, client)];
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);
    const refused = await openEventStream(small, client);
    expect(refused.status).toBe(503);
    expect(refused.json().errorMessage).toBe(eventMessages.tooManyConnections);
    expect(refused.headers.get('retry-after')).toBe('10');
    open[0]!.close();
    await waitFor(async () => (await openEventStream(small, client)).status === 200);
  });

  it('get a comment line as heartbeat', async () => {
    const quick = await createTestApp({ eventStreams: { limit: 10, heartbeatMs: 50 } });
    const stream = await openEventStream(quick, await quick.signIn());
    await stream.until((s) => s.comments.includes('heartbeat'), 2000, 'a heartbeat');
  });

  it('end when the server closes, so that it can', async () => {
    const closing = await createTestApp();
    const stream = await openEventStream(closing, await closing.signIn());
    await closing.close();
    await stream.until((s) => s.closedByServer, 5000, 'the end of the stream');
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
