import { describe, expect, it, vi } from 'vitest';
import { workMessages } from '../../src/domain/product-cost.ts';
import { startThroughApi } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * On PostgreSQL a work action is decided on a read without a lock and written in one statement held
 * to the version read (one-statement-repository.ts, writeAction). Here another press is played between the
 * two, as a second tablet would make it: the action is read and decided again, and after three such
 * losses it waits its turn in a transaction that holds the record.
 */
const race = vi.hoisted(() => ({ beforeWrite: undefined as (() => Promise<void>) | undefined, writes: 0 }));
vi.mock('../../src/server/features/work/one-statement-repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/features/work/one-statement-repository.ts')>();
  return {
    ...actual,
    writeAction: async (...args: Parameters<typeof actual.writeAction>) => {
      race.writes += 1;
      await race.beforeWrite?.();
      return actual.writeAction(...args);
    },
  };
});

const t = await createTestApp();
const admin = await t.signIn();
const { id: employeeId } = (await (await admin.get('/api/user/info')).json()) as { id: number };

const startedRecord = () => startThroughApi(admin, employeeId);

const breaksOf = async (recordId: number) =>
  t.database.db.selectFrom('break_times').select('interruption_id').where('product_cost_id', '=', recordId).execute();

describe.runIf(t.engine === 'postgres')('another press between an action’s read and its write', () => {
  it('is seen: the action is decided again on what is now there, and refused when that forbids it', async () => {
    const recordId = await startedRecord();
    race.beforeWrite = async () => {
      race.beforeWrite = undefined;
      expect((await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 2 })).statusCode).toBe(200);
    };

    const late = await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ result: false, errorMessage: workMessages.notAllowedNow });
    expect(await breaksOf(recordId)).toEqual([{ interruption_id: 2 }]);
  });

  it('three times over: the action then waits its turn in a transaction, and is recorded once', async () => {
    const recordId = await startedRecord();
    race.writes = 0;
    race.beforeWrite = async () => {
      await t.database.db
        .updateTable('product_costs')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', recordId)
        .execute();
    };
    try {
      const pressed = await admin.post(`/api/productcost/break/${recordId}`, { interruption_id: 1 });
      expect(pressed.statusCode).toBe(200);
    } finally {
      race.beforeWrite = undefined;
    }
    expect(race.writes).toBe(3);
    expect(await breaksOf(recordId)).toEqual([{ interruption_id: 1 }]);
  });
});
