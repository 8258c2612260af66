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

/** A stop for 材料待ち (1), over at once: the jobs stopped for it tie on their time for it too. */
async function stop(id: number) {
  await admin.post(`/api/productcost/break/${id}`, { interruption_id: 1 });
  await admin.post(`/api/productcost/restart/${id}`, {});
}

// Jobs with equal counts and costs, so that many rows tie on the sort key and the id decides; three
// finished and the one in progress stopped for 材料待ち, for the order by a reason's time.
for (const [slip, good, stopped] of [
  ['1003', 500, true],
  ['1001', 500, false],
  ['1002', 700, true],
  ['1001', 0, true],
  ['1004', 500, false],
] as const) {
  const id = (await admin.post('/api/productcost/start', startRequest([worker], { slip_no: slip }))).json().product_cost.id as number;
  if (stopped) await stop(id);
  await admin.post(`/api/productcost/finish/${id}`, { superior: good, wound: null, size: null, miss: null, other: null, process2: '' });
}
await stop((await admin.post('/api/productcost/start', startRequest([worker], { slip_no: '1005' }))).json().product_cost.id as number);

// The workshop's date, which the jobs pressed now are counted on (from 15:00 UTC Tokyo's is a day ahead).
const today = workDate(new Date().toISOString(), t.config.timeZone);
const query = { from: today, to: today };

describe('job rows a batch at a time', () => {
  it.each(jobSortKeys.flatMap((key) => [key, `-${key}`]))('give the page’s rows in the order %s', async (sort) => {
    const service = new AnalyticsService(t.database.db, t.config.timeZone);
    // The order by a reason's time is of the jobs stopped for that reason.
    const byReason = sort.endsWith('reason_seconds');
    const filter = byReason ? { ...query, interruption_id: 1 } : query;
    const batched = [];
    for await (const batch of service.jobBatches({ ...filter, sort }, 2)) batched.push(...batch);
    const { rows } = await service.jobs({ ...filter, sort, page: 1, per_page: 1000 });
    expect(rows).toHaveLength(byReason ? 4 : 6);
    expect(batched.map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});
