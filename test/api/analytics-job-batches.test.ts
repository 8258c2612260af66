import { describe, expect, it } from 'vitest';
import { jobSortKeys } from '../../src/domain/analytics-api.ts';
import { workDate } from '../../src/domain/time.ts';
import { AnalyticsService } from '../../src/server/features/analytics/analytics-service.ts';
import { createEmployee } from '../support/employees.ts';
import { startRequest } from '../support/records.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * The downloads read the job rows a batch at a time, each batch going on after the last row of the
 * one before (keyset paging). In every order, ties included, the batches give the rows of one page.
 */
const t = await createTestApp();
const admin = await t.signIn();
const worker = await createEmployee(t);

// Jobs with equal counts and costs, so that many rows tie on the sort key and the id decides.
for (const [slip, good] of [
  ['1003', 500],
  ['1001', 500],
  ['1002', 700],
  ['1001', 0],
  ['1004', 500],
] as const) {
  const id = (await admin.post('/api/productcost/start', startRequest([worker], { slip_no: slip }))).json().product_cost.id as number;
  await admin.post(`/api/productcost/finish/${id}`, { superior: good, wound: null, size: null, miss: null, other: null, process2: '' });
}
await admin.post('/api/productcost/start', startRequest([worker], { slip_no: '1005' }));

// The workshop's date, which the jobs pressed now are counted on (from 15:00 UTC Tokyo's is a day ahead).
const today = workDate(new Date().toISOString(), t.config.timeZone);
const query = { from: today, to: today };

describe('job rows a batch at a time', () => {
  it.each(jobSortKeys.flatMap((key) => [key, `-${key}`]))('give the page’s rows in the order %s', async (sort) => {
    const service = new AnalyticsService(t.database.db, t.config.timeZone);
    const batched = [];
    for await (const batch of service.jobBatches({ ...query, sort }, 2)) batched.push(...batch);
    const { rows } = await service.jobs({ ...query, sort, page: 1, per_page: 1000 });
    expect(rows).toHaveLength(6);
    expect(batched.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});
