import { describe, expect, it } from 'vitest';
import { isRefusal, outboxRetryDelay, pathOf, recordedIdOf, withRecordedId, type OutboxPress } from './outbox-press.ts';

const press = (changes: Partial<OutboxPress>): OutboxPress => ({
  key: 'k-restart',
  workerId: 7,
  credential: null,
  job: 'k-start',
  slipNo: '1001',
  label: '再開',
  path: '/api/productcost/restart/{id}',
  target: 'k-break',
  body: { pressed_at: '2026-11-24T01:00:00.000Z' },
  firstBody: null,
  pressedAt: '2026-11-24T01:00:00.000Z',
  after: { recordId: 'k-start', breakTimeId: null, state: 1 },
  refused: null,
  ...changes,
});

describe('an outbox press', () => {
  it('waits for the press that opens its target, then is sent to that id', () => {
    expect(pathOf(press({}))).toBeNull();
    const resolved = withRecordedId(press({}), 'k-break', 42);
    expect(pathOf(resolved)).toBe('/api/productcost/restart/42');
    expect(resolved.job).toBe('k-start');
  });

  it('takes the record id of a 開始 sent before it in its job, target and screen state', () => {
    const resolved = withRecordedId(press({ target: 'k-start', path: '/api/productcost/break/{id}' }), 'k-start', 9);
    expect(resolved).toMatchObject({ job: 9, target: 9, after: { recordId: 9, breakTimeId: null, state: 1 } });
    expect(pathOf(resolved)).toBe('/api/productcost/break/9');
  });

  it('names in its body the period ids its presses before it opened', () => {
    const nowork = press({ path: '/api/productcost/nowork/start/{id}', target: 9, body: { break_time_id: 'k-break', superior: 3 } });
    expect(withRecordedId(nowork, 'k-break', 42).body).toEqual({ break_time_id: 42, superior: 3 });
  });

  it('of 開始 has no target', () => {
    expect(pathOf(press({ target: null, path: '/api/productcost/start' }))).toBe('/api/productcost/start');
  });

  it('reads the id an answer opens', () => {
    expect(recordedIdOf({ result: true, state: 1, product_cost: { id: 5 } })).toBe(5);
    expect(recordedIdOf({ result: true, state: 4, break_time_id: 12 })).toBe(12);
    expect(recordedIdOf({ result: true, state: 3, setup_break_time_id: 13 })).toBe(13);
    expect(recordedIdOf({ result: true, state: 1 })).toBeNull();
  });

  it('keeps a refusal, and tries again after what only a later attempt may cure', () => {
    expect([400, 403, 404, 409, 422].every(isRefusal)).toBe(true);
    expect([0, 401, 408, 419, 429, 500, 502, 503, 504].some(isRefusal)).toBe(false);
  });

  it('tries again after 2, 4, 8 s… and at most a minute', () => {
    expect([1, 2, 3, 4, 6, 10].map(outboxRetryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000, 60_000]);
  });
});
