import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callMessages } from '../src/domain/call-messages.ts';
import { workMessages } from '../src/domain/product-cost.ts';
import { BOARD_REREAD_MS, PAGE_HOLD_MS, PAGE_TURN_MS, TILES_PER_PAGE } from '../src/web/features/board/board-layout.ts';
import { addEmployee, apiSession, startRecord, type ApiSession } from './support/api.ts';
import {
  arrangeFloor,
  boardFit,
  longReasonFloor,
  fullFloor,
  LONG_REASON,
  MAINTENANCE_CALL,
  QUALITY_CALL,
  severalJobsFloor,
} from './support/board-floor.ts';
import { answerDialog, failReads, signIn } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { linesOf } from './support/layout.ts';
import { e2eSuite } from './support/suite.ts';
import { fillJob } from './support/work-job.ts';

const WORKER = { userName: 'board-worker', password: 'board-worker-pass' };
const e2e = e2eSuite({
  signedIn: true,
  viewport: { width: 1920, height: 1080 },
  arrange: (admin) => addEmployee(admin, { last_name: '佐藤', first_name: '一郎', login: WORKER }).then(() => undefined),
});

/** The board must show a change this soon after its answer, without reloading. */
const LIVE_MS = 2_000;
/** How often the work screen reads an open call again (CallPanel's OPEN_CALL_REREAD_MS). */
const OPEN_CALL_REREAD_MS = 10_000;
const DISCONNECTED = '接続が切れました。再接続しています…';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Runs `scenario` on a server of its own, with a board page open on it: twenty tiles are exactly a page,
 * and the file's server has the other tests' jobs. The page is closed before the server stops, since a
 * board left open would report its lost event stream as a console error.
 */
async function onOwnServer(scenario: (admin: ApiSession, board: Page) => Promise<void>): Promise<void> {
  const server = await startServer();
  let board: Page | undefined;
  try {
    const admin = await apiSession(server.baseUrl);
    board = await e2e.newPage(undefined, server.baseUrl);
    await scenario(admin, board);
  } finally {
    await board?.context().close();
    await server.stop();
  }
}

/** Presses a work button and waits for the work screen to show the state its answer brings. */
async function press(page: Page, name: string, state: string): Promise<void> {
  await button(page, name).click();
  await expect.poll(() => page.getByTestId('work-state').innerText()).toBe(state);
}

/** A worker's upright tablet with a job of `slip` started on it, and the job's id. */
async function startOnTablet(slip: string): Promise<{ tablet: Page; id: number }> {
  const tablet = await e2e.newPage({ width: 800, height: 1280 });
  await tablet.goto('/');
  await signIn(tablet, WORKER.userName, WORKER.password);
  await tablet.goto('/product_cost/create');
  await fillJob(tablet, slip);
  await press(tablet, '開始', '作業中');
  return { tablet, id: Number(new URL(tablet.url()).pathname.split('/').at(-1)) };
}

/** 対応者 of the job's call for `reason` in the record editor's 呼出履歴, a call no longer open. */
async function answererInEditor(page: Page, id: number, reason: string): Promise<string> {
  await page.goto(`/product_cost/show/${id}`);
  const calls = page.getByRole('region', { name: '呼出履歴' });
  await calls.getByRole('cell', { name: reason, exact: true }).waitFor();
  const cells = calls.getByRole('row').filter({ hasText: reason }).getByRole('cell');
  expect(await cells.nth(3).innerText()).not.toBe('呼出中');
  return cells.nth(4).innerText();
}

describe('現場モニター', () => {
  it('shows each press on a tablet within 2 s without reloading, and 対応済み answers the call', async () => {
    const board = e2e.page;
    await board.getByRole('link', { name: '現場モニター' }).click();
    await board.getByRole('heading', { name: '現場モニター' }).waitFor();
    // Any reload of the board would make a new document; the same one must show every change.
    await board.evaluate(() => ((window as unknown as { boardDocument: string }).boardDocument = 'first'));

    const tablet = await e2e.newPage({ width: 1280, height: 800 });
    // The tablet's clock runs as the real one, and on at once to its next read of an open call.
    await tablet.clock.install();
    await tablet.goto('/');
    await signIn(tablet, WORKER.userName, WORKER.password);
    await tablet.goto('/product_cost/create');
    await fillJob(tablet, '4100');
    await press(tablet, '開始', '作業中');
    const job = board.getByTestId('board-job').filter({ hasText: '4100' });
    await job.getByText('作業中', { exact: true }).waitFor({ timeout: LIVE_MS });

    await press(tablet, '段取り', '段取り中');
    await job.getByText('段取り中', { exact: true }).waitFor({ timeout: LIVE_MS });
    await press(tablet, '段取り中...', '作業中');
    await job.getByText('作業中', { exact: true }).waitFor({ timeout: LIVE_MS });

    await choose(tablet, '中断内容', '機械故障');
    await press(tablet, '中断', '作業中断');
    await job.getByText('作業中断', { exact: true }).waitFor({ timeout: LIVE_MS });
    await job.getByText('機械故障', { exact: true }).waitFor({ timeout: LIVE_MS });

    await choose(tablet, '呼出内容', '保全依頼');
    await button(tablet, '呼出').click();
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
    // The tablet says the call is open, with 対応済み in place of a 呼出 the server would refuse.
    const openCall = tablet.getByRole('status').filter({ hasText: '呼出中：保全依頼' });
    expect(await openCall.innerText()).toMatch(/^呼出中：保全依頼（\d{1,2}:\d{2}から）$/);
    expect(await button(tablet, '呼出').count()).toBe(0);
    const call = job.getByTestId('board-call');
    await call.getByText('呼出 保全依頼', { exact: false }).waitFor({ timeout: LIVE_MS });
    expect(await board.getByTestId('board-summary').innerText()).toContain('呼出 1');

    await call.getByRole('button', { name: '対応済み' }).click();
    await call.waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(await board.evaluate(() => (window as unknown as { boardDocument?: string }).boardDocument)).toBe('first');
    // The tablet reads an open call again every ten seconds: it sees the answer, and offers 呼出 again.
    await tablet.clock.runFor(OPEN_CALL_REREAD_MS);
    // The reread comes as the clock runs on; 5 s leaves its request room on a loaded machine.
    await button(tablet, '呼出').waitFor({ timeout: 5_000 });
    expect(await openCall.count()).toBe(0);

    // The answer is the board's signed-in user's, and the record's history keeps it.
    const id = Number(new URL(tablet.url()).pathname.split('/').at(-1));
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    expect(record.calls).toMatchObject([{ reason: '保全依頼', called_by_name: '佐藤 一郎', answered_by_name: expect.any(String) }]);
    expect((record.calls as Array<{ answered_at: string | null }>)[0]!.answered_at).not.toBeNull();
    await board.goto(`/product_cost/show/${id}`);
    const calls = board.getByRole('region', { name: '呼出履歴' });
    await calls.getByRole('cell', { name: '保全依頼', exact: true }).waitFor();
    expect(await calls.getByRole('row').nth(1).innerText()).toContain('佐藤 一郎');
  });

  it('lets the worker answer a call on the work screen, and ends a call still open when the job finishes', async () => {
    const { tablet, id } = await startOnTablet('4120');
    const callsOfJob = async () => (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).calls;

    // 呼出 pressed before its reason asks which, with a button for each: the one tapped calls.
    await button(tablet, '呼出').click();
    const picker = tablet.getByRole('dialog');
    expect(await picker.getByRole('alert').innerText()).toBe('呼出内容を選んでください。');
    await picker.getByRole('button', { name: '班長呼出', exact: true }).click();
    // The question closes, and the call's answer opens in a dialog of its own.
    await tablet.getByRole('dialog').filter({ hasText: '呼出内容を選んでください。' }).waitFor({ state: 'detached' });
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
    await button(tablet, '対応済み').click();
    await button(tablet, '呼出').waitFor();
    expect(await callsOfJob()).toMatchObject([{ reason: '班長呼出', answered_by_name: '佐藤 一郎', ended_by_finish: false }]);

    // Answered on the board between two reads of the tablet's: its 対応済み finds it answered, and says nothing.
    await choose(tablet, '呼出内容', '材料補充');
    await button(tablet, '呼出').click();
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
    await button(tablet, '対応済み').waitFor();
    const callId = ((await callsOfJob()) as Array<{ id: number }>)[1]!.id;
    // The tablet's reread of the open call (every 10 s) is held until its 対応済み is sent: coming
    // between the board's answer and the tap, it would show 呼出 before the tap.
    let tapped!: () => void;
    const answerSent = new Promise<void>((resolve) => (tapped = resolve));
    const reread = `**/api/productcost/call/${id}`;
    await tablet.route(reread, async (route) => {
      await answerSent;
      await route.continue();
    });
    await e2e.admin.call('POST', `/api/productcost/call/answer/${callId}`);
    e2e.expectRefusal(409, 'the call the worker answers was answered on the board a moment before');
    const answer = tablet.waitForRequest((request) => request.url().endsWith(`/api/productcost/call/answer/${callId}`));
    await button(tablet, '対応済み').click();
    await answer;
    tapped();
    // Waits for a held reread's own continue: unrouted first, Playwright would continue the request
    // itself, and the handler's continue would then fail as already handled.
    await tablet.unrouteAll({ behavior: 'wait' });
    await button(tablet, '呼出').waitFor();
    expect(await tablet.getByRole('dialog').count()).toBe(0);

    await choose(tablet, '呼出内容', '品質確認');
    await button(tablet, '呼出').click();
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
    await button(tablet, '対応済み').waitFor();
    await button(tablet, '終了').click();
    expect(await answerDialog(tablet)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    await tablet.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
    await tablet.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();

    // Nobody answered the second call: it ended with the job, and the record editor says so.
    expect(await answererInEditor(e2e.page, id, '品質確認')).toBe('（作業終了）');
  });

  it('drops a call still open at 終業 from the board with the press, the record editor says it ended with 終業, and offers 呼出 again only after 始業', async () => {
    const board = e2e.page;
    await board.goto('/board');
    const { tablet, id } = await startOnTablet('4125');
    await choose(tablet, '呼出内容', '保全依頼');
    await button(tablet, '呼出').click();
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
    const job = board.getByTestId('board-job').filter({ hasText: '4125' });
    const call = job.getByTestId('board-call');
    await call.waitFor({ timeout: LIVE_MS });

    // Nobody is at the machine until the next shift: the job stays on the board in 終業, its call gone.
    await button(tablet, '終業').click();
    expect(await answerDialog(tablet)).toBe(workMessages.confirmNowork);
    expect(await answerDialog(tablet)).toContain(workMessages.noworkDone);
    await call.waitFor({ state: 'detached', timeout: LIVE_MS });
    await job.getByText('終業', { exact: true }).waitFor({ timeout: LIVE_MS });

    expect(await answererInEditor(board, id, '保全依頼')).toBe('（終業）');

    // Taken up again before its 始業, the job offers no 呼出: the server would refuse a call in 終業.
    await tablet.goto(`/product_cost/resume/${id}`);
    await expect.poll(() => tablet.getByTestId('work-state').innerText()).toBe('終業');
    await tablet.getByRole('status').filter({ hasText: callMessages.endOfDayPanel }).waitFor();
    expect(await button(tablet, '呼出').count()).toBe(0);
    expect(await tablet.getByRole('combobox', { name: '呼出内容' }).count()).toBe(0);
    await button(tablet, '始業').click();
    expect(await answerDialog(tablet)).toBe(workMessages.confirmStartOfDay);
    expect(await answerDialog(tablet)).toContain(workMessages.startOfDayDone);
    await button(tablet, '呼出').waitFor();
    expect(await tablet.getByText(callMessages.endOfDayPanel).count()).toBe(0);
  });

  it('offers the call reasons again at a tap when they could not be read with the work screen', async () => {
    const tablet = await e2e.newPage({ width: 800, height: 1280 });
    await tablet.goto('/');
    await signIn(tablet, WORKER.userName, WORKER.password);
    e2e.expectRefusal(500, 'the call reasons are answered with a server error once');
    await failReads(tablet, '**/api/call_reason/selector', 1);
    await tablet.goto('/product_cost/create');
    await fillJob(tablet, '4110');
    await press(tablet, '開始', '作業中');
    await tablet.getByText(callMessages.reasonsUnread, { exact: true }).waitFor();

    await choose(tablet, '呼出内容', '保全依頼');
    expect(await tablet.getByText(callMessages.reasonsUnread, { exact: true }).count()).toBe(0);
    await button(tablet, '呼出').click();
    expect(await answerDialog(tablet)).toContain('呼び出しました。');
  });

  it('shows the chosen machine alone, counts only what it shows, and says so when the machine is gone', async () => {
    const addMachine = async (name: string) => (await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name } })).id as number;
    const cutter = await addMachine('断裁機 7号');
    const folder = await addMachine('折り機 7号');
    const worker = await addEmployee(e2e.admin, { last_name: '木村', first_name: '浩二' });
    const id = await startRecord(e2e.admin, { slip_no: '4300', employees: [worker], machine_id: cutter });
    await e2e.admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: 3 });
    const board = e2e.page;
    const tiles = board.getByTestId('board-tile');
    const summary = board.getByTestId('board-summary');

    // The folder's TV: the folder's tile alone, idle, and nothing of the cutter's call.
    await board.goto(`/board?machine_id=${folder}`);
    await tiles.getByText('空き', { exact: true }).waitFor();
    expect(await tiles.count()).toBe(1);
    expect(await tiles.innerText()).toContain('折り機 7号');
    expect(await summary.innerText()).toBe('');

    await board.goto(`/board?machine_id=${cutter}`);
    await tiles.getByText('作業中', { exact: true }).waitFor();
    expect(await tiles.count()).toBe(1);
    expect(await summary.innerText()).toBe('呼出 1');

    // A TV left on a machine deleted since: it says so by name, and goes back to the whole floor in one tap.
    const gone = await addMachine('旧折り機');
    await e2e.admin.call('DELETE', `/api/machine/${gone}`);
    await board.goto(`/board?machine_id=${gone}`);
    await board.getByRole('alert').getByText('加工機「旧折り機」は削除されています。', { exact: true }).waitFor();
    expect(await tiles.count()).toBe(0);
    expect(await board.getByRole('combobox', { name: '加工機' }).inputValue()).toBe('旧折り機（削除済み）');
    await board.getByRole('alert').getByRole('button', { name: 'すべての加工機' }).click();
    await tiles.filter({ hasText: '断裁機 7号' }).waitFor();
    expect(new URL(board.url()).search).toBe('');
    expect(await tiles.count()).toBeGreaterThan(1);

    await board.goto('/board?machine_id=99999');
    await board.getByRole('alert').getByText('加工機 99999 は登録されていません。', { exact: true }).waitFor();
    expect(await tiles.count()).toBe(0);
  });

  it('keeps a job in progress on a deleted machine on a tile of its own, where its call is answered', async () => {
    const gone = (await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '折り機 9号' } })).id as number;
    const worker = await addEmployee(e2e.admin, { last_name: '林', first_name: '千尋' });
    const id = await startRecord(e2e.admin, { slip_no: '4310', employees: [worker], machine_id: gone });
    await e2e.admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: 3 });
    await e2e.admin.call('DELETE', `/api/machine/${gone}`);

    const board = e2e.page;
    await board.goto('/board');
    const tile = board.getByTestId('board-tile').filter({ hasText: '折り機 9号（削除済み）' });
    await tile.getByText('4310', { exact: false }).waitFor();
    await tile.getByRole('button', { name: '対応済み' }).click();
    await tile.getByTestId('board-call').waitFor({ state: 'detached', timeout: LIVE_MS });

    // Once the job is finished, the deleted machine has nothing left to show.
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 10, wound: 0, size: null, miss: null, other: null });
    await tile.waitFor({ state: 'detached', timeout: LIVE_MS });
  });

  it('reads the board again every minute with no event: a machine added shows, and no tile is drawn anew', async () => {
    await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '断裁機 10号' } });
    const board = e2e.page;
    await board.clock.install();
    await board.goto('/board');
    const tiles = board.getByTestId('board-tile');
    await tiles.first().waitFor();
    const firstTile = await tiles.first().elementHandle();
    await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '断裁機 8号' } });
    const added = tiles.filter({ hasText: '断裁機 8号' });
    await board.clock.runFor(BOARD_REREAD_MS - 5_000);
    expect(await added.count()).toBe(0);
    await board.clock.runFor(5_000);
    await added.waitFor({ timeout: LIVE_MS });
    expect(await firstTile!.evaluate((tile) => tile.isConnected)).toBe(true);
  });

  it('ticks 作業時間 in 段取り中 too, as the server counts it', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '森', first_name: '沙織' });
    const id = await startRecord(e2e.admin, { slip_no: '4320', employees: [worker] });
    await e2e.admin.call('POST', `/api/productcost/setup/start/${id}`);
    const board = e2e.page;
    await board.goto('/board');
    const job = board.getByTestId('board-job').filter({ hasText: '4320' });
    await job.getByText('段取り中', { exact: true }).waitFor();
    const worked = job.getByTestId('board-worked-time');
    const before = await worked.innerText();
    await expect.poll(() => worked.innerText(), { timeout: 3_000 }).not.toBe(before);
  });

  it('waits on 対応済み while it is out, sending it once, and takes a call answered meanwhile as done', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '清水', first_name: '勇気' });
    const id = await startRecord(e2e.admin, { slip_no: '4330', employees: [worker] });
    await e2e.admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: 3 });
    const board = e2e.page;
    await board.goto('/board');
    const call = board.getByTestId('board-job').filter({ hasText: '4330' }).getByTestId('board-call');
    const answerButton = call.getByRole('button', { name: '対応済み' });
    await answerButton.waitFor();

    // The answer is held until the call has been answered elsewhere (as on the work screen), so the board's gets 409.
    let sent = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await board.route('**/api/productcost/call/answer/*', async (route) => {
      sent += 1;
      await released;
      await e2e.admin.call('POST', new URL(route.request().url()).pathname);
      await route.continue();
    });
    e2e.expectRefusal(409, 'the call the board answers was answered elsewhere while its answer was out');
    await answerButton.click();
    await expect.poll(() => answerButton.isDisabled()).toBe(true);
    await answerButton.click({ force: true });
    // The board's answer comes after the call was answered elsewhere, whose event may clear the tile first.
    const refused = board.waitForResponse((response) => response.url().includes('/api/productcost/call/answer/'));
    release();
    expect((await refused).status()).toBe(409);
    await call.waitFor({ state: 'detached', timeout: LIVE_MS });
    expect(sent).toBe(1);
    expect(await board.getByRole('alert').count()).toBe(0);
  });

  it('says why 対応済み failed until the board reads again, and keeps the last board when a read fails', async () => {
    const worker = await addEmployee(e2e.admin, { last_name: '井上', first_name: '彩' });
    const id = await startRecord(e2e.admin, { slip_no: '4340', employees: [worker] });
    await e2e.admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: 3 });
    const board = e2e.page;
    await board.goto('/board');
    const job = board.getByTestId('board-job').filter({ hasText: '4340' });
    await job.getByTestId('board-call').waitFor();

    e2e.expectNoNetwork('the answer of a call is cut off once');
    await board.route('**/api/productcost/call/answer/*', (route) => route.abort('internetdisconnected'));
    await job.getByRole('button', { name: '対応済み' }).click();
    const failure = board.getByRole('alert').filter({ hasText: 'サーバーに接続できませんでした。' });
    await failure.waitFor();
    await board.unroute('**/api/productcost/call/answer/*');
    // Any work event makes the board read again: the message goes, the call stays as it is.
    await startRecord(e2e.admin, { slip_no: '4341', employees: [worker] });
    await board.getByTestId('board-job').filter({ hasText: '4341' }).waitFor({ timeout: LIVE_MS });
    expect(await failure.count()).toBe(0);
    expect(await job.getByTestId('board-call').count()).toBe(1);

    // A read that fails keeps the last board on screen, under the banner, rather than a load error in its place.
    await board.route('**/api/board*', (route) => route.abort('internetdisconnected'));
    await startRecord(e2e.admin, { slip_no: '4342', employees: [worker] });
    await board.getByText(DISCONNECTED).waitFor({ timeout: LIVE_MS });
    expect(await job.getByTestId('board-call').count()).toBe(1);
    expect(await board.getByText('読み込みに失敗しました。').count()).toBe(0);
    await board.unroute('**/api/board*');
    await startRecord(e2e.admin, { slip_no: '4343', employees: [worker] });
    await board.getByTestId('board-job').filter({ hasText: '4343' }).waitFor({ timeout: LIVE_MS });
    expect(await board.getByText(DISCONNECTED).count()).toBe(0);
  });

  it('goes back to the menu with 戻る', async () => {
    const board = await e2e.newPage();
    await board.goto('/board');
    await signIn(board);
    await board.getByRole('heading', { name: '現場モニター' }).waitFor();
    await board.getByRole('button', { name: '戻る' }).click();
    await board.getByRole('heading', { name: 'メニュー' }).waitFor();
  });

  it('shows the board full screen with 全画面 and leaves with 全画面を解除 or the browser’s own way out; no 全画面 where the browser has none', async () => {
    const board = await e2e.newPage();
    await board.goto('/board');
    await signIn(board);
    const inFullscreen = () => board.evaluate(() => document.fullscreenElement !== null);
    await board.getByRole('button', { name: '全画面', exact: true }).click();
    await expect.poll(inFullscreen).toBe(true);
    await board.getByRole('button', { name: '全画面を解除', exact: true }).click();
    await expect.poll(inFullscreen).toBe(false);
    await board.getByRole('button', { name: '全画面', exact: true }).click();
    await expect.poll(inFullscreen).toBe(true);
    await board.evaluate(() => document.exitFullscreen());
    await board.getByRole('button', { name: '全画面', exact: true }).waitFor();

    // Safari on an iPhone: a page cannot be shown full screen.
    const phone = await e2e.newPage();
    await phone.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    await phone.goto('/board');
    await signIn(phone);
    await phone.getByRole('button', { name: '戻る' }).waitFor();
    expect(await phone.getByRole('button', { name: /全画面/ }).count()).toBe(0);
  });

  it('shows a long machine name whole on a tablet held sideways', async () => {
    const { id } = await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '断裁機 1号（ポーラー 115 N-PRO）' } });
    const tablet = await e2e.newPage({ width: 1280, height: 800 });
    // Its tile alone, as wide as on the whole floor: the file's other machines put it on a later page there.
    await tablet.goto(`/board?machine_id=${String(id)}`);
    await signIn(tablet);
    const name = tablet.getByTestId('board-tile').getByText('断裁機 1号（ポーラー 115 N-PRO）', { exact: true });
    await name.waitFor();
    // Every character laid out on two lines (a third would be cut off by the clamp), none beyond the tile's edge.
    expect(await linesOf(name)).toHaveLength(2);
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

  it('puts a call first within a tile taller than a tablet’s screen, its 対応済み in sight without scrolling the tile', async () => {
    const { id: machine } = await e2e.admin.call('POST', '/api/machine', { machine: { id: null, name: '折り機 9号' } });
    const worker = await addEmployee(e2e.admin, { last_name: '石井', first_name: '学' });
    const records: number[] = [];
    for (const slip_no of ['4301', '4302', '4303', '4304']) {
      records.push(await startRecord(e2e.admin, { slip_no, employees: [worker], machine_id: Number(machine) }));
    }
    // The last job started calls: by their start it would be the tile's fourth, below its fold.
    await e2e.admin.call('POST', `/api/productcost/call/${records[3]!}`, { call_reason_id: QUALITY_CALL });
    const tablet = await e2e.newPage({ width: 1280, height: 800 });
    await tablet.goto(`/board?machine_id=${String(machine)}`);
    await signIn(tablet);
    const tile = tablet.getByTestId('board-tile');
    const answer = tile.getByTestId('board-call').getByRole('button', { name: '対応済み', exact: true });
    await answer.waitFor();
    // Four jobs and a call: the tile is cut to the screen and scrolls within itself, here at its top.
    expect(await tile.evaluate((element) => [element.scrollHeight > element.clientHeight, element.scrollTop])).toEqual([true, 0]);
    expect(await tile.getByTestId('board-job').first().innerText()).toContain('4304');
    const [button, cut] = [(await answer.boundingBox())!, (await tile.boundingBox())!];
    expect(button.y + button.height).toBeLessThanOrEqual(Math.min(cut.y + cut.height, 800));
    await answer.click();
    await tile.getByTestId('board-call').waitFor({ state: 'detached', timeout: LIVE_MS });
  });

  it('shows twenty machines on a 1920×1080 TV without scrolling, with calls in two rows', async () => {
    await onOwnServer(async (admin, board) => {
      await arrangeFloor(admin, fullFloor);
      await board.goto('/board');
      await signIn(board);
      await expect.poll(() => board.getByTestId('board-call').count()).toBe(2);
      expect(await board.getByTestId('board-tile').count()).toBe(TILES_PER_PAGE);
      // The calls' machines named, so that whoever goes knows where to, even with a tile on another page.
      expect(await board.getByTestId('board-summary').getByText(/^呼出/).innerText()).toBe('呼出 2：断裁機 3号・折り機 3号');
      const fit = await boardFit(board);
      expect(fit.scrollHeight).toBeLessThanOrEqual(fit.innerHeight);
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.innerWidth);
    });
  });

  it('turns its pages past twenty machines, and keeps the page for 30 s after a touch', async () => {
    await onOwnServer(async (admin, board) => {
      // No call anywhere: a call keeps the board to the pages with one (the next test).
      await arrangeFloor(admin, { ...fullFloor, jobs: fullFloor.jobs.map(({ call: _call, ...job }) => job) });
      await admin.call('POST', '/api/machine', { machine: { name: '断裁機 21号' } });
      await board.clock.install();
      await board.goto('/board');
      await signIn(board);
      const pageShown = board.getByText(/^\d \/ 2$/);
      await expect.poll(() => pageShown.innerText()).toBe('1 / 2');
      await board.clock.runFor(PAGE_TURN_MS);
      await expect.poll(() => pageShown.innerText()).toBe('2 / 2');
      expect(await board.getByTestId('board-tile').count()).toBe(1);

      // Someone at the board, about to answer a call: the page waits for them.
      await board.getByTestId('board-tile').click();
      await board.clock.runFor(PAGE_HOLD_MS - 5_000);
      expect(await pageShown.innerText()).toBe('2 / 2');
      await board.clock.runFor(5_000);
      await expect.poll(() => pageShown.innerText()).toBe('1 / 2');
      await board.clock.runFor(PAGE_TURN_MS);
      await expect.poll(() => pageShown.innerText()).toBe('2 / 2');
    });
  });

  it('shows the page of a new call at once, keeps to the pages with calls, and lets a touch finish first', async () => {
    await onOwnServer(async (admin, board) => {
      // The full floor's two calls on page 1, and a 21st machine on page 2 with a job and no call yet.
      await arrangeFloor(admin, fullFloor);
      const machine = Number((await admin.call('POST', '/api/machine', { machine: { name: '断裁機 21号' } })).id);
      const worker = await addEmployee(admin, { last_name: '森', first_name: '健' });
      const id = await startRecord(admin, { slip_no: '24-1321', employees: [worker], machine_id: machine });
      await board.clock.install();
      await board.goto('/board');
      await signIn(board);
      const pageShown = board.getByText(/^\d \/ 2$/);
      await expect.poll(() => pageShown.innerText()).toBe('1 / 2');
      // Page 2 has no call: the board stays with the calls rather than turn them away.
      await board.clock.runFor(PAGE_TURN_MS * 2);
      expect(await pageShown.innerText()).toBe('1 / 2');

      // A call on page 2 shows at once, not at the next turn.
      const calling = board.getByTestId('board-tile').filter({ hasText: '断裁機 21号' }).getByTestId('board-call');
      await admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: QUALITY_CALL });
      await calling.getByText('呼出 品質確認', { exact: false }).waitFor({ timeout: LIVE_MS });
      expect(await pageShown.innerText()).toBe('2 / 2');
      // Both pages have calls now: it turns between them.
      await board.clock.runFor(PAGE_TURN_MS);
      await expect.poll(() => pageShown.innerText()).toBe('1 / 2');

      // Someone at the board, about to answer the call on page 1: the page waits for them.
      await board.getByTestId('board-tile').getByText('断裁機 3号', { exact: true }).click();
      const calls = (await admin.call('GET', '/api/board')).jobs as Array<{ slip_no: string; call: { id: number } | null }>;
      await admin.call('POST', `/api/productcost/call/answer/${calls.find((job) => job.slip_no === '24-1321')!.call!.id}`);
      await admin.call('POST', `/api/productcost/call/${id}`, { call_reason_id: MAINTENANCE_CALL });
      await board.clock.runFor(PAGE_HOLD_MS - 5_000);
      expect(await pageShown.innerText()).toBe('1 / 2');
      await board.clock.runFor(5_000);
      await expect.poll(() => pageShown.innerText()).toBe('2 / 2');
      await calling.getByText('呼出 保全依頼', { exact: false }).waitFor();

      // One machine of page 1 chosen, then the whole floor again: the other machines' calls are not new,
      // so it opens at the first page with a call, as a board does, not at the newest call's on page 2.
      await choose(board, '加工機', '断裁機 3号');
      await expect.poll(() => board.getByTestId('board-tile').count()).toBe(1);
      await choose(board, '加工機', '断裁機 3号');
      await expect.poll(() => board.getByTestId('board-tile').count()).toBe(20);
      expect(await pageShown.innerText()).toBe('1 / 2');
    });
  });

  it('turns its pages rather than put a row below the screen when machines have three jobs at once, on the TV and on a tablet', async () => {
    await onOwnServer(async (admin, board) => {
      await arrangeFloor(admin, severalJobsFloor);
      await board.clock.install();
      const pageShown = board.getByText(/^\d+ \/ \d+$/);
      const screens = [
        { width: 1920, height: 1080 },
        { width: 1280, height: 800 },
      ];
      /** The page shown, once every tile of it is whole on the screen with nothing to scroll to: its number, machines, jobs and calls. */
      const fittingPage = async (viewport: (typeof screens)[number]) => {
        const page = await pageShown.innerText();
        const fit = await boardFit(board);
        const where = `${viewport.width}×${viewport.height}, page ${page}`;
        expect(fit.scrollHeight, where).toBeLessThanOrEqual(fit.innerHeight);
        expect(fit.scrollWidth).toBeLessThanOrEqual(fit.innerWidth);
        expect(fit.tilesTop).toBeGreaterThanOrEqual(0);
        expect(fit.tilesBottom, where).toBeLessThanOrEqual(fit.innerHeight);
        const [number, count] = page.split(' / ').map(Number) as [number, number];
        return {
          number,
          count,
          machines: fit.machines,
          jobs: await board.getByTestId('board-job').count(),
          calls: await board.getByTestId('board-call').count(),
        };
      };
      const turn = async (from: string) => {
        await board.clock.runFor(PAGE_TURN_MS);
        await expect.poll(() => pageShown.innerText()).not.toBe(from);
      };
      const callCount = severalJobsFloor.jobs.filter((job) => job.call).length;

      // With the calls open, the board turns only to the pages with one: each of them fits, and together they show every call.
      for (const viewport of screens) {
        await board.setViewportSize(viewport);
        await board.goto('/board');
        if (viewport === screens[0]) await signIn(board);
        await expect.poll(() => board.getByTestId('board-call').count()).toBeGreaterThan(0);
        let callsShown = 0;
        for (;;) {
          const page = await fittingPage(viewport);
          expect(page.count).toBeGreaterThanOrEqual(2);
          expect(page.calls).toBeGreaterThan(0);
          callsShown += page.calls;
          if (callsShown >= callCount) break;
          await turn(`${page.number} / ${page.count}`);
        }
        expect(callsShown).toBe(callCount);
      }

      // Answered, the calls leave every page to its turn: the pages together hold every machine once, in the board's order, and every job.
      const jobs = (await admin.call('GET', '/api/board')).jobs as Array<{ call: { id: number } | null }>;
      for (const job of jobs) if (job.call) await admin.call('POST', `/api/productcost/call/answer/${job.call.id}`);
      for (const viewport of screens) {
        await board.setViewportSize(viewport);
        await board.goto('/board');
        await board.getByTestId('board-tile').first().waitFor();
        expect(await board.getByTestId('board-call').count()).toBe(0);
        const pages = [await fittingPage(viewport)];
        while (pages.length < pages[0]!.count) {
          await turn(`${pages.at(-1)!.number} / ${pages[0]!.count}`);
          pages.push(await fittingPage(viewport));
        }
        expect(pages.map((page) => page.number)).toEqual(pages.map((_, index) => index + 1));
        expect(pages.flatMap((page) => page.machines)).toEqual(severalJobsFloor.machines);
        expect(pages.reduce((jobs, page) => jobs + page.jobs, 0)).toBe(severalJobsFloor.jobs.length);
        await turn(`${pages.length} / ${pages.length}`);
        await expect.poll(() => pageShown.innerText()).toBe(`1 / ${pages.length}`);
      }
    });
  });

  it('keeps twenty machines on the TV with an interruption told in 200 characters, in two lines', async () => {
    await onOwnServer(async (admin, board) => {
      await arrangeFloor(admin, longReasonFloor);
      await board.goto('/board');
      await signIn(board);
      const reason = board.getByTestId('board-tile').filter({ hasText: '折り機 3号' }).getByTitle(LONG_REASON);
      await reason.waitFor();
      // Two lines of its own height, the rest cut off behind an ellipsis (the whole of it in the title).
      const lines = await reason.evaluate(
        (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
      );
      expect(Math.round(lines)).toBe(2);
      const fit = await boardFit(board);
      expect(fit.scrollHeight).toBeLessThanOrEqual(fit.innerHeight);
    });
  });

  it('says the connection is lost while the server is down, and shows what is current once it is back', async () => {
    // A server of this test's own, stopped and started again on the same port and data, so that the
    // file's server goes on serving the other tests.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kosu-board-'));
    let server = await startServer({}, { dataDir });
    try {
      const admin = await apiSession(server.baseUrl);
      const worker = await addEmployee(admin, { last_name: '田中', first_name: '花子' });
      const id = await startRecord(admin, { slip_no: '4200', employees: [worker] });
      const board = await e2e.newPage(undefined, server.baseUrl);
      await board.goto('/board');
      await signIn(board);
      const job = board.getByTestId('board-job').filter({ hasText: '4200' });
      await job.getByText('作業中', { exact: true }).waitFor();

      e2e.expectConnectionLoss('the board retries its event stream while the server is stopped');
      // The server is started again only once the board has tried to reconnect and found nobody: a
      // start quicker than the board's first retry would leave nothing to retry against.
      const refusedRetry = board.waitForEvent('requestfailed', { predicate: (request) => request.url().includes('/api/events') });
      await server.stop();
      await board.getByText(DISCONNECTED).waitFor();
      await refusedRetry;
      // While it is down, the record changes behind the board's back (as a correction on another
      // process would): nothing will tell the board but its reread once it is connected again.
      const database = new Database(path.join(dataDir, 'app.db'));
      database
        .prepare('insert into setup_times (product_cost_id, started_on, finished_on, opened_by, closed_by) values (?, ?, null, null, null)')
        .run(id, new Date().toISOString());
      database.close();

      server = await startServer({}, { dataDir, port: server.port });
      // The back-off has reached a few seconds by now; the banner goes at the first attempt that connects.
      await board.getByText(DISCONNECTED).waitFor({ state: 'detached', timeout: 20_000 });
      await job.getByText('段取り中', { exact: true }).waitFor({ timeout: LIVE_MS });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
