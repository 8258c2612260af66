import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { apiSession } from './api.ts';
import { answerDialog, launchBrowser, newContext, signIn } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * What the browser tests of the record editor share: its inputs found by their exact label (a 必須
 * badge may follow), opening a record, saving, and a watch on the console.
 */
function editorOf(page: Page) {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));
  return {
    field,
    value: (label: string) => field(label).inputValue(),
    fill: (label: string, text: string) => field(label).fill(text),
    button: (name: string) => page.getByRole('button', { name, exact: true }),
    async open(id: number): Promise<void> {
      await page.goto(`/product_cost/show/${id}`);
      await field('作業開始時間').waitFor();
    },
    /** 保存する, and the text of the alert it brings up (closed with OK). */
    async save(): Promise<string> {
      await page.getByRole('button', { name: '保存する', exact: true }).click();
      return answerDialog(page);
    },
  };
}

/**
 * The console's errors on a page, but those of calls the test expects the server to refuse (the
 * browser logs every 4xx answer): `expected` lists their statuses.
 */
function watchConsole(page: Page): { unexpected: (expected?: number[]) => string[] } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    unexpected: (expected = []) =>
      errors.filter((text) => !expected.some((status) => text.includes(`the server responded with a status of ${status}`))),
  };
}

export interface AdminSuite {
  server: RunningServer;
  page: Page;
  editor: ReturnType<typeof editorOf>;
  admin: Awaited<ReturnType<typeof apiSession>>;
  adminId: number;
  /** The statuses of refusals the running test provokes on purpose, which the browser logs as errors. */
  refusals: number[];
  /** A record started through the API by the administrator, 断裁 / 全断 on A3; finished when asked. */
  record(slip_no: string, finish?: boolean): Promise<number>;
}

/**
 * A server and a browser for the file, and for each test a fresh context whose page is signed in as
 * the administrator; a test fails on a console error other than the refusals it expects.
 */
export function adminSuite(): AdminSuite {
  let browser: Browser;
  let context: BrowserContext;
  let watch: ReturnType<typeof watchConsole>;
  const suite = { refusals: [] } as unknown as AdminSuite;
  beforeAll(async () => {
    suite.server = await startServer();
    browser = await launchBrowser();
    suite.admin = await apiSession(suite.server.baseUrl);
    suite.adminId = Number((await suite.admin.call('GET', '/api/user/info')).employee_id);
  });
  afterAll(async () => {
    await browser?.close();
    await suite.server?.stop();
  });
  beforeEach(async () => {
    context = await newContext(browser, suite.server.baseUrl);
    suite.page = await context.newPage();
    suite.editor = editorOf(suite.page);
    suite.refusals = [];
    await suite.page.goto('/');
    await signIn(suite.page);
    await suite.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    // Signed in: the 401 of the first look for a session is behind.
    watch = watchConsole(suite.page);
  });
  afterEach(async () => {
    expect(watch.unexpected(suite.refusals)).toEqual([]);
    await context.close();
  });
  suite.record = async (slip_no, finish = false) => {
    const answer = await suite.admin.call('POST', '/api/productcost/start', {
      slip_no,
      employees: [suite.adminId],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 1,
    });
    const id = (answer.product_cost as { id: number }).id;
    if (finish) await suite.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
    return id;
  };
  return suite;
}
