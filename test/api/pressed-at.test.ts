import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/domain/product-cost-edit.ts';
import { pressMessages } from '../../src/domain/pressed-at.ts';
import { WorkState } from '../../src/domain/work-state.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord, startRequest } from '../support/records.ts';
import { loadForEdit } from '../support/edits.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * Presses sent later from a tablet's outbox carry pressed_at: recorded at that time within its
 * bounds, refused with 409 outside them, and marked in the audit log with both times.
 */
const t = await createTestApp();
const workerId = await createEmployee(t, { user_name: 'outbox', password: 'outbox-pass' });
const worker = await t.signIn('outbox', 'outbox-pass');
const db = t.database.db;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/** The same moment as a tablet in Tokyo writes it. */
const inTokyo = (utc: string) => new Date(Date.parse(utc) + 9 * 3600_000).toISOString().replace('Z', '+09:00');

const startBody = (pressed_at: string) => startRequest([workerId], { slip_no: '5150', pressed_at });

const recordOf = (id: number) => db.selectFrom('product_costs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxAudits = async (id: number) =>
  (await db.selectFrom('audit_logs').selectAll().where('entity', '=', 'product_costs').where('entity_id', '=', id).orderBy('id').execute())
    .map((row) => JSON.parse(row.after_json ?? 'null') as Record<string, string>)
    .filter((after) => after?.note === pressMessages.recordedFromOutbox);

describe('a press with pressed_at', () => {
  it('starts, pauses and resumes a record at the pressed times, each marked 端末で記録 with both times', async () => {
    const startedAt = minutesAgo(30);
    const started = await worker.post('/api/productcost/start', startBody(inTokyo(startedAt)));
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().product_cost.id as number;
    expect((await recordOf(id)).started_on).toBe(startedAt);

    const pausedAt = minutesAgo(20);
    const paused = await worker.post(`/api/productcost/break/${id}`, { interruption_id: 1, pressed_at: pausedAt });
    expect(paused.statusCode, paused.body).toBe(200);
    const resumedAt = minutesAgo(10);
    const resumed = await worker.post(`/api/productcost/restart/${paused.json().break_time_id}`, { pressed_at: resumedAt });
    expect(resumed.statusCode, resumed.body).toBe(200);

    const pauses = await db.selectFrom('break_times').select(['broken_on', 'restarted_on']).where('product_cost_id', '=', id).execute();
    expect(pauses).toEqual([{ broken_on: pausedAt, restarted_on: resumedAt }]);
    expect((await recordOf(id)).updated_at).toBe(resumedAt);

    const audits = await outboxAudits(id);
    expect(audits.map((after) => [after.action, after.pressed_at])).toEqual([
      ['start', startedAt],
      ['break', pausedAt],
      ['restart', resumedAt],
    ]);
    for (const after of audits) expect(Date.parse(after.received_at!)).toBeGreaterThan(Date.parse(after.pressed_at!));

    // The record editor's 変更履歴 names each press and when it was pressed, in the workshop's zone to the second.
    const shown = (utc: string) => inTokyo(utc).replace(/\.\d{3}/, '');
    const { history } = await loadForEdit(await t.signIn(), id);
    expect(history.map((entry: HistoryEntry) => [entry.action, entry.pressed, entry.changes])).toEqual([
      ['update', { action: 'restart', pressed_at: shown(resumedAt) }, []],
      ['update', { action: 'break', pressed_at: shown(pausedAt) }, []],
      ['create', { action: 'start', pressed_at: shown(startedAt) }, []],
    ]);
  });

  it('records a press up to a minute ahead at the server’s clock', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
    const before = Date.now();
    const response = await worker.post(`/api/productcost/setup/start/${id}`, { pressed_at: new Date(before + 50_000).toISOString() });
    expect(response.statusCode, response.body).toBe(200);
    const setup = await db.selectFrom('setup_times').select('started_on').where('product_cost_id', '=', id).executeTakeFirstOrThrow();
    expect(Date.parse(setup.started_on)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(setup.started_on)).toBeLessThanOrEqual(Date.now());
  });

  it('leaves a press without pressed_at on the server’s clock and out of the outbox marks', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
    expect((await worker.post(`/api/productcost/setup/start/${id}`)).statusCode).toBe(200);
    expect(await outboxAudits(id)).toEqual([]);
  });
});

describe('a press with pressed_at outside its bounds', () => {
  const refusals = [
    {
      why: 'more than a minute in the future',
      pressedAt: () => new Date(Date.now() + 2 * 60_000).toISOString(),
      message: pressMessages.inFuture,
    },
    { why: 'more than 12 hours old', pressedAt: () => minutesAgo(12 * 60 + 1), message: pressMessages.tooOld },
    { why: 'before the record’s last recorded moment', pressedAt: () => minutesAgo(45), message: pressMessages.beforeLast },
  ];
  for (const { why, pressedAt, message } of refusals) {
    it(`is refused with 409 when ${why}, and changes nothing`, async () => {
      // The record's last moment is a closed break that ended 40 minutes ago.
      const id = await createWorkRecord(t, {
        started_on: minutesAgo(60),
        breaks: [[minutesAgo(50), minutesAgo(40), 1]],
        workers: [workerId],
      });
      const before = await recordOf(id);
      const response = await worker.post(`/api/productcost/setup/start/${id}`, { pressed_at: pressedAt() });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ result: false, errorMessage: message });
      expect(await recordOf(id)).toEqual(before);
      expect(await db.selectFrom('setup_times').select('id').where('product_cost_id', '=', id).execute()).toEqual([]);
      expect(await outboxAudits(id)).toEqual([]);
    });
  }

  it('is refused on starting when more than 12 hours old, and no record is made', async () => {
    const response = await worker.post('/api/productcost/start', { ...startBody(minutesAgo(13 * 60)), slip_no: '5151' });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorMessage).toBe(pressMessages.tooOld);
    expect(await db.selectFrom('product_costs').select('id').where('slip_no', '=', '5151').execute()).toEqual([]);
  });

  it('is refused with 400 when not a time with an offset', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
    const response = await worker.post(`/api/productcost/finish/${id}`, { superior: 1, pressed_at: '2026-11-24 10:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(pressMessages.badTime);
    expect((await recordOf(id)).finished_on).toBeNull();
  });
});

describe('a press from the outbox sent again with its key', () => {
  it('answers the first answer and records one period at the pressed time', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
    const key = randomUUID();
    const pressedAt = minutesAgo(0.5);
    const send = () =>
      worker.request({
        method: 'POST',
        url: `/api/productcost/nowork/start/${id}`,
        payload: { superior: 3, pressed_at: pressedAt },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const noworks = await db.selectFrom('nowork_times').select('started_on').where('product_cost_id', '=', id).execute();
    expect(noworks).toEqual([{ started_on: pressedAt }]);
    expect(await outboxAudits(id)).toHaveLength(1);
  });

  it('answers a refusal again as it was, and records nothing', async () => {
    const id = await createWorkRecord(t, { state: WorkState.Working, workers: [workerId] });
    const key = randomUUID();
    const dayOld = minutesAgo(24 * 60);
    const send = () =>
      worker.request({
        method: 'POST',
        url: `/api/productcost/finish/${id}`,
        payload: { superior: 3, pressed_at: dayOld },
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode).toBe(409);
    expect((await send()).body).toBe(first.body);
    expect((await recordOf(id)).finished_on).toBeNull();
  });
});
