import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outboxTexts } from '../src/web/outbox/outbox-texts.ts';
import { addEmployee, startRecord } from './support/api.ts';
import { answerDialog } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

/**
 * The outbox (docs/PRODUCT.md#offline-presses): presses made with the network cut go to the
 * tablet's outbox, change the screen at once, survive a reload served by the service worker, and
 * are recorded once, at the times pressed, when the network returns; refused ones stay in view; a
 * station's press is recorded as its worker whoever is signed in when it is sent.
 */
const WORKER = { userName: 'mori', password: 'mori-pass' };
const PIN_WORKERS = { first: { name: '佐藤 一郎', pin: '1234' }, second: { name: '井上 一郎', pin: '5678' } };
let firstWorkerId = 0;

const e2e = e2eSuite({
  signedIn: WORKER,
  arrange: async (admin) => {
    await addEmployee(admin, { last_name: '森', first_name: '花子', login: WORKER });
    for (const [last_name, last_phonetic_name, pin] of [
      ['佐藤', 'サトウ', PIN_WORKERS.first.pin],
      ['井上', 'イノウエ', PIN_WORKERS.second.pin],
    ] as const) {
      const created = await admin.call('POST', '/api/employee', {
        employee: { last_name, first_name: '一郎', last_phonetic_name, first_phonetic_name: 'イチロウ', pin },
      });
      if (last_name === '佐藤') firstWorkerId = Number(created.id);
    }
  },
});

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const stateOf = (page: Page) => () => page.getByTestId('work-state').textContent();
/**
 * 未送信's text, or null when it is not shown, read in one step: a count and then a read would wait out
 * the read's whole time-out when the line goes between the two, as it does once the outbox is sent.
 */
const unsentOf = (page: Page) => async () => (await page.getByTestId('outbox-unsent').allTextContents())[0] ?? null;

/** The page's requests to a path, with their outcome and milliseconds since now, as they happen. */
function outboxAttempts(page: Page, path: string): string[] {
  const attempts: string[] = [];
  const since = Date.now();
  const note = (what: string) => attempts.push(`${Date.now() - since} ms ${what}`);
  page.on('request', (request) => request.url().includes(path) && note('sent'));
  page.on('requestfailed', (request) => request.url().includes(path) && note(`failed (${request.failure()?.errorText ?? ''})`));
  page.on('response', (response) => response.url().includes(path) && note(`answered ${response.status()}`));
  return attempts;
}

async function chooseInterruption(page: Page, reason: string): Promise<void> {
  await page.getByRole('combobox', { name: '中断内容' }).click();
  await page.getByRole('option', { name: reason, exact: true }).click();
}

/** A job started online from the work screen; its record's id. */
async function startJob(page: Page, slip: string): Promise<number> {
  await page.goto('/product_cost');
  await button(page, '作業開始').click();
  await fillJob(page, slip);
  await button(page, '開始').click();
  await page.waitForURL(/\/product_cost\/resume\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** Presses a button and answers the moments just before and after, which the recorded time must lie between. */
async function pressAt(page: Page, name: string): Promise<{ from: number; to: number }> {
  const from = Date.now();
  await button(page, name).click();
  return { from: from - 1000, to: Date.now() + 1000 };
}

/** The seconds of a time shown as `作業時間 1:02:03`. */
function seconds(shown: string): number {
  const [hours, minutes, secs] = shown.split(' ').at(-1)!.split(':').map(Number);
  return hours! * 3600 + minutes! * 60 + secs!;
}

function expectWithin(time: unknown, window: { from: number; to: number }): void {
  const at = Date.parse(String(time));
  expect(at).toBeGreaterThanOrEqual(window.from);
  expect(at).toBeLessThanOrEqual(window.to);
}

/** How long after a load the page registers its service worker (main.tsx's SERVICE_WORKER_DELAY_MS). */
const SERVICE_WORKER_DELAY_MS = 5_000;

/**
 * A job started online from the work screen (its record's id), then the page under the service worker,
 * which from then on keeps what it reads. The page's clock runs on to the worker's registration rather
 * than waiting for it, and is then set back to the real time, which the presses' times are checked against.
 */
async function startJobUnderServiceWorker(page: Page, slip: string): Promise<number> {
  await page.clock.install();
  const id = await startJob(page, slip);
  await page.clock.runFor(SERVICE_WORKER_DELAY_MS);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.clock.setSystemTime(new Date());
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return id;
}

describe('presses made offline', () => {
  it('show 未送信 and the new state at once, survive a reload without network, and are recorded once at the pressed times', async () => {
    const page = e2e.page;
    const id = await startJobUnderServiceWorker(page, '8801');
    await expect.poll(stateOf(page)).toBe('作業中');

    await chooseInterruption(page, '材料待ち');
    // As in the next test: the 呼出 panel's reads after the reload find no network unless the service
    // worker kept them before.
    e2e.allowNoNetwork('the 呼出 panel’s reads after the reload without network');
    await page.context().setOffline(true);
    // Offline with nothing waiting: no promise of sending.
    await expect.poll(unsentOf(page)).toBe('未送信 0件');
    expect(await page.getByText(outboxTexts.willSend).count()).toBe(0);
    const paused = await pressAt(page, '中断');
    await expect.poll(stateOf(page)).toBe('作業中断');
    await expect.poll(unsentOf(page)).toBe('未送信 1件');
    expect(await page.getByText(outboxTexts.willSend).count()).toBe(1);
    const resumed = await pressAt(page, '再開');
    await expect.poll(stateOf(page)).toBe('作業中');
    await expect.poll(unsentOf(page)).toBe('未送信 2件');

    // The page, its code and its reads come from the service worker; the presses from the outbox.
    await page.reload();
    await expect.poll(stateOf(page), { timeout: 15_000 }).toBe('作業中');
    await expect.poll(unsentOf(page)).toBe('未送信 2件');
    expect(await page.getByText('オフライン', { exact: true }).count()).toBe(1);

    await page.context().setOffline(false);
    await expect.poll(unsentOf(page), { timeout: 20_000 }).toBeNull();
    // Another round finds nothing left to send.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    const breaks = record.break_times as Array<{ broken_on: string; restarted_on: string }>;
    expect(breaks).toHaveLength(1);
    expectWithin(breaks[0]!.broken_on, paused);
    expectWithin(breaks[0]!.restarted_on, resumed);
    expect((await e2e.admin.call('GET', `/api/productcost/${id}`)).state).toBe(1);
  });

  it('keep 作業時間 going across a press kept offline and a reload without network, never back', async () => {
    const page = e2e.page;
    await startJobUnderServiceWorker(page, '8807');
    await expect.poll(stateOf(page)).toBe('作業中');
    await chooseInterruption(page, '清掃');
    // Reloaded without network, the 呼出 panel's reads (its reasons, the job's open call) find none
    // unless the service worker kept them before, which depends on how soon they were first read.
    e2e.allowNoNetwork('the 呼出 panel’s reads after the reload without network');
    await page.context().setOffline(true);
    await button(page, '中断').click();
    await expect.poll(stateOf(page)).toBe('作業中断');
    await expect.poll(unsentOf(page)).toBe('未送信 1件');
    const worked = page.getByTestId('work-worked-time');
    const held = page.getByTestId('work-held-time');
    await expect.poll(() => held.innerText()).toMatch(/^この状態 0:00:\d\d$/);
    // A few seconds on, so that a copy counted from its reading instead of its answer would read less.
    const pressed = seconds(await worked.innerText());
    await expect.poll(async () => seconds(await worked.innerText()), { timeout: 5_000 }).toBeGreaterThanOrEqual(pressed + 3);
    const before = seconds(await worked.innerText());

    // The record comes from the tablet's copy, read before the 中断: its 作業時間 counts from when it was
    // answered, and the interruption from when it was pressed.
    await page.reload();
    await expect.poll(stateOf(page), { timeout: 15_000 }).toBe('作業中断');
    expect(seconds(await worked.innerText())).toBeGreaterThanOrEqual(before);
    const interrupted = seconds(await held.innerText());
    expect(interrupted).toBeGreaterThanOrEqual(0);
    expect(interrupted).toBeLessThan(seconds(await worked.innerText()));
    await page.context().setOffline(false);
    await expect.poll(unsentOf(page), { timeout: 20_000 }).toBeNull();
  });

  it('offer 呼出 only once they are sent: the server holds the job as it was before them', async () => {
    const page = e2e.page;
    await startJob(page, '8805');
    await expect.poll(stateOf(page)).toBe('作業中');
    await button(page, '呼出').waitFor();
    await chooseInterruption(page, '材料待ち');
    await page.context().setOffline(true);
    await pressAt(page, '中断');
    await expect.poll(stateOf(page)).toBe('作業中断');
    await page.getByText('未送信の操作が送信されると呼び出せます。', { exact: true }).waitFor();
    expect(await button(page, '呼出').count()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(unsentOf(page), { timeout: 20_000 }).toBeNull();
    await button(page, '呼出').waitFor();
  });

  it('after a press answered online, open on its state offline, and an unsent 中断 on its reason', async () => {
    const page = e2e.page;
    const id = await startJobUnderServiceWorker(page, '8804');
    // 段取り is answered online; the tablet's copy of the record is read again behind it.
    const reread = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().endsWith(`/api/productcost/${id}`),
    );
    await pressAt(page, '段取り');
    await expect.poll(stateOf(page)).toBe('段取り中');
    await reread;

    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(stateOf(page), { timeout: 15_000 }).toBe('段取り中');
    await chooseInterruption(page, '材料待ち');
    await pressAt(page, '中断');
    await expect.poll(stateOf(page)).toBe('段取り中断');
    await page.reload();
    await expect.poll(stateOf(page), { timeout: 15_000 }).toBe('段取り中断');
    expect(await page.getByRole('combobox', { name: '中断内容' }).inputValue()).toBe('材料待ち');

    await page.context().setOffline(false);
    await expect.poll(unsentOf(page), { timeout: 20_000 }).toBeNull();
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    const [setup] = record.setup_times as Array<{ setup_break_times: unknown[] }>;
    expect(setup!.setup_break_times).toEqual([expect.objectContaining({ interruption_id: 1, restarted_on: null })]);
  });

  it('after the network dropped on the list, a job opens from the tablet’s copy; one without a copy waits for the connection and opens as it returns', async () => {
    const page = e2e.page;
    // Under the service worker the screen reads its record again, which keeps the tablet's copy of it.
    const copied = page.waitForResponse(
      (response) =>
        response.fromServiceWorker() && response.request().method() === 'GET' && /\/api\/productcost\/\d+$/.test(response.url()),
    );
    const kept = await startJobUnderServiceWorker(page, '8810');
    expect((await copied).url()).toMatch(new RegExp(`/api/productcost/${kept}$`));
    // Started on another tablet: this one never read it.
    await startRecord(e2e.admin, { slip_no: '8811', employees: [firstWorkerId] });
    await page.goto('/product_cost');
    const resumeButton = (slip: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: slip, exact: true }) })
        .getByRole('button', { name: '作業中', exact: true });
    await resumeButton('8811').waitFor();

    // The browser reports the network gone while the list is shown.
    e2e.allowNoNetwork('the job never read on this tablet is asked for without a network');
    await page.context().setOffline(true);
    await resumeButton('8810').click();
    await expect.poll(stateOf(page)).toBe('作業中');
    expect(new URL(page.url()).pathname).toBe(`/product_cost/resume/${kept}`);

    await page.goBack();
    await resumeButton('8811').click();
    const waiting = page.getByRole('status').filter({ hasText: '接続を待っています。' });
    await expect.poll(() => waiting.innerText()).toBe('接続を待っています。\n\nネットワークが戻ると自動で表示します。');
    await page.context().setOffline(false);
    // The first read as the network returns may find none yet; the next is 2 s later, then 4 s.
    await expect.poll(stateOf(page), { timeout: 20_000 }).toBe('作業中');
    expect(await page.getByLabel(/^作業伝票No/).inputValue()).toBe('8811');
  });

  it('wait for the connection while a list the work screen chooses from gets no answer, and the screen opens as it comes', async () => {
    const page = e2e.page;
    // No copy to answer from: the page's service worker is kept away.
    await keepNothingOffline(page);
    const processings = '**/api/processing/selector';
    await page.context().route(processings, (route) => route.abort('internetdisconnected'));
    e2e.expectNoNetwork('the list of 加工内容 gets no answer');
    await page.goto('/product_cost/create');
    const waiting = page.getByRole('status').filter({ hasText: '接続を待っています。' });
    await expect.poll(() => waiting.innerText()).toBe('接続を待っています。\n\nネットワークが戻ると自動で表示します。');

    await page.context().unroute(processings);
    await button(page, '開始').waitFor({ timeout: 20_000 });
    expect(await waiting.count()).toBe(0);
  });

  it('start a job offline and finish it: the record is made when the network returns', async () => {
    const page = e2e.page;
    await page.goto('/product_cost');
    await button(page, '作業開始').click();
    await fillJob(page, '8802');
    e2e.allowNoNetwork("the page's service worker registration, 5 s after its load, can fall in the cut");
    await page.context().setOffline(true);
    const started = await pressAt(page, '開始');
    await expect.poll(stateOf(page)).toBe('作業中');
    await expect.poll(unsentOf(page)).toBe('未送信 1件');

    const finished = await pressAt(page, '終了');
    expect(await answerDialog(page)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    expect(await answerDialog(page)).toBe('未送信の記録として保存しました。接続が戻ると自動で送信します。');

    await page.context().setOffline(false);
    // 終了 took the screen back to the list, which shows no outbox: the server tells when both presses
    // are in. (Going on before they are would leave them in the outbox, ahead of the next test's.)
    const made = async () =>
      ((await e2e.admin.call('GET', '/api/productcost')) as unknown as Array<{ id: number; slip_no: string }>).filter(
        (row) => row.slip_no === '8802',
      );
    await expect.poll(async () => (await made()).length, { timeout: 20_000 }).toBe(1);
    const id = (await made())[0]!.id;
    await expect.poll(async () => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state, { timeout: 20_000 }).toBe(0);
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    expectWithin(record.started_on, started);
    expectWithin(record.finished_on, finished);
  });

  it('refused by the server are shown with what, when and why, and kept after a reload', async () => {
    const page = e2e.page;
    const id = await startJob(page, '8803');
    await chooseInterruption(page, '材料待ち');
    await page.context().setOffline(true);
    await button(page, '中断').click();
    await expect.poll(unsentOf(page)).toBe('未送信 1件');

    // Meanwhile the office finishes the job.
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 10, wound: null, size: null, miss: null, other: null });
    e2e.expectRefusal(409, 'the 中断 made offline reaches a job the office has finished');
    e2e.allowNoNetwork('the screen rereads its choices as the network comes back, which may find none for a moment');
    const attempts = outboxAttempts(page, '/api/productcost/break/');
    await page.context().setOffline(false);

    // Under the whole suite's load the first attempts may find no network yet, or time out (8 s each):
    // long enough for five rounds of the outbox's back-off (2 + 4 + 8 + 16 + 32 s). Should the refusal
    // still not show, the failure says what the outbox tried.
    const refused = page.getByTestId('refused-press');
    await refused.waitFor({ timeout: 100_000 }).catch((error: unknown) => {
      throw new Error(`no refused press shown; the outbox's attempts: ${attempts.join('; ') || 'none'}`, { cause: error });
    });
    expect(await refused.innerText()).toContain('中断');
    expect(await refused.innerText()).toContain('作業伝票No 8803');
    expect(await refused.innerText()).toContain('この操作は現在の作業状態では行えません。画面を読み込み直してください。');
    await expect.poll(stateOf(page)).toBe('完了');

    await page.reload();
    await page.getByTestId('refused-press').waitFor();
    expect(await page.getByText('送信できなかった記録').count()).toBe(1);
  }, 150_000);
});

describe('a station’s press made offline', () => {
  it('is recorded as the worker who pressed it, though another worker signed in before it was sent', async () => {
    const tablet = await stationWithFirstWorker('折り機の端末');

    const id = await startJob(tablet, '8804');
    await chooseInterruption(tablet, '材料待ち');
    await tablet.context().setOffline(true);
    await button(tablet, '中断').click();
    await expect.poll(unsentOf(tablet)).toBe('未送信 1件');
    // 佐藤 signs out without a network: the tiles come back, the press stays.
    e2e.expectNoNetwork('the tiles cannot be read while the network is cut, nor the press sent while it is held back');
    e2e.allowRefusal(
      401,
      "a list the work screen reads again as the network returns can come after 佐藤's sign-out has reached the server",
    );
    await button(tablet, 'ログアウト').click();
    // Owed once the sign-out's call has failed: before that, the network's return below would find
    // nothing owed, and the check that it was settled would pass at once, with no attempt made.
    await expect.poll(() => tablet.evaluate(() => localStorage.getItem('kosu-station-sign-out-owed'))).toBe('1');

    // The press cannot get through until 井上 has signed in.
    await tablet.context().route('**/api/productcost/break/*', (route) => route.abort());
    // The network is back, but its first request does not get through, as on Wi-Fi just reconnected.
    const signOutAttempts: string[] = [];
    const signOutAnswers: number[] = [];
    tablet.on('request', (request) => {
      if (request.url().endsWith('/api/logout')) signOutAttempts.push(request.url());
    });
    tablet.on('response', (response) => {
      if (response.url().endsWith('/api/logout')) signOutAnswers.push(response.status());
    });
    await tablet.context().route('**/api/logout', (route) => route.abort(), { times: 1 });
    await tablet.context().setOffline(false);
    // The tablet tells the server of 佐藤's sign-out as soon as a request gets through.
    await expect.poll(() => tablet.evaluate(() => localStorage.getItem('kosu-station-sign-out-owed'))).toBeNull();
    // The second attempt was answered: the server ended the session, not merely refused the call.
    expect(signOutAttempts).toHaveLength(2);
    expect(signOutAnswers).toEqual([200]);
    await tablet.goto('/station');
    await signInByPin(tablet, PIN_WORKERS.second);
    await tablet.context().unroute('**/api/productcost/break/*');
    await tablet.evaluate(() => window.dispatchEvent(new Event('online')));

    const database = new Database(path.join(e2e.server.dataDir, 'app.db'), { readonly: true });
    try {
      const actors = () =>
        database
          .prepare("SELECT actor_id FROM audit_logs WHERE entity = 'product_costs' AND entity_id = ? AND after_json LIKE '%端末で記録%'")
          .all(id) as Array<{ actor_id: number }>;
      await expect.poll(actors, { timeout: 20_000 }).toEqual([{ actor_id: firstWorkerId }]);
    } finally {
      database.close();
    }
    expect(await tablet.getByTestId('current-user-name').innerText()).toBe(PIN_WORKERS.second.name);
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    expect(record.break_times).toHaveLength(1);
  });
});

describe('a station’s job finished offline', () => {
  it('signs the worker out to the tiles, not to the password sign-in, and is recorded when the network returns', async () => {
    const tablet = await stationWithFirstWorker('断裁の端末');
    const id = await startJob(tablet, '8806');
    // The job on screen, read, before the network goes.
    await expect.poll(stateOf(tablet)).toBe('作業中');
    await expect.poll(() => button(tablet, '終了').isEnabled()).toBe(true);
    e2e.expectNoNetwork('the sign-out and the tiles cannot be read while the network is cut');
    await tablet.context().setOffline(true);
    await button(tablet, '終了').click();
    expect(await answerDialog(tablet)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    expect(await answerDialog(tablet)).toBe('未送信の記録として保存しました。接続が戻ると自動で送信します。');
    // Not the password sign-in: the tiles' code, not yet loaded on this page, was read while the worker was signed out.
    await tablet.waitForURL((url) => url.pathname === '/station');

    // The read of the tiles waits for the network, and the tablet says so instead of a bare spinner.
    await tablet.getByRole('status').getByText('接続を待っています。').waitFor();
    // With the press it keeps to send meanwhile.
    expect(await tablet.getByTestId('outbox-unsent').innerText()).toBe('未送信 1件');
    // Once the network is back, the station shows its tiles by itself: nobody may be at the tablet to reload it.
    await tablet.context().setOffline(false);
    await tablet.getByRole('button', { name: new RegExp(PIN_WORKERS.first.name) }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state, { timeout: 20_000 }).toBe(0);
  });
});

describe('a job finished offline at once after its 開始', () => {
  it('on a station: the tiles come though this page never fetched their code, and the job is recorded when the network returns', async () => {
    const tablet = await stationWithFirstWorker('紙折機の端末');
    await keepNothingOffline(tablet);
    e2e.expectNoNetwork('the sign-out, the tiles and their reads cannot be had while the network is cut');
    const id = await finishOnStationOffline(tablet, '8807');
    await tablet.getByRole('status').getByText('接続を待っています。').waitFor();
    expect(await tablet.getByTestId('outbox-unsent').innerText()).toBe('未送信 1件');

    await tablet.context().setOffline(false);
    await tablet.getByRole('button', { name: new RegExp(PIN_WORKERS.first.name) }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state, { timeout: 20_000 }).toBe(0);
  });

  it('on a station whose tiles’ code cannot be had: says why, and shows the tiles by itself once the network returns', async () => {
    const tablet = await stationWithFirstWorker('丁合機の端末');
    await keepNothingOffline(tablet);
    // The tiles' code is out of reach from this load on (a version deployed meanwhile, a network that drops), until the network returns.
    const tilesCode = '**/assets/StationPage-*';
    await tablet.context().route(tilesCode, (route) => route.abort());
    e2e.expectNoNetwork("the tiles' code cannot be had, and the sign-out neither while the network is cut");
    const id = await finishOnStationOffline(tablet, '8809');
    const notLoaded = tablet.getByRole('alert');
    await notLoaded.waitFor();
    for (const text of [
      '読み込みに失敗しました。',
      'サーバーに接続できませんでした。通信状態を確認してください。',
      'ネットワークが戻ると自動で表示します。',
    ]) {
      expect(await notLoaded.getByText(text, { exact: true }).count()).toBe(1);
    }
    expect(await notLoaded.getByRole('button', { name: '再読み込み' }).count()).toBe(1);

    await tablet.context().unroute(tilesCode);
    e2e.allowRefusal(
      419,
      'the sign-out owed, sent as the network returns by the page and by the page it loads again, may find the session ended by the other',
    );
    e2e.allowRefusal(401, 'the page loaded again asks who is signed in, perhaps once the sign-out owed has ended the session');
    await tablet.context().setOffline(false);
    await tablet.getByRole('button', { name: new RegExp(PIN_WORKERS.first.name) }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state, { timeout: 20_000 }).toBe(0);
  });

  it('for a signed-in worker who opened the work screen straight from its address: the list comes back, and the job is recorded when the network returns', async () => {
    const page = e2e.page;
    await keepNothingOffline(page);
    await page.goto('/product_cost/create');
    e2e.expectNoNetwork("the list's reads cannot be had while the network is cut");
    const id = await startJobThenCut(page, '8808');
    const finished = await pressAt(page, '終了');
    expect(await answerDialog(page)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    expect(await answerDialog(page)).toBe('未送信の記録として保存しました。接続が戻ると自動で送信します。');
    await page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();

    await page.context().setOffline(false);
    await expect.poll(async () => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state, { timeout: 20_000 }).toBe(0);
    expectWithin((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).finished_on, finished);
  });
});

describe('a sign-out owed from offline', () => {
  it('is waited for by a PIN sign-in made while it is on the way: the sign-in is sent once it is answered', async () => {
    const tablet = await stationWithFirstWorker('断裁機の端末');
    await tablet.context().setOffline(true);
    e2e.expectNoNetwork('the tiles cannot be read while the network is cut');
    await button(tablet, 'ログアウト').click();
    await expect.poll(() => tablet.evaluate(() => localStorage.getItem('kosu-station-sign-out-owed'))).toBe('1');

    // The sign-out the tablet owes gets through only once 井上 has pressed OK, as on Wi-Fi just back.
    const order: string[] = [];
    tablet.on('request', (request) => request.url().endsWith('/api/login/pin') && order.push('sign-in sent'));
    tablet.on('response', (response) => response.url().endsWith('/api/logout') && order.push(`sign-out answered ${response.status()}`));
    let pressOk = () => {};
    const okPressed = new Promise<void>((resolve) => (pressOk = resolve));
    await tablet.context().route('**/api/logout', async (route) => {
      await okPressed;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    // Back online, the page sends the sign-out it owes and reads the tiles again; 井上 signs in before that answer has come.
    await tablet.context().setOffline(false);
    await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
    await tablet.getByRole('button', { name: new RegExp(PIN_WORKERS.second.name) }).click();
    for (const digit of PIN_WORKERS.second.pin) await tablet.getByRole('button', { name: digit, exact: true }).click();
    order.push('OK pressed');
    await button(tablet, 'OK').click();
    pressOk();
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();

    // OK was pressed before the sign-out was answered, and the sign-in was sent only after that answer.
    expect(order.slice(0, 2)).toEqual(['OK pressed', 'sign-out answered 200']);
    expect(order.at(-1)).toBe('sign-in sent');
    expect(await tablet.getByTestId('current-user-name').innerText()).toBe(PIN_WORKERS.second.name);
    expect(await tablet.evaluate(() => localStorage.getItem('kosu-station-sign-out-owed'))).toBeNull();
  });
});

/**
 * A tablet that keeps no copy of the app's files beyond what its page has fetched: no service
 * worker yet (it registers a while after a load) and nothing in the browser's cache (routing turns
 * it off), as on a tablet's first day or after its cache was cleared.
 */
async function keepNothingOffline(page: Page): Promise<void> {
  await page.context().route('**/sw.js', (route) => route.abort());
  await page.context().route('**/assets/**', (route) => route.continue());
  // A worker the page registered before (5 s after its load, which a loaded machine's sign-in can
  // outlast) is removed with its copies: the next page loaded is the worker's no longer.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
  });
}

/** A job started on the work screen now open, the network cut the moment 開始's answer has come; its record's id. */
async function startJobThenCut(page: Page, slip: string): Promise<number> {
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await fillJob(page, slip);
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/productcost/start'),
  );
  await button(page, '開始').click();
  const { product_cost } = (await (await answer).json()) as { product_cost: { id: number } };
  await page.context().setOffline(true);
  return product_cost.id;
}

/** On a station: a job started from the list and finished with the network cut at once after 開始's answer, back on /station; its record's id. */
async function finishOnStationOffline(tablet: Page, slip: string): Promise<number> {
  await tablet.goto('/product_cost');
  await button(tablet, '作業開始').click();
  const id = await startJobThenCut(tablet, slip);
  await button(tablet, '終了').click();
  expect(await answerDialog(tablet)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
  expect(await answerDialog(tablet)).toBe('未送信の記録として保存しました。接続が戻ると自動で送信します。');
  await tablet.waitForURL((url) => url.pathname === '/station');
  return id;
}

/** A new tablet bound as a station of this name, with 佐藤 signed in by PIN. */
async function stationWithFirstWorker(name: string): Promise<Page> {
  const { code } = await e2e.admin.call('POST', '/api/station', { station: { name } });
  const tablet = await e2e.newPage({ width: 800, height: 1280 });
  e2e.expectRefusal(403, 'a browser that is not yet a station asks which station it is');
  await tablet.goto('/station');
  await tablet.getByLabel('登録コード').fill(String(code));
  await button(tablet, '登録').click();
  await signInByPin(tablet, PIN_WORKERS.first);
  return tablet;
}

async function signInByPin(tablet: Page, worker: { name: string; pin: string }): Promise<void> {
  await tablet.getByRole('heading', { name: '作業者を選択' }).waitFor();
  await tablet.getByRole('button', { name: new RegExp(worker.name) }).click();
  for (const digit of worker.pin) await tablet.getByRole('button', { name: digit, exact: true }).click();
  await button(tablet, 'OK').click();
  await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
}
