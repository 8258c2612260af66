import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../src/domain/idempotency.ts';
import { addEmployee } from './support/api.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

const WORKER = { userName: 'ito', password: 'ito-pass' };

const e2e = e2eSuite({
  signedIn: WORKER,
  arrange: async (admin) => {
    await addEmployee(admin, { last_name: '伊藤', first_name: '翔', login: WORKER });
  },
});

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const pathname = () => new URL(e2e.page.url()).pathname;

async function recordsWithSlip(slip: string): Promise<number[]> {
  const rows = (await e2e.admin.call('GET', '/api/productcost')) as unknown as Array<{ id: number; slip_no: string }>;
  return rows.filter((row) => row.slip_no === slip).map((row) => row.id);
}

describe('開始 and the browser’s Back and Forward', () => {
  it('opens nothing when 開始 is answered after Back, and Forward starts no second record', async () => {
    await e2e.page.goto('/product_cost');
    await button('作業開始').click();
    await e2e.page.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
    await fillJob(e2e.page, '8801');

    const keys: string[] = [];
    e2e.page.on('request', (request: Request) => {
      if (request.url().endsWith('/api/productcost/start')) keys.push(request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
    });
    // The server records the start at once; its answer reaches the screen only when released.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const reachedServer = new Promise<void>((resolve) => (answered = resolve));
    await e2e.page.route('**/api/productcost/start', async (route) => {
      const response = await route.fetch();
      answered();
      await held;
      await route.fulfill({ response });
    });

    await button('開始').click();
    await reachedServer;
    await e2e.page.goBack();
    await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    release();
    await e2e.page.waitForTimeout(1_000);
    expect(pathname()).toBe('/product_cost');
    expect(await e2e.page.getByRole('dialog').count()).toBe(0);
    const [recorded] = await recordsWithSlip('8801');
    expect(recorded).toBeDefined();

    // Forward returns to the form as it was pressed; 開始 again sends the same key and resumes the same record.
    await e2e.page.unroute('**/api/productcost/start');
    await e2e.page.goForward();
    await e2e.page.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
    expect(await e2e.page.getByLabel(/^作業伝票No/).inputValue()).toBe('8801');
    await button('開始').click();
    await e2e.page.waitForURL(`**/product_cost/resume/${recorded}`);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await recordsWithSlip('8801')).toEqual([recorded]);
  });

  it('gives a changed form a new key, so that it starts a job of its own', async () => {
    await e2e.page.goto('/product_cost/create');
    await fillJob(e2e.page, '8802');
    const keys: string[] = [];
    e2e.page.on('request', (request: Request) => {
      if (request.url().endsWith('/api/productcost/start')) keys.push(request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
    });
    await button('開始').click();
    await e2e.page.waitForURL('**/product_cost/resume/*');
    await e2e.page.goto('/product_cost/create');
    await fillJob(e2e.page, '8803');
    await button('開始').click();
    await e2e.page.waitForURL('**/product_cost/resume/*');
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect((await recordsWithSlip('8802')).length + (await recordsWithSlip('8803')).length).toBe(2);
  });
});
