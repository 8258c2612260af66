import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { workMessages } from '../src/domain/product-cost.ts';
import { addEmployee, apiSession, startRecord, twoHoursAgo, withStaleAfterOneHour, type ApiSession } from './support/api.ts';
import { answerDialog, nextRead, signIn, slowAnswers } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

let worker: ApiSession;
let workerIds: number[];

const WORKER = { userName: 'sato', password: 'sato-pass' };
const WORK_BUTTONS = ['開始', '段取り', '段取り中...', '中断', '再開', '終業', '始業', '終了'];

const e2e = e2eSuite({
  arrange: async (admin) => {
    workerIds = [
      await addEmployee(admin, { last_name: '佐藤', first_name: '花子', login: WORKER }),
      await addEmployee(admin, { last_name: '鈴木', first_name: '一郎' }),
    ];
    await admin.call('POST', '/api/machine', { machine: { name: '断裁機 1号' } });
    await admin.call('POST', '/api/company', { company: { name: '山本印刷', phonetic_name: 'ヤマモトインサツ' } });
  },
});
beforeAll(async () => {
  worker = await apiSession(e2e.server.baseUrl, WORKER.userName, WORKER.password);
});

const pathname = (on: Page = e2e.page) => new URL(on.url()).pathname;
const button = (name: string, on: Page = e2e.page) => on.getByRole('button', { name, exact: true });
const stateName = (on: Page = e2e.page) => on.getByTestId('work-state').innerText();
/** 終了's question as a dialog reads when 良品数 is empty: the warning in red above it. */
const withoutGoodCount = (question: string) => `${workMessages.finishWithoutGoodCount}\n\n${question}`;

/** The work buttons that can be pressed now, in screen order. */
async function enabledButtons(on: Page = e2e.page): Promise<string[]> {
  const enabled: string[] = [];
  for (const name of WORK_BUTTONS) {
    const candidate = button(name, on);
    if ((await candidate.count()) > 0 && (await candidate.isEnabled())) enabled.push(name);
  }
  return enabled;
}

async function expectState(name: string, enabled: string[], on: Page = e2e.page): Promise<void> {
  await expect.poll(() => stateName(on)).toBe(name);
  // Polled: after a press answered at once the buttons wait out a double tap's second tap first.
  await expect.poll(() => enabledButtons(on)).toEqual(enabled);
}

/** Opens the keypad of a field by its label, presses the keys, then OK. */
async function keypad(label: string, keys: string[], on: Page = e2e.page): Promise<void> {
  await on.getByLabel(label, { exact: label === 'その他' }).click();
  const pad = on.getByRole('dialog', { name: label });
  for (const key of keys) await pad.getByRole('button', { name: key, exact: true }).click();
  await pad.getByRole('button', { name: 'OK', exact: true }).click();
  await pad.waitFor({ state: 'hidden' });
}

/** A select by its label. (Mantine labels the select's option list with it too, so not getByLabel.) */
const select = (label: string, on: Page = e2e.page) => on.getByRole('combobox', { name: label });

async function choose(label: string, option: string, on: Page = e2e.page): Promise<void> {
  await select(label, on).click();
  await on.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => select(label, on).inputValue()).toBe(option);
}

/**
 * The closing message of 終業 or 終了, whose OK goes one step back, to `previous`. (answerDialog
 * would keep watching the dialog on a page that was left.)
 */
async function answerLeaving(previous: string, on: Page = e2e.page): Promise<string> {
  const dialog = on.getByRole('dialog');
  await dialog.waitFor();
  const text = await dialog.getByRole('alert').innerText();
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await expect.poll(() => pathname(on)).toBe(previous);
  return text;
}

/** The alert the press brings up: its text, after which it is closed with OK. */
async function pressFor(name: string, on: Page = e2e.page): Promise<string> {
  await button(name, on).click();
  return answerDialog(on);
}

async function signedIn(on: Page = e2e.page): Promise<void> {
  await on.goto('/');
  await signIn(on, WORKER.userName, WORKER.password);
  await on.getByRole('heading', { name: 'メニュー' }).waitFor();
}

/** A record started through the API by the worker: 断裁 / 全断 on A4. */
async function startedRecord(): Promise<number> {
  return startRecord(worker, { slip_no: '900', employees: [workerIds[0]!], paper_size_id: 2 });
}

describe('作業時間管理', () => {
  it('records a whole job: checks, start, setup, interruptions, end of day, start of day, counts and finish', async () => {
    await signedIn();
    await e2e.page.getByRole('link', { name: '作業時間管理' }).click();
    await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    await button('作業開始').click();
    await e2e.page.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
    expect(pathname()).toBe('/product_cost/create');
    await expectState('未開始', ['開始']);

    // 開始 names the first missing field, in the order of docs/PRODUCT.md#work-screen, as the fields are filled one by one.
    expect(await pressFor('開始')).toBe(workMessages.slipNoRequired);
    await keypad('作業伝票No', ['1', '2', '-', '3', '4']);
    expect(await e2e.page.getByLabel('作業伝票No').inputValue()).toBe('12-34');
    // The signed-in worker comes ticked; without any worker 開始 says so.
    expect(await e2e.page.getByRole('checkbox', { name: '佐藤 花子' }).isChecked()).toBe(true);
    await e2e.page.getByRole('checkbox', { name: '佐藤 花子' }).click();
    expect(await pressFor('開始')).toBe(workMessages.workersRequired);
    await e2e.page.getByRole('checkbox', { name: '佐藤 花子' }).click();
    await e2e.page.getByLabel('鈴木 一郎').click();
    await expect.poll(() => e2e.page.getByRole('checkbox', { name: '鈴木 一郎' }).isChecked()).toBe(true);
    expect(await pressFor('開始')).toBe(workMessages.paperSizeRequired);
    await choose('用紙サイズ', 'A4');
    expect(await pressFor('開始')).toBe(workMessages.processingRequired);
    expect(await select('詳細').isDisabled()).toBe(true);
    await choose('加工内容', '断裁');
    expect(await pressFor('開始')).toBe(workMessages.processingRequired);
    // Only the chosen processing's details are offered, and another processing clears the detail.
    await select('詳細').click();
    await expect.poll(() => e2e.page.getByRole('option').allInnerTexts()).toEqual(['全断', '仕上げ断裁']);
    await e2e.page.getByRole('option', { name: '全断' }).click();
    await choose('加工内容', '折り');
    await expect.poll(() => select('詳細').inputValue()).toBe('');
    await choose('詳細', '三つ折り');
    await choose('加工機', '断裁機 1号');
    await choose('会社', '山本印刷');

    await button('開始').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    expect(pathname()).toMatch(/^\/product_cost\/resume\/\d+$/);
    const id = Number(pathname().split('/').at(-1));
    expect(await e2e.page.getByLabel('作業伝票No').isDisabled()).toBe(true);
    for (const label of ['用紙サイズ', '加工内容', '詳細', '加工機', '会社']) expect(await select(label).isDisabled(), label).toBe(true);
    expect(await e2e.page.getByRole('checkbox', { name: '佐藤 花子' }).isDisabled()).toBe(true);

    // While a call is in flight the screen is 停止中 and nothing can be pressed: one press, one record.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let setupCalls = 0;
    await e2e.page.route('**/api/productcost/setup/start/*', async (route) => {
      setupCalls += 1;
      await held;
      await route.continue();
    });
    await button('段取り').click();
    await expectState('停止中', []);
    await expect.poll(() => button('戻る').isDisabled()).toBe(true);
    release();
    await expectState('段取り中', ['段取り中...', '中断', '終業']);
    expect(setupCalls).toBe(1);
    await e2e.page.unroute('**/api/productcost/setup/start/*');

    // 中断 needs a reason: pressed without one, it asks, with a button for each; キャンセル leaves the job as it was.
    await button('中断').click();
    const picker = e2e.page.getByRole('dialog');
    expect(await picker.getByRole('alert').innerText()).toBe(workMessages.interruptionRequired);
    expect(await picker.getByRole('button').allInnerTexts()).toEqual([
      '材料待ち',
      '機械故障',
      '打ち合わせ',
      '清掃',
      'その他',
      'キャンセル',
    ]);
    await picker.getByRole('button', { name: 'キャンセル', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await expectState('段取り中', ['段取り中...', '中断', '終業']);
    expect(await e2e.page.getByLabel('その他の内容').count()).toBe(0);
    // その他 tapped there is chosen, and asks for its text before 中断.
    await button('中断').click();
    await picker.getByRole('button', { name: 'その他', exact: true }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => select('中断内容').inputValue()).toBe('その他');
    await expectState('段取り中', ['段取り中...', '中断', '終業']);
    expect(await pressFor('中断')).toBe(workMessages.interruptionOtherRequired);
    await e2e.page.getByLabel('その他の内容').fill('紙詰まり');
    await button('中断').click();
    await expectState('段取り中断', ['再開', '終業']);
    await expect.poll(() => select('中断内容').isDisabled()).toBe(true);
    await button('再開').click();
    await expectState('段取り中', ['段取り中...', '中断', '終業']);
    await expect.poll(() => select('中断内容').inputValue()).toBe('');
    expect(await e2e.page.getByLabel('その他の内容').count()).toBe(0);
    await button('段取り中...').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);

    // Any other reason tapped in the question interrupts at once.
    await button('中断').click();
    await picker.getByRole('button', { name: '材料待ち', exact: true }).click();
    await expectState('作業中断', ['再開', '終業']);
    expect(await select('中断内容').inputValue()).toBe('材料待ち');
    await button('再開').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);

    // A cancelled confirmation changes nothing; confirmed, 終業 saves and goes back.
    await button('終業').click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(workMessages.confirmNowork);
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    await button('終業').click();
    expect(await answerDialog(e2e.page)).toBe(workMessages.confirmNowork);
    expect(await answerLeaving('/product_cost')).toBe(workMessages.noworkDone);
    await e2e.page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();

    // The next morning: resumed at 終業, only 始業 can be pressed, and the job is fixed.
    await e2e.page.goto(`/product_cost/resume/${id}`);
    await expectState('終業', ['始業']);
    expect(await e2e.page.getByLabel('作業伝票No').inputValue()).toBe('12-34');
    expect(await select('詳細').inputValue()).toBe('三つ折り');
    expect(await e2e.page.getByLabel('作業伝票No').isDisabled()).toBe(true);
    for (const label of ['用紙サイズ', '加工内容', '詳細']) expect(await select(label).isDisabled(), label).toBe(true);
    expect(await e2e.page.getByRole('checkbox').count()).toBe(2);
    await button('始業').click();
    expect(await answerDialog(e2e.page)).toBe(workMessages.confirmStartOfDay);
    expect(await answerDialog(e2e.page)).toBe(workMessages.startOfDayDone);
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);

    // Counts on keypads: the hyphen is off, closing without OK keeps the value, totals follow.
    await keypad('良品数', ['2', '0', '0']);
    await e2e.page.getByLabel('キズ', { exact: true }).click();
    const pad = e2e.page.getByRole('dialog', { name: 'キズ' });
    await expect.poll(() => pad.getByRole('button', { name: '-', exact: true }).isDisabled()).toBe(true);
    await pad.getByRole('button', { name: '9', exact: true }).click();
    await pad.getByRole('button', { name: '閉じる' }).click();
    await pad.waitFor({ state: 'hidden' });
    await expect.poll(() => e2e.page.getByLabel('キズ', { exact: true }).inputValue()).toBe('');
    await keypad('キズ', ['3']);
    await keypad('サイズミス', ['2']);
    await keypad('ポカミス', ['1']);
    await keypad('その他', ['4']);
    expect(await e2e.page.getByLabel('不良数合計').inputValue()).toBe('10');
    expect(await e2e.page.getByLabel('不良率').inputValue()).toBe('5.0%');
    // The first key replaces the shown value; ⌫ edits it.
    await keypad('良品数', ['1', '2', '5']);
    expect(await e2e.page.getByLabel('不良率').inputValue()).toBe('8.0%');
    // A count of thousands reads with its thousands grouped.
    await keypad('良品数', ['1', '2', '0', '0', '0']);
    expect(await e2e.page.getByLabel('良品数').inputValue()).toBe('12,000');
    await keypad('良品数', ['1文字消す', '1文字消す', '1文字消す', '1文字消す', '0']);
    expect(await e2e.page.getByLabel('良品数').inputValue()).toBe('10');
    await keypad('良品数', ['1', '2', '0']);
    expect(await e2e.page.getByLabel('良品数').inputValue()).toBe('120');
    expect(await e2e.page.getByLabel('不良率').inputValue()).toBe('8.3%');

    await button('終了').click();
    expect(await answerDialog(e2e.page)).toBe(workMessages.confirmFinish);
    expect(await answerLeaving('/product_cost')).toBe('登録しました。');
    const record = await worker.call('GET', `/api/productcost/${id}`);
    expect(record).toMatchObject({
      state: 0,
      superior: 120,
      wound: 3,
      size: 2,
      miss: 1,
      other: 4,
      total_defective: 10,
      defective_rate: 8.3,
    });
    expect(record.finished_on).not.toBeNull();
    // The longest journey of the suite, about 30 s on a quiet machine: twice the suite's minute, so
    // that a fresh machine still installing and building beside it does not cut it off.
  }, 120_000);

  it('shows 作業時間 from 開始 and ticking, この状態 while interrupted, and 作業時間 standing still in 終業', async () => {
    const page = e2e.page;
    await page.clock.install();
    await signedIn();
    await page.goto('/product_cost/create');
    await expectState('未開始', ['開始']);
    expect(await page.getByTestId('work-worked-time').count()).toBe(0);
    await keypad('作業伝票No', ['7', '7', '1']);
    await choose('用紙サイズ', 'A4');
    await choose('加工内容', '断裁');
    await choose('詳細', '全断');
    await button('開始').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    const worked = page.getByTestId('work-worked-time');
    const held = page.getByTestId('work-held-time');
    await expect.poll(() => worked.innerText()).toMatch(/^作業時間 0:00:0\d$/);
    expect(await held.count()).toBe(0);
    await page.clock.runFor(65_000);
    await expect.poll(() => worked.innerText()).toMatch(/^作業時間 0:01:0\d$/);

    // 中断: この状態 counts the interruption from 0, and 作業時間 goes on (an interruption is worked time).
    await button('中断').click();
    await page.getByRole('dialog').getByRole('button', { name: '清掃', exact: true }).click();
    await expectState('作業中断', ['再開', '終業']);
    await expect.poll(() => held.innerText()).toMatch(/^この状態 0:00:0\d$/);
    await page.clock.runFor(120_000);
    await expect.poll(() => held.innerText()).toMatch(/^この状態 0:02:0\d$/);
    await expect.poll(() => worked.innerText()).toMatch(/^作業時間 0:03:\d\d$/);
    await button('再開').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    await expect.poll(() => held.count()).toBe(0);

    // Resumed in 終業 the figure reads as the server measured it (by its own clock, which the page's fake
    // one did not move: seconds), and stands still.
    const id = Number(pathname().split('/').at(-1));
    await worker.call('POST', `/api/productcost/nowork/start/${id}`, { superior: null, wound: null, size: null, miss: null, other: null });
    await page.reload();
    await expectState('終業', ['始業']);
    const stopped = await worked.innerText();
    expect(stopped).toMatch(/^作業時間 0:00:\d\d$/);
    await page.clock.runFor(120_000);
    expect(await worked.innerText()).toBe(stopped);
    expect(await held.count()).toBe(0);
  });

  it('reads 作業時間 of a job resumed as the server counts it: two hours from a 開始 two hours ago', async () => {
    const id = await startRecord(worker, { slip_no: '772', employees: [workerIds[0]!], pressed_at: twoHoursAgo() });
    await signedIn();
    await e2e.page.goto(`/product_cost/resume/${id}`);
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    const worked = e2e.page.getByTestId('work-worked-time');
    await expect.poll(() => worked.innerText()).toMatch(/^作業時間 2:00:\d\d$/);
    const before = await worked.innerText();
    await expect.poll(() => worked.innerText(), { timeout: 3_000 }).not.toBe(before);
  });

  it('lets exactly one of two tablets interrupt, and shows the other the true state', async () => {
    const id = await startedRecord();
    const second = await e2e.newPage();
    for (const tablet of [e2e.page, second]) {
      await signedIn(tablet);
      await tablet.goto(`/product_cost/resume/${id}`);
      await expectState('作業中', ['段取り', '中断', '終業', '終了'], tablet);
    }
    await choose('中断内容', '材料待ち', e2e.page);
    await button('中断', e2e.page).click();
    await expectState('作業中断', ['再開', '終業'], e2e.page);

    await choose('中断内容', '清掃', second);
    e2e.expectRefusal(409, 'the second tablet’s 中断 comes too late and is refused with 409');
    expect(await pressFor('中断', second)).toBe(workMessages.notAllowedNow);
    await expectState('作業中断', ['再開', '終業'], second);
    expect(await select('中断内容', second).inputValue()).toBe('材料待ち');
  });

  it('finishes once when two tablets press 終了 together', async () => {
    const id = await startedRecord();
    const tablets = [e2e.page, await e2e.newPage()];
    for (const tablet of tablets) {
      await signedIn(tablet);
      await tablet.goto(`/product_cost/resume/${id}`);
      await expectState('作業中', ['段取り', '中断', '終業', '終了'], tablet);
      await button('終了', tablet).click();
      await tablet.getByRole('dialog').waitFor();
    }
    e2e.expectRefusal(409, 'the later of the two 終了 is refused with 409');
    // Both confirmations are answered at once; each tablet then shows its outcome.
    const outcomes = await Promise.all(
      tablets.map(async (tablet) => {
        await answerDialog(tablet);
        await tablet.getByRole('dialog').waitFor();
        return tablet.getByRole('dialog').getByRole('alert').innerText();
      }),
    );
    expect([...outcomes].sort()).toEqual(['登録しました。', workMessages.notAllowedNow].sort());
    const winner = tablets[outcomes.indexOf('登録しました。')]!;
    const loser = tablets[outcomes.indexOf(workMessages.notAllowedNow)]!;
    // Opened from its address, the screen has no step back within the app: the list stands in.
    expect(await answerLeaving('/product_cost', winner)).toBe('登録しました。');
    expect(await answerDialog(loser)).toBe(workMessages.notAllowedNow);
    await expectState('完了', [], loser);
  });

  it('marks a job left without an action 要確認, and says before 終了 that the time since will count as work', async () => {
    const id = await startRecord(worker, { slip_no: '901', employees: [workerIds[0]!], paper_size_id: 2, pressed_at: twoHoursAgo() });
    await withStaleAfterOneHour(e2e.admin, async () => {
      await signedIn();
      await e2e.page.goto(`/product_cost/resume/${id}`);
      await expectState('作業中', ['段取り', '中断', '終業', '終了'], e2e.page);
      const staleMark = e2e.page.getByTestId('work-stale');
      expect(await staleMark.innerText()).toBe('要確認');

      await button('終了').click();
      expect(await answerDialog(e2e.page, 'キャンセル')).toBe(withoutGoodCount(workMessages.confirmStaleFinish));
      await expectState('作業中', ['段取り', '中断', '終業', '終了']);

      // A press is an action: from it on, the job is as fresh as its last press.
      await button('段取り').click();
      await expectState('段取り中', ['段取り中...', '中断', '終業']);
      await staleMark.waitFor({ state: 'detached' });
      await button('段取り中...').click();
      await expectState('作業中', ['段取り', '中断', '終業', '終了']);
      await button('終了').click();
      expect(await answerDialog(e2e.page, 'キャンセル')).toBe(withoutGoodCount(workMessages.confirmFinish));
    });
  });

  it('warns before 終了 when 良品数 is empty, and finishes as asked; with 良品数 given (0 too) it asks the question alone', async () => {
    const id = await startRecord(worker, { slip_no: '902', employees: [workerIds[0]!], paper_size_id: 2 });
    await signedIn();
    await e2e.page.goto(`/product_cost/resume/${id}`);
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    const warning = e2e.page.getByRole('dialog').getByText(workMessages.finishWithoutGoodCount, { exact: true });

    // キャンセル leaves the job as it was, for the count to be entered.
    await button('終了').click();
    await warning.waitFor();
    expect(await warning.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(224, 49, 49)');
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(withoutGoodCount(workMessages.confirmFinish));
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    await keypad('良品数', ['0']);
    await button('終了').click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(workMessages.confirmFinish);

    // A job whose good sheets were not counted can still be finished: OK records it without them.
    await keypad('良品数', ['1文字消す']);
    await button('終了').click();
    expect(await answerDialog(e2e.page)).toBe(withoutGoodCount(workMessages.confirmFinish));
    expect(await answerLeaving('/product_cost')).toBe('登録しました。');
    expect(await worker.call('GET', `/api/productcost/${id}`)).toMatchObject({ state: 0, superior: null });
  });

  it('fills a new job’s 用紙サイズ and 会社 from its slip’s last job and says so, leaving what the worker chose', async () => {
    const companies = (await e2e.admin.call('GET', '/api/company')) as unknown as Array<{ id: number; name: string }>;
    const paperSizes = (await e2e.admin.call('GET', '/api/paper_size')) as unknown as Array<{ id: number; name: string }>;
    const [printed, cut] = [paperSizes[1]!, paperSizes[0]!];
    const customer = companies.find((company) => company.name === '山本印刷')!;
    await startRecord(worker, { slip_no: '24-1187', employees: [workerIds[0]!], paper_size_id: printed.id, company_id: customer.id });
    await signedIn();
    /** A new job's slip typed on its keypad, once the screen has the answer of the slip's last job. */
    const newJobOf = async (slip: string, chooseFirst?: () => Promise<void>) => {
      await e2e.page.goto('/product_cost/create');
      await chooseFirst?.();
      const answered = nextRead(e2e.page, '/api/productcost/slip_defaults');
      await keypad('作業伝票No', [...slip]);
      await answered;
    };
    const note = e2e.page.getByText(/^この伝票の前回の作業から/);

    await newJobOf('24-1187');
    expect(await note.innerText()).toBe('この伝票の前回の作業から用紙サイズと会社を入れました。');
    expect(await select('用紙サイズ').inputValue()).toBe(printed.name);
    expect(await select('会社').inputValue()).toBe('山本印刷');
    // The slip was mistyped: another one (1187 is not 24-1187), never worked, takes back what the first filled.
    const answered = nextRead(e2e.page, '/api/productcost/slip_defaults');
    await keypad('作業伝票No', [...'1187']);
    await answered;
    await expect.poll(() => select('会社').inputValue()).toBe('');
    expect(await select('用紙サイズ').inputValue()).toBe('');
    expect(await note.count()).toBe(0);

    // The worker chose the cut size first: only the customer comes from the slip.
    await newJobOf('24-1187', () => choose('用紙サイズ', cut.name));
    expect(await note.innerText()).toBe('この伝票の前回の作業から会社を入れました。');
    expect(await select('用紙サイズ').inputValue()).toBe(cut.name);
    expect(await select('会社').inputValue()).toBe('山本印刷');

    // An answer that comes while 開始 is being sent fills nothing: the press took the fields as they were.
    await e2e.page.goto('/product_cost/create');
    await choose('用紙サイズ', cut.name);
    await choose('加工内容', '断裁');
    await choose('詳細', '全断');
    const slipAnswer = await slowAnswers(e2e.page, '**/api/productcost/slip_defaults?*', 1_000);
    const startAnswer = await slowAnswers(e2e.page, '**/api/productcost/start', 3_000);
    await keypad('作業伝票No', [...'24-1187']);
    await button('開始').click();
    await slipAnswer();
    await startAnswer();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    expect(await select('会社').inputValue()).toBe('');
    expect(await note.count()).toBe(0);
    const started = Number(pathname().split('/').at(-1));
    expect((await worker.call('GET', `/api/productcost/${started}`)).company_id).toBeNull();
  });

  it('shows why a record did not load, with a way to try again', async () => {
    await signedIn();
    e2e.expectRefusal(404, 'the record asked for does not exist');
    await e2e.page.goto('/product_cost/resume/999999');
    const alert = e2e.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(workMessages.recordNotFound);
    expect(await button('再読み込み').isVisible()).toBe(true);
    await e2e.page.goto('/product_cost/resume/abc');
    await e2e.page.getByText('ページが見つかりません。').waitFor();
  });

  it('closes up the job’s fields after 開始 on an upright tablet, so that the state, times, buttons and counts fit without scrolling', async () => {
    const page = e2e.page;
    await page.setViewportSize({ width: 800, height: 1280 });
    await signedIn();
    await page.goto('/product_cost/create');
    await keypad('作業伝票No', ['7', '7', '3']);
    await page.getByLabel('鈴木 一郎').click();
    await choose('用紙サイズ', 'A4');
    await choose('加工内容', '断裁');
    await choose('詳細', '全断');
    await choose('加工機', '断裁機 1号');
    await choose('会社', '山本印刷');
    await button('開始').click();
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const viewport = page.viewportSize()!;
    const onScreen = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.y, what).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, what).toBeLessThanOrEqual(viewport.height);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(viewport.width);
    };
    for (const label of ['良品数', 'キズ', 'サイズミス', 'ポカミス', 'その他']) {
      await onScreen(label, await page.getByLabel(label, { exact: true }).boundingBox());
    }
    for (const name of ['段取り', '中断', '終業', '終了']) await onScreen(name, await button(name).boundingBox());
    await onScreen('作業時間', await page.getByTestId('work-worked-time').boundingBox());
    // Every field is still there to read, in full-strength text, fixed.
    expect(await page.getByLabel('作業伝票No').inputValue()).toBe('773');
    for (const [label, value] of [
      ['用紙サイズ', 'A4'],
      ['加工内容', '断裁'],
      ['詳細', '全断'],
      ['加工機', '断裁機 1号'],
      ['会社', '山本印刷'],
    ]) {
      expect(await select(label!).inputValue(), label).toBe(value);
      expect(await select(label!).isDisabled(), label).toBe(true);
    }
    expect(await page.getByRole('checkbox', { name: '鈴木 一郎' }).isChecked()).toBe(true);
    expect(await button('スキャン').count()).toBe(0);
  });

  it.each([
    [1280, 800],
    [800, 1280],
  ])('fits a 10-inch tablet at %i×%i with large touch targets', async (width, height) => {
    const id = await startedRecord();
    await e2e.page.setViewportSize({ width, height });
    await signedIn();
    await e2e.page.goto(`/product_cost/resume/${id}`);
    await expectState('作業中', ['段取り', '中断', '終業', '終了']);
    expect(await e2e.page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    for (const name of [...WORK_BUTTONS.filter((name) => !['段取り中...', '始業'].includes(name)), '戻る']) {
      expect((await button(name).boundingBox())!.height, name).toBeGreaterThanOrEqual(48);
    }
    expect((await e2e.page.getByLabel('良品数').boundingBox())!.height).toBeGreaterThanOrEqual(48);
    for (const label of ['用紙サイズ', '中断内容']) expect((await select(label).boundingBox())!.height, label).toBeGreaterThanOrEqual(48);
    await e2e.page.getByLabel('良品数').click();
    const keypad = e2e.page.getByRole('dialog', { name: '良品数' });
    // Measured once the keypad has finished opening: it grows into place.
    const heightOf = async (name: string) => (await keypad.getByRole('button', { name, exact: true }).boundingBox())?.height ?? 0;
    await expect.poll(() => heightOf('5')).toBeGreaterThanOrEqual(60);
    await expect.poll(() => heightOf('閉じる')).toBeGreaterThanOrEqual(48);
  });
});
