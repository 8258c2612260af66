import { describe, expect, it } from 'vitest';
import { addEmployee, startRecord } from './support/api.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true, viewport: { width: 1920, height: 1080 } });

/** The board must show a change this soon after its answer, without reloading. */
const LIVE_MS = 2_000;

describe('現場モニター', () => {
  it('shows each press within 2 s without reloading, and answers a call with 対応済み', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '佐藤', first_name: '一郎' });
    const id = await startRecord(e2e.admin, { slip_no: '4100', employees: [worker] });
    await e2e.page.getByRole('link', { name: '現場モニター' }).click();
    const job = e2e.page.getByTestId('board-job').filter({ hasText: '4100' });
    await job.getByText('作業中', { exact: true }).waitFor();

    await e2e.admin.call('POST', `/api/productcost/setup/start/${id}`);
    await job.getByText('段取り中', { exact: true }).waitFor({ timeout: LIVE_MS });
    await e2e.admin.call('POST', `/api/productcost/setup/finish/${id}`);
    await e2e.admin.call('POST', `/api/productcost/break/${id}`, { interruption_id: 1 });
    await job.getByText('作業中断', { exact: true }).waitFor({ timeout: LIVE_MS });

    const reasons = (await e2e.admin.call('GET', '/api/call_reason/selector')) as unknown as { id: number; name: string }[];
    await e2e.admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: reasons[0]!.id });
    const call = e2e.page.getByTestId('board-call');
    await call.getByText(`呼出 ${reasons[0]!.name}`, { exact: false }).waitFor({ timeout: LIVE_MS });
    await call.getByRole('button', { name: '対応済み' }).click();
    await call.waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(await e2e.page.getByTestId('board-call').count()).toBe(0);
  });
});
