import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../src/domain/idempotency.ts';
import { retryDelay } from '../src/web/api/press-retry.ts';
import { outboxRetryDelay } from '../src/web/outbox/outbox-press.ts';
import { addEmployee } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

const WORKER = { userName: 'kato', password: 'kato-pass' };

const e2e = e2eSuite({
  signedIn: WORKER,
  arrange: async (admin) => {
    await addEmployee(admin, { last_name: '加藤', first_name: '悠', login: WORKER });
  },
});

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const BREAK_CALLS = '**/api/productcost/break/*';
/** The outbox tries again after a growing pause, at most a minute. */
const OUTBOX_LONGEST_PAUSE_MS = outboxRetryDelay(Infinity);
const stateName = () => e2e.page.getByTestId('work-state').textContent();

/** Once a press gets no answer and the screen resends it. */
const resending = () =>
  expect.poll(() => e2e.page.getByTestId('press-connection').textContent(), { timeout: 15_000 }).toBe('接続できません。再送しています…');

/** A new job started on the work screen; its record's id. */
async function startJob(slip: string): Promise<number> {
  await e2e.page.goto('/product_cost');
  await button('作業開始').click();
  await fillJob(e2e.page, slip);
  await button('開始').click();
  await e2e.page.waitForURL(/\/product_cost\/resume\/\d+$/);
  return Number(new URL(e2e.page.url()).pathname.split('/').pop());
}

async function chooseInterruption(reason: string): Promise<void> {
  await e2e.page.getByRole('combobox', { name: '中断内容' }).click();
  await e2e.page.getByRole('option', { name: reason, exact: true }).click();
}

describe('a press whose answer is lost', () => {
  it('is resent with the same key while 接続できません。再送しています… shows, and records one period', async () => {
    await e2e.page.clock.install();
    const id = await startJob('7701');
    await chooseInterruption('材料待ち');

    // The server records the first 中断 but its answer is lost on the way back, as a proxy's 504.
    const keys: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await e2e.page.route('**/api/productcost/break/*', async (route) => {
      keys.push(route.request().headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
      const response = await route.fetch();
      if (keys.length === 1) return route.fulfill({ status: 504, body: '' });
      await held;
      await route.fulfill({ response });
    });
    e2e.expectRefusal(504, 'the first answer of 中断 lost on its way back');

    await button('中断').click();
    const notice = e2e.page.getByTestId('press-connection');
    await resending();
    expect(await stateName()).toBe('停止中');
    release();
    // On to the first resend without waiting out its pause.
    await e2e.page.clock.runFor(retryDelay(1));

    await expect.poll(stateName, { timeout: 15_000 }).toBe('作業中断');
    expect(await notice.count()).toBe(0);
    expect(await e2e.page.getByRole('dialog').count()).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    expect(record.break_times).toHaveLength(1);
  });

  it('is resent when its answer comes cut short and cannot be read, and records one period', async () => {
    await e2e.page.clock.install();
    const id = await startJob('7708');
    await chooseInterruption('材料待ち');
    // The server records the first 中断, and its answer reaches the tablet cut in half, as from Wi-Fi lost mid-answer.
    const keys: string[] = [];
    await e2e.page.route('**/api/productcost/break/*', async (route) => {
      keys.push(route.request().headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
      const response = await route.fetch();
      if (keys.length > 1) return route.fulfill({ response });
      const answer = await response.text();
      await route.fulfill({ response, body: answer.slice(0, answer.length / 2) });
    });

    await button('中断').click();
    await resending();
    await e2e.page.clock.runFor(retryDelay(1));
    await expect.poll(stateName, { timeout: 15_000 }).toBe('作業中断');
    expect(await e2e.page.getByRole('dialog').count()).toBe(0);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).break_times).toHaveLength(1);
  });

  it('is kept on the tablet while it is resent, so that a reload sends it once the screen that pressed it is gone', async () => {
    const id = await startJob('7703');
    await chooseInterruption('材料待ち');
    // No answer at all for 中断 on this page, as a network that dropped.
    e2e.expectNoNetwork('中断 finds no network until the reload');
    await e2e.page.route('**/api/productcost/break/*', (route) => route.abort('internetdisconnected'));
    await button('中断').click();
    await resending();
    // From its first resend it is in the outbox too, which leaves it to this screen.
    await e2e.page.getByText('未送信 1件').waitFor();

    // The worker reloads before the minute of resends is over; the network is back.
    await e2e.page.unrouteAll();
    await e2e.page.reload();
    await expect.poll(stateName, { timeout: 15_000 }).toBe('作業中断');
    await expect
      .poll(async () => (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).break_times as unknown[], { timeout: 15_000 })
      .toHaveLength(1);
    await expect.poll(() => e2e.page.getByText('未送信 1件').count(), { timeout: 15_000 }).toBe(0);
  });

  it('goes to the outbox at once when the browser goes offline while it is resent, instead of resending for a minute', async () => {
    await e2e.page.clock.install();
    const id = await startJob('7704');
    e2e.expectNoNetwork('段取り finds no network');
    await e2e.page.route('**/api/productcost/setup/start/*', (route) => route.abort('internetdisconnected'));
    await button('段取り').click();
    await resending();
    await e2e.page.context().setOffline(true);
    // The next failed resend (at most 2 s later, the page's clock run on to it) gives up: the state the
    // press leads to shows, kept to be sent.
    await e2e.page.clock.runFor(retryDelay(2));
    await expect.poll(stateName, { timeout: 5_000 }).toBe('段取り中');
    await e2e.page.getByText('未送信 1件').waitFor();
    await e2e.page.unrouteAll();
    await e2e.page.context().setOffline(false);
    await expect
      .poll(async () => (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).setup_times as unknown[], { timeout: 15_000 })
      .toHaveLength(1);
  });

  it('is sent as the worker who pressed it when they sign out while it is resent, once they are back', async () => {
    await e2e.page.clock.install();
    const id = await startJob('7707');
    const breaks = async () => (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).break_times as unknown[];
    await chooseInterruption('材料待ち');
    e2e.expectNoNetwork('中断 finds no network before the sign-out');
    const noNetwork = (route: Route) => route.abort('internetdisconnected');
    await e2e.page.route(BREAK_CALLS, noNetwork);
    await button('中断').click();
    await resending();
    // The network is back, and the next resend is on its way when the worker signs out: it reaches the
    // server only then (held here until the sign-out is done), and finds no session. Taken before the
    // cut network is given back, so that no resend gets through in between.
    let release!: () => void;
    const signedOut = new Promise<void>((resolve) => (release = resolve));
    let resent = false;
    await e2e.page.route(BREAK_CALLS, async (route) => {
      resent = true;
      await signedOut;
      await route.continue();
    });
    await e2e.page.unroute(BREAK_CALLS, noNetwork);
    // The page's clock runs on to that resend (1 s after a failure, 2 s after the next) a quarter second
    // at a time, so that little of the resend's own 8 s is gone when the sign-out begins.
    for (let step = 0; !resent && step < 20; step++) await e2e.page.clock.runFor(250);
    expect(resent).toBe(true);
    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    await e2e.page.getByRole('button', { name: 'ログイン' }).waitFor();
    e2e.expectRefusal(401, 'the resend that reaches the server after the sign-out finds no session');
    const refused = e2e.page.waitForResponse((response) => response.url().includes('/api/productcost/break/'));
    release();
    expect((await refused).status()).toBe(401);
    expect(await breaks()).toHaveLength(0);

    // Refused as no one's, the press is the outbox's: not sent while someone else is signed in on the
    // tablet, however often it tries, and sent as 加藤 once 加藤 is back.
    await signIn(e2e.page);
    const sentMeanwhile = e2e.page.waitForRequest(BREAK_CALLS, { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    await e2e.page.clock.runFor(OUTBOX_LONGEST_PAUSE_MS);
    expect(await sentMeanwhile).toBe(false);
    expect(await breaks()).toHaveLength(0);
    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    await signIn(e2e.page, WORKER.userName, WORKER.password);
    await e2e.page.clock.runFor(OUTBOX_LONGEST_PAUSE_MS);
    await expect.poll(breaks, { timeout: 20_000 }).toHaveLength(1);
  });

  it('shows 通信中… while the first attempt is out', async () => {
    await startJob('7702');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await e2e.page.route('**/api/productcost/setup/start/*', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await button('段取り').click();
    await expect.poll(() => e2e.page.getByTestId('press-connection').textContent(), { timeout: 15_000 }).toBe('通信中…');
    release();
    await expect.poll(stateName, { timeout: 15_000 }).toBe('段取り中');
    expect(await e2e.page.getByTestId('press-connection').count()).toBe(0);
  });
});

describe('a double tap', () => {
  it('on 段取り begins one setup: its second tap does not land on 段取り中... and end it', async () => {
    const id = await startJob('7705');
    const setup = button('段取り');
    // Once 開始's own moment has passed.
    await expect.poll(() => setup.isEnabled()).toBe(true);
    await setup.scrollIntoViewIfNeeded();
    const box = (await setup.boundingBox())!;
    // Two taps 250 ms apart at one place, as a gloved finger makes them; the server answers the first sooner.
    await e2e.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await e2e.page.waitForTimeout(250);
    await e2e.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(stateName).toBe('段取り中');
    // Once the moment has passed, the button works again.
    await expect.poll(() => button('段取り中...').isEnabled()).toBe(true);
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    expect(record.setup_times).toEqual([expect.objectContaining({ finished_on: null })]);
  });

  it('on 終了 leaves its question open: the second tap beside the dialog does not cancel it', async () => {
    await startJob('7706');
    const finish = button('終了');
    await expect.poll(() => finish.isEnabled()).toBe(true);
    await finish.scrollIntoViewIfNeeded();
    const box = (await finish.boundingBox())!;
    await e2e.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await e2e.page.getByRole('dialog').waitFor();
    await e2e.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await e2e.page.waitForTimeout(300);
    expect(await e2e.page.getByRole('dialog').count()).toBe(1);
  });
});
