import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatEditTime } from '../src/domain/edit-time.ts';
import { messages } from '../src/domain/messages.ts';
import { editMessages, type EditRecord } from '../src/domain/product-cost-edit.ts';
import { addEmployee, startRecord, twoHoursAgo, withStaleAfterOneHour } from './support/api.ts';
import { answerDialog, nextRead, signIn, slowAnswers } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

let workerId: number;

const WORKER = { userName: 'kato', password: 'kato-pass' };
const DAY = '2026/11/21';

const e2e = e2eSuite({
  arrange: async (admin) => {
    workerId = await addEmployee(admin, { last_name: '加藤', first_name: '次郎', login: WORKER });
    await addEmployee(admin, { last_name: '木村', first_name: '三郎' });
  },
});

const pathname = (on: Page = e2e.page) => new URL(on.url()).pathname;
const button = (name: string, on: Page = e2e.page) => on.getByRole('button', { name, exact: true });
const showPath = (id: number) => `/product_cost/show/${id}`;

/** A finished record, started and finished through the API: 断裁 / 全断 on A3, 良品数 100. */
async function finishedRecord(slip_no: string): Promise<number> {
  const id = await startRecord(e2e.admin, { slip_no, employees: [workerId] });
  await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
  return id;
}

/** A finished record whose times are typed: from 08:00 to `finish` on DAY. */
async function timedRecord(slip_no: string, finish: string): Promise<number> {
  const id = await finishedRecord(slip_no);
  const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
  await e2e.admin.call('PUT', `/api/productcost/${id}`, {
    productcost: { ...record, employees: [workerId], started_on: `${DAY} 08:00`, finished_on: `${DAY} ${finish}` },
  });
  return id;
}

async function signedIn(on: Page = e2e.page, user: { userName: string; password: string } | undefined = undefined): Promise<void> {
  await on.goto('/');
  await signIn(on, user?.userName, user?.password);
  await on.getByRole('heading', { name: 'メニュー' }).waitFor();
}

async function opened(id: number, on: Page = e2e.page): Promise<void> {
  await on.goto(showPath(id));
  await on.getByLabel('作業開始時間').waitFor();
}

/** Opens the keypad of a field by its label, presses the keys, then OK. */
async function keypad(label: string, keys: string[], on: Page = e2e.page): Promise<void> {
  await field(label, on).click();
  const pad = on.getByRole('dialog', { name: label });
  for (const key of keys) await pad.getByRole('button', { name: key, exact: true }).click();
  await pad.getByRole('button', { name: 'OK', exact: true }).click();
  await pad.waitFor({ state: 'hidden' });
}

/** 保存する, and the text of the alert it brings up (closed with OK). */
async function save(on: Page = e2e.page): Promise<string> {
  await button('保存する', on).click();
  return answerDialog(on);
}

/** The input of a label, exactly: 中断 1 の中断開始 is not 段取り 1 の段取り中断 1 の中断開始. A 必須 mark may follow. */
const field = (label: string, on: Page = e2e.page) => on.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));
const value = (label: string, on: Page = e2e.page) => field(label, on).inputValue();
/** What the editor's head shows for a term (状態, 作業日), read-only. */
const shown = (term: string, on: Page = e2e.page) => on.locator(`dt:text-is("${term}") + dd`);
/** The accessible name of the input with the cursor in it. */
const focusedField = () => e2e.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
const fill = (label: string, text: string, on: Page = e2e.page) => field(label, on).fill(text);
const choose = (label: string, option: string, on: Page = e2e.page) => field(label, on).selectOption({ label: option });
const chosen = (label: string, on: Page = e2e.page) =>
  field(label, on).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');

describe('作業記録の編集', () => {
  it('shows the record with every label in the documented order, and 戻る, 保存する and the delete button', async () => {
    const id = await finishedRecord('4100');
    await signedIn();
    await opened(id);
    expect(await shown('状態').innerText()).toBe('完了');
    expect(await shown('作業日').innerText()).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    expect(await value('作業伝票No')).toBe('4100');
    expect(await e2e.page.getByRole('checkbox', { name: '加藤 次郎' }).isChecked()).toBe(true);
    expect(await e2e.page.getByRole('checkbox', { name: '木村 三郎' }).isChecked()).toBe(false);
    expect([
      await chosen('用紙サイズ'),
      await chosen('加工内容'),
      await chosen('詳細'),
      await chosen('加工機'),
      await chosen('会社'),
    ]).toEqual(['A3', '断裁', '全断', '', '']);
    expect(await value('作業開始時間')).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await value('良品数')).toBe('100');
    expect(await value('不良数合計')).toBe('0');
    expect(await value('不良率')).toBe('0.0%');
    // 用紙サイズ offers an empty choice (docs/PRODUCT.md#record-editor).
    expect(await e2e.page.getByLabel('用紙サイズ').locator('option').first().innerText()).toBe('');

    // Top to bottom, and left to right within a row, as docs/PRODUCT.md#record-editor lists them.
    const region = (name: string) => e2e.page.getByRole('region', { name, exact: true });
    const column = (table: string, name: string) =>
      region(table)
        .getByRole('columnheader', { name: new RegExp(`^${name}\\s*(必須)?$`) })
        .first();
    const sequence = [
      shown('状態'),
      shown('作業日'),
      field('作業伝票No'),
      e2e.page.getByRole('group', { name: /^作業者/ }),
      field('用紙サイズ'),
      field('加工内容'),
      field('詳細'),
      field('加工機'),
      field('会社'),
      field('作業開始時間'),
      field('作業終了時間'),
      e2e.page.getByRole('heading', { name: '中断', exact: true }),
      column('中断', '中断開始'),
      column('中断', '中断終了'),
      column('中断', '中断内容'),
      column('中断', 'その他の内容'),
      button('中断を追加'),
      e2e.page.getByRole('heading', { name: '段取り', exact: true }),
      column('段取り', '段取り開始'),
      column('段取り', '段取り終了'),
      button('段取りを追加'),
      e2e.page.getByRole('heading', { name: '段取り中断', exact: true }),
      field('良品数'),
      field('不良数合計'),
      field('不良率'),
      field('キズ'),
      field('サイズミス'),
      field('ポカミス'),
      field('その他'),
      button('この作業記録を削除する'),
      button('戻る'),
      button('保存する'),
      e2e.page.getByRole('heading', { name: '変更履歴', exact: true }),
    ];
    const boxes = [];
    for (const locator of sequence) boxes.push((await locator.boundingBox())!);
    for (let index = 1; index < boxes.length; index++) {
      const [before, after] = [boxes[index - 1]!, boxes[index]!];
      const sameRow = Math.abs(before.y - after.y) < 8;
      expect(sameRow ? after.x > before.x : after.y > before.y, `item ${index} of the sequence is out of order`).toBe(true);
    }
    const buttons = await e2e.page.locator('main button').allInnerTexts();
    expect(buttons.filter((text) => ['この作業記録を削除する', '戻る', '保存する'].includes(text))).toEqual([
      'この作業記録を削除する',
      '戻る',
      '保存する',
    ]);
    expect(await e2e.page.getByText('変更履歴はありません。').isVisible()).toBe(true);
    // 会社, the longest names (株式会社…ホールディングス), takes the rest of 加工機's row, under 加工内容 and 詳細.
    const [machineBox, companyBox, detailBox] = [boxes[7]!, boxes[8]!, boxes[6]!];
    expect(companyBox.width).toBeGreaterThan(1.8 * machineBox.width);
    expect(Math.abs(companyBox.x + companyBox.width - (detailBox.x + detailBox.width))).toBeLessThan(4);

    // Another processing offers only its own details and clears the chosen one.
    await choose('加工内容', '折り');
    await expect.poll(() => chosen('詳細')).toBe('');
    expect(await e2e.page.getByLabel('詳細').locator('option').allInnerTexts()).toEqual(['', '二つ折り', '三つ折り', '観音折り']);
  });

  it('checks the times in the documented order, saves the corrections, goes back to the list, and shows them with the history when reopened', async () => {
    const id = await finishedRecord('4200');
    await signedIn();
    await e2e.page.goto('/product_cost?from=&to=');
    await e2e.page.getByRole('row', { name: /4200/ }).click();
    await expect.poll(() => pathname()).toBe(showPath(id));
    await e2e.page.getByLabel('作業開始時間').waitFor();

    await fill('作業開始時間', '');
    expect(await save()).toBe(editMessages.startRequired);
    expect(pathname()).toBe(showPath(id));
    // The field the message speaks of has the cursor, in view: the dialog named no row.
    await expect.poll(focusedField).toBe('作業開始時間');
    await fill('作業開始時間', `${DAY} 08:00`);
    // A time that no form reads is marked at its own field once it is left, and unmarked when typed into again.
    await fill('作業終了時間', `${DAY} 7:5`);
    await e2e.page.getByLabel('作業終了時間').press('Tab');
    const finishField = e2e.page.getByLabel('作業終了時間');
    await expect.poll(() => finishField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await finishField.getAttribute('aria-describedby'))!;
    expect(await e2e.page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).innerText()).toBe(editMessages.unreadableTime);
    await fill('作業終了時間', `${DAY} 12:00`);
    await expect.poll(() => finishField.getAttribute('aria-invalid')).toBeNull();

    await button('中断を追加').click();
    expect(await save()).toBe(editMessages.breakStartRequired);
    await fill('中断 1 の中断開始', `${DAY} 10:00`);
    await fill('中断 1 の中断終了', `${DAY} 10:10`);
    expect(await save()).toBe(editMessages.breakReasonRequired);
    await expect.poll(focusedField).toBe('中断 1 の中断内容');
    expect(await e2e.page.getByLabel('中断 1 のその他の内容').count()).toBe(0);
    await choose('中断 1 の中断内容', 'その他');
    await fill('中断 1 のその他の内容', '紙詰まり');

    await button('段取りを追加').click();
    expect(await save()).toBe(editMessages.setupStartRequired);
    await fill('段取り 1 の段取り開始', `${DAY} 08:00`);
    await fill('段取り 1 の段取り終了', `${DAY} 08:30`);
    await e2e.page.getByRole('heading', { name: '段取り 1 の段取り中断' }).waitFor();
    await button('段取り 1 の段取り中断を追加').click();
    expect(await save()).toBe(editMessages.setupBreakStartRequired);
    await fill('段取り 1 の段取り中断 1 の中断開始', `${DAY} 08:10`);
    await fill('段取り 1 の段取り中断 1 の中断終了', `${DAY} 08:15`);
    expect(await save()).toBe(editMessages.setupBreakReasonRequired);
    await expect.poll(focusedField).toBe('段取り 1 の段取り中断 1 の中断内容');
    await choose('段取り 1 の段取り中断 1 の中断内容', '材料待ち');

    // Of two interruptions, the second ends before it starts: the message is the group's, the cursor in its row.
    await button('中断を追加').click();
    await fill('中断 2 の中断開始', `${DAY} 11:00`);
    await fill('中断 2 の中断終了', `${DAY} 10:50`);
    await choose('中断 2 の中断内容', '材料待ち');
    expect(await save()).toBe(editMessages.endBeforeStart('中断'));
    await expect.poll(focusedField).toBe('中断 2 の中断終了');
    await button('中断 2 を削除').click();

    // The second interruption, removed again, leaves nothing behind.
    await expect.poll(() => e2e.page.getByLabel('中断 2 の中断開始').count()).toBe(0);

    await keypad('作業伝票No', ['4', '2', '0', '1']);
    await e2e.page.getByRole('checkbox', { name: '木村 三郎' }).click();
    await keypad('良品数', ['2', '0', '0']);
    await keypad('キズ', ['3']);
    await keypad('サイズミス', ['1']);
    expect(await value('不良数合計')).toBe('4');
    expect(await value('不良率')).toBe('2.0%');

    expect(await save()).toBe(messages.saved.registered);
    await expect.poll(() => pathname()).toBe('/product_cost');
    // The list shows the saved record, not what it held before.
    await e2e.page.getByRole('row', { name: /4201/ }).waitFor();
    expect(await e2e.page.getByRole('row', { name: /4200/ }).count()).toBe(0);

    await e2e.page.getByRole('row', { name: /4201/ }).click();
    await e2e.page.getByLabel('作業開始時間').waitFor();
    expect(await value('作業伝票No')).toBe('4201');
    expect(await e2e.page.getByRole('checkbox', { name: '木村 三郎' }).isChecked()).toBe(true);
    expect([await value('作業開始時間'), await value('作業終了時間')]).toEqual([`${DAY} 08:00:00`, `${DAY} 12:00:00`]);
    expect(await value('中断 1 の中断開始')).toBe(`${DAY} 10:00:00`);
    expect(await chosen('中断 1 の中断内容')).toBe('その他');
    expect(await value('中断 1 のその他の内容')).toBe('紙詰まり');
    expect(await value('段取り 1 の段取り終了')).toBe(`${DAY} 08:30:00`);
    expect(await chosen('段取り 1 の段取り中断 1 の中断内容')).toBe('材料待ち');
    expect([await value('良品数'), await value('キズ'), await value('サイズミス'), await value('不良率')]).toEqual([
      '200',
      '3',
      '1',
      '2.0%',
    ]);
    const history = e2e.page.getByRole('region', { name: '変更履歴' }).getByRole('row');
    expect(await history.count()).toBe(2);
    const entry = history.nth(1);
    expect(await entry.innerText()).toMatch(
      /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\s+更新\s+管理者\s+作業伝票No 4200 → 4201\n作業者 加藤 次郎 → 加藤 次郎、木村 三郎\n/,
    );
    // Nine changes: the first four, and the rest behind a button.
    const lines = entry.getByRole('listitem');
    expect(await lines.count()).toBe(4);
    const more = entry.getByRole('button', { name: 'ほか 5項目を表示' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.focus();
    await e2e.page.keyboard.press('Enter');
    await expect.poll(() => lines.count()).toBe(9);
    expect((await lines.allInnerTexts()).slice(4)).toEqual([
      `中断 1 を追加（${DAY} 10:00:00〜10:10:00 その他（紙詰まり））`,
      `段取り 1 を追加（${DAY} 08:00:00〜08:30:00（段取り中断 1件））`,
      '良品数 100 → 200',
      'キズ （未入力） → 3',
      'サイズミス （未入力） → 1',
    ]);
    expect(await entry.getByRole('button', { name: '一部のみ表示' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('lists under 変更履歴 what a correction changed: 作業終了時間 and 良品数 as the editor shows them', async () => {
    const id = await timedRecord('4210', '12:23');
    await signedIn();
    await opened(id);
    await fill('作業終了時間', `${DAY} 12:28`);
    await keypad('良品数', ['1', '2', '5', '0']);
    expect(await save()).toBe(messages.saved.registered);
    await expect.poll(() => pathname()).toBe('/product_cost');

    await opened(id);
    const newest = e2e.page.getByRole('region', { name: '変更履歴' }).getByRole('row').nth(1);
    expect(await newest.locator('td').nth(1).innerText()).toBe('更新');
    expect(await newest.getByRole('listitem').allInnerTexts()).toEqual([
      `作業終了時間 ${DAY} 12:23:00 → ${DAY} 12:28:00`,
      '良品数 100 → 1,250',
    ]);
  });

  it('names under 変更履歴 each press a tablet sent later, with the time it was pressed', async () => {
    const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000 - minutes * 60) * 1000).toISOString();
    const [startedAt, pausedAt] = [minutesAgo(30), minutesAgo(20)];
    const id = await startRecord(e2e.admin, { slip_no: '4220', employees: [workerId], pressed_at: startedAt });
    await e2e.admin.call('POST', `/api/productcost/break/${id}`, { interruption_id: 1, pressed_at: pausedAt });
    const { time_zone } = (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)) as EditRecord;
    await signedIn();
    await opened(id);
    const rows = e2e.page.getByRole('region', { name: '変更履歴' }).getByRole('row');
    const cells = async (row: number) => (await rows.nth(row).locator('td').allInnerTexts()).slice(1);
    expect(await cells(1)).toEqual(['更新', '管理者', `端末で記録：中断（押した時刻 ${formatEditTime(pausedAt, time_zone)}）`]);
    expect(await cells(2)).toEqual(['作成', '管理者', `端末で記録：開始（押した時刻 ${formatEditTime(startedAt, time_zone)}）`]);
  });

  it('refuses 中断 typed inside a setup, with the cursor in its row, and saves it as the setup’s 段取り中断', async () => {
    const id = await finishedRecord('4250');
    await signedIn();
    await opened(id);
    await fill('作業開始時間', `${DAY} 08:00`);
    await fill('作業終了時間', `${DAY} 12:00`);
    await button('段取りを追加').click();
    await fill('段取り 1 の段取り開始', `${DAY} 08:00`);
    await fill('段取り 1 の段取り終了', `${DAY} 08:30`);
    await button('中断を追加').click();
    await fill('中断 1 の中断開始', `${DAY} 08:10`);
    await fill('中断 1 の中断終了', `${DAY} 08:15`);
    await choose('中断 1 の中断内容', '機械故障');

    expect(await save()).toBe(editMessages.breakInSetup);
    await expect.poll(focusedField).toBe('中断 1 の中断開始');
    expect(pathname()).toBe(showPath(id));

    await button('中断 1 を削除').click();
    await button('段取り 1 の段取り中断を追加').click();
    await fill('段取り 1 の段取り中断 1 の中断開始', `${DAY} 08:10`);
    await fill('段取り 1 の段取り中断 1 の中断終了', `${DAY} 08:15`);
    await choose('段取り 1 の段取り中断 1 の中断内容', '機械故障');
    expect(await save()).toBe(messages.saved.registered);
    const saved = (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)) as EditRecord;
    expect(saved.break_times).toEqual([]);
    expect(saved.setup_times[0]!.setup_break_times).toMatchObject([
      { broken_on: '2026-11-21T08:10:00+09:00', restarted_on: '2026-11-21T08:15:00+09:00', interruption_id: 2 },
    ]);
  });

  it('refuses a finish typed a year ahead, with the cursor in 作業終了時間, and saves nothing', async () => {
    const id = await finishedRecord('4260');
    const before = (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)) as EditRecord;
    await signedIn();
    await opened(id);
    const finish = await value('作業終了時間');
    const yearAhead = `${Number(finish.slice(0, 4)) + 1}${finish.slice(4)}`;
    await fill('作業終了時間', yearAhead);

    expect(await save()).toBe(editMessages.inFuture('作業終了時間'));
    await expect.poll(focusedField).toBe('作業終了時間');
    expect(pathname()).toBe(showPath(id));
    expect(((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)) as EditRecord).version).toBe(before.version);
  });

  it('heads the record with its 状態, in the colour the list gives it, and its 作業日, as saved', async () => {
    const id = await startRecord(e2e.admin, { slip_no: '4270', employees: [workerId] });
    const { setup_time_id } = await e2e.admin.call('POST', `/api/productcost/setup/start/${id}`);
    await e2e.admin.call('POST', `/api/productcost/setup/break/${String(setup_time_id)}`, { interruption_id: 1 });
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    await signedIn();
    await e2e.page.goto(`/product_cost?from=${today}&to=${today}`);
    const row = e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: '4270', exact: true }) });
    const listState = row.getByRole('button', { name: '段取り中断' });
    const listColour = await listState.evaluate((button) => getComputedStyle(button).backgroundColor);
    await row.getByRole('cell', { name: '4270', exact: true }).click();
    await e2e.page.getByLabel('作業開始時間').waitFor();

    expect([await shown('状態').innerText(), await shown('作業日').innerText()]).toEqual(['段取り中断', today.replaceAll('-', '/')]);
    expect(await shown('状態').evaluate((badge) => getComputedStyle(badge).backgroundColor)).toBe(listColour);
    // As saved: a start typed on the day before moves neither until it is saved.
    await fill('作業開始時間', '2026/11/20 08:00');
    await fill('段取り 1 の段取り中断 1 の中断終了', '2026/11/20 09:00');
    expect([await shown('状態').innerText(), await shown('作業日').innerText()]).toEqual(['段取り中断', today.replaceAll('-', '/')]);
  });

  it('marks a job left without an action 要確認 beside its 状態, as the list does', async () => {
    const id = await startRecord(e2e.admin, { slip_no: '4271', employees: [workerId], pressed_at: twoHoursAgo() });
    await withStaleAfterOneHour(e2e.admin, async () => {
      await signedIn();
      await e2e.page.goto(`/product_cost/show/${id}`);
      await e2e.page.getByLabel('作業開始時間').waitFor();
      expect(await e2e.page.locator('dt:text-is("状態") ~ dd').allInnerTexts()).toEqual(['作業中', '要確認']);
    });
  });

  it('says 変更はありません。 for a save with nothing changed, goes back as after a save, and leaves a colleague’s open editor able to save', async () => {
    // In progress, its start stamped by the server's clock to the millisecond, which the editor shows to the second.
    const id = await startRecord(e2e.admin, { slip_no: '4280', employees: [workerId] });
    await signedIn();
    await opened(id);
    const colleague = await e2e.newPage();
    await signedIn(colleague);
    await opened(id, colleague);

    expect(await save()).toBe('変更はありません。');
    await expect.poll(() => pathname()).toBe('/product_cost');
    const record = (await e2e.admin.call('GET', `/api/productcost/edit/${id}`)) as EditRecord;
    expect([record.version, record.history]).toEqual([1, []]);

    await keypad('作業伝票No', ['4', '2', '8', '1'], colleague);
    expect(await save(colleague)).toBe('登録しました。');
    expect(await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).toMatchObject({ version: 2, slip_no: '4281' });
  });

  it('refuses a save over someone else’s newer save with the conflict text, and stays', async () => {
    // Times an hour apart, so that the record as it stands can be saved as it is.
    const id = await timedRecord('4300', '09:00');
    await signedIn();
    await opened(id);
    const second = await e2e.newPage();
    await signedIn(second);
    await opened(id, second);

    await keypad('作業伝票No', ['4', '3', '0', '1'], second);
    expect(await save(second)).toBe(messages.saved.registered);

    await keypad('作業伝票No', ['4', '3', '0', '2']);
    e2e.expectRefusal(409, 'the server refuses the save over a newer one with 409 Conflict');
    expect(await save()).toBe(editMessages.conflict);
    expect(pathname()).toBe(showPath(id));
    expect(await value('作業伝票No')).toBe('4302');
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).slip_no).toBe('4301');
  });

  it('still refuses a save over someone else’s after a Wi-Fi blink under the form', async () => {
    const id = await finishedRecord('4350');
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    const asRead = { ...record, employees: [workerId], started_on: `${DAY} 08:00`, finished_on: `${DAY} 09:00` };
    await e2e.admin.call('PUT', `/api/productcost/${id}`, { productcost: asRead });
    await signedIn();
    await opened(id);
    await keypad('作業伝票No', ['4', '3', '5', '2']);

    // Another clerk saves; then this browser loses the network and gets it back, which read the record
    // again and saved over that newer version.
    const { version } = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    await e2e.admin.call('PUT', `/api/productcost/${id}`, { productcost: { ...asRead, version, slip_no: '4351' } });
    e2e.allowNoNetwork('the browser goes offline for a moment');
    await e2e.page.context().setOffline(true);
    await e2e.page.context().setOffline(false);
    await e2e.page.waitForTimeout(500);

    e2e.expectRefusal(409, 'the form was filled from the version before the other clerk’s save');
    expect(await save()).toBe(editMessages.conflict);
    expect(await value('作業伝票No')).toBe('4352');
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).slip_no).toBe('4351');
  });

  it('deletes the record after 削除します。よろしいですか？ and leaves for the list', async () => {
    const id = await finishedRecord('4400');
    await signedIn();
    await opened(id);
    await button('この作業記録を削除する').click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(editMessages.confirmDelete);
    expect(pathname()).toBe(showPath(id));

    await button('この作業記録を削除する').click();
    expect(await answerDialog(e2e.page, '削除する')).toBe(editMessages.confirmDelete);
    expect(await answerDialog(e2e.page)).toBe(messages.saved.deleted);
    // Opened straight from its address, there is no step back within the app: the list stands in.
    await expect.poll(() => pathname()).toBe('/product_cost');
    await expect(e2e.admin.call('GET', `/api/productcost/edit/${id}`)).rejects.toThrow(/404/);
  });

  it('names the choices deleted since the record was made, and saving it unchanged keeps them', async () => {
    const created = async (resource: string, body: Record<string, unknown>) =>
      (await e2e.admin.call('POST', `/api/${resource}`, { [resource]: body })).id as number;
    const machineId = await created('machine', { name: '断裁機 3号' });
    const companyId = await created('company', { name: '株式会社削除印刷' });
    const reasonId = await created('interruption', { name: '停電' });
    const processingId = await created('processing', { name: '箔押し', details: [{ id: null, name: '金箔' }] });
    const { details } = (await e2e.admin.call('GET', `/api/processing/${processingId}`)) as { details: Array<{ id: number }> };
    const id = await startRecord(e2e.admin, {
      slip_no: '4700',
      employees: [workerId],
      paper_size_id: 2,
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
      machine_id: machineId,
      company_id: companyId,
    });
    const { break_time_id } = await e2e.admin.call('POST', `/api/productcost/break/${id}`, { interruption_id: reasonId });
    await e2e.admin.call('POST', `/api/productcost/restart/${String(break_time_id)}`);
    await e2e.admin.call('POST', `/api/productcost/finish/${id}`, { superior: 100 });
    for (const path of ['/api/paper_size/2', `/api/machine/${machineId}`, `/api/company/${companyId}`, `/api/interruption/${reasonId}`]) {
      await e2e.admin.call('DELETE', path);
    }
    // Its processing deleted, the detail leaves the lists with it.
    await e2e.admin.call('DELETE', `/api/processing/${processingId}`);

    const read = () => e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    const before = await read();

    await signedIn();
    await opened(id);
    expect([
      await chosen('用紙サイズ'),
      await chosen('加工内容'),
      await chosen('詳細'),
      await chosen('加工機'),
      await chosen('会社'),
      await chosen('中断 1 の中断内容'),
    ]).toEqual([
      'A4（削除済み）',
      '箔押し（削除済み）',
      '金箔（削除済み）',
      '断裁機 3号（削除済み）',
      '株式会社削除印刷（削除済み）',
      '停電（削除済み）',
    ]);
    // Still the record's own choice only: another record is not offered it.
    const other = await finishedRecord('4701');
    expect(await save()).toBe(messages.saved.unchanged);
    expect(await read()).toMatchObject({
      version: before.version,
      paper_size_id: 2,
      processing_id: processingId,
      processing_detail_id: details[0]!.id,
      machine_id: machineId,
      company_id: companyId,
      break_times: [{ interruption_id: reasonId }],
    });
    await opened(other);
    const offered = async (label: string) => field(label).locator('option').allInnerTexts();
    expect((await offered('用紙サイズ')).filter((text) => text.startsWith('A4'))).toEqual([]);
    expect((await offered('加工機')).filter((text) => text.startsWith('断裁機 3号'))).toEqual([]);
  });

  it('goes back to the list, which never shows the deleted record, even for a moment', async () => {
    const id = await finishedRecord('4410');
    await finishedRecord('4411');
    await signedIn();
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
    await e2e.page.goto(`/product_cost?from=${today}&to=${today}`);
    const listRow = (slip: string) => e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: slip, exact: true }) });
    await listRow('4410').click();
    await e2e.page.getByLabel('作業開始時間').waitFor();
    expect(pathname()).toBe(showPath(id));
    // The list answers slowly from here on, so that a list drawn from the rows it kept would show.
    const restoreList = await slowAnswers(e2e.page, '**/api/productcost?*');

    await button('この作業記録を削除する').click();
    const listRead = nextRead(e2e.page, '/api/productcost');
    expect(await answerDialog(e2e.page, '削除する')).toBe(editMessages.confirmDelete);
    // The list is read again while the message is shown.
    await listRead;
    expect(await answerDialog(e2e.page)).toBe(messages.saved.deleted);
    await listRow('4411').waitFor();
    expect(await listRow('4410').count()).toBe(0);
    await restoreList();
  });

  it('says so, with 再読み込み, when the record cannot be loaded', async () => {
    await signedIn();
    e2e.expectRefusal(404, 'the record asked for does not exist');
    await e2e.page.goto(showPath(999999));
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toContain('作業記録が見つかりません。');
    expect(await button('再読み込み').isVisible()).toBe(true);
  });

  it('sends a regular worker to the menu', async () => {
    const id = await finishedRecord('4500');
    await signedIn(e2e.page, WORKER);
    await e2e.page.goto(showPath(id));
    await e2e.page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(pathname()).toBe('/');
  });
});
