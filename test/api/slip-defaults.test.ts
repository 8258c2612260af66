import { describe, expect, it } from 'vitest';
import { listMessages } from '../../src/domain/product-cost-list.ts';
import { createEmployee } from '../support/employees.ts';
import { createWorkRecord } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/** GET /api/productcost/slip_defaults: a new job of a slip takes the order's paper and customer from its last job. */
const t = await createTestApp();
const admin = await t.signIn();
const worker = await createEmployee(t, { last_name: '青木', first_name: '一郎', user_name: 'aoki', password: 'aoki-pass' });
const workerSession = await t.signIn('aoki', 'aoki-pass');

const company = async (name: string) =>
  (await admin.post('/api/company', { company: { id: null, name, phonetic_name: '' } })).json().id as number;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const defaults = async (slip: string) => {
  const response = await workerSession.get(`/api/productcost/slip_defaults?slip_no=${encodeURIComponent(slip)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/productcost/slip_defaults', () => {
  it('answers the 用紙サイズ and 会社 of the slip’s newest job, the slip compared whole and read half-width', async () => {
    const older = await company('古い会社');
    const newer = await company('山田印刷');
    await createWorkRecord(t, { slip_no: '24-1187', workers: [worker], paper_size_id: 1, company_id: older, started_on: daysAgo(3) });
    await createWorkRecord(t, { slip_no: '24-1187', workers: [worker], paper_size_id: 2, company_id: newer, started_on: daysAgo(1) });
    expect(await defaults('24-1187')).toEqual({ paper_size_id: 2, company_id: newer });
    expect(await defaults('２４ー１１８７')).toEqual({ paper_size_id: 2, company_id: newer });
    // 1187 is another slip, not a part of 24-1187.
    expect(await defaults('1187')).toEqual({ paper_size_id: null, company_id: null });
  });

  it('takes no job older than 60 days, deleted, or a deleted item', async () => {
    const gone = await company('廃業した会社');
    await createWorkRecord(t, { slip_no: '3001', workers: [worker], company_id: gone, started_on: daysAgo(61) });
    expect(await defaults('3001')).toEqual({ paper_size_id: null, company_id: null });

    await createWorkRecord(t, { slip_no: '3002', workers: [worker], paper_size_id: 1, company_id: gone, started_on: daysAgo(2) });
    expect((await admin.delete(`/api/company/${gone}`)).statusCode).toBe(200);
    expect(await defaults('3002')).toEqual({ paper_size_id: 1, company_id: null });

    const deleted = await createWorkRecord(t, { slip_no: '3003', workers: [worker], paper_size_id: 1, started_on: daysAgo(1) });
    await t.database.db.updateTable('product_costs').set({ deleted_at: new Date().toISOString() }).where('id', '=', deleted).execute();
    expect(await defaults('3003')).toEqual({ paper_size_id: null, company_id: null });
  });

  it('refuses a slip over 100 characters or none at all, and the signed out', async () => {
    for (const query of [`slip_no=${'1'.repeat(101)}`, '']) {
      const response = await workerSession.get(`/api/productcost/slip_defaults?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ result: false, errorMessage: listMessages.badSlip });
    }
    expect((await (await t.visitor()).get('/api/productcost/slip_defaults?slip_no=1')).statusCode).toBe(401);
  });
});
