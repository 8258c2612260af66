import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerDialog, nextRead, slowAnswers } from './support/browser.ts';
import { editorOf, ownEmployeeId, ownRecord } from './support/editor.ts';
import { SECOND_TAP_MS } from '../src/web/components/second-tap.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });
const editor = editorOf(e2e);
const DAY = '2026/11/21';
const CONFLICT = '他のユーザーが更新しました。画面を読み込み直してください。';
const DISCARD = '変更を破棄しますか？';

const pathname = () => new URL(e2e.page.url()).pathname;
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(new Date());
const labelOf = (text: string) => e2e.page.locator('label', { hasText: new RegExp(`^${text}`) });
const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
/** A CSS colour as the browser computes it, e.g. var(--mantine-color-red-filled). */
const computed = (colour: string) =>
  e2e.page.evaluate((value) => {
    const probe = document.createElement('div');
    probe.style.background = value;
    document.body.append(probe);
    const result = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return result;
  }, colour);

const started = (slip: string) => ownRecord(e2e.admin, slip);
const finished = (slip: string) => ownRecord(e2e.admin, slip, true);

/** The list of today's records, as a search leaves it; the row of a slip. */
async function todaysList(): Promise<void> {
  await e2e.page.goto(`/product_cost?from=${today()}&to=${today()}`);
  await e2e.page.getByRole('table', { name: '作業時間一覧' }).locator('tbody tr').first().waitFor();
}
const listRow = (slip: string) => e2e.page.getByRole('row').filter({ has: e2e.page.getByRole('cell', { name: slip, exact: true }) });

/** Opens the keypad of a field, presses the keys, then OK. */
async function keypad(label: string, keys: string[]): Promise<void> {
  await editor.field(label).click();
  const pad = e2e.page.getByRole('dialog', { name: label });
  for (const key of keys) await pad.getByRole('button', { name: key, exact: true }).click();
  await pad.getByRole('button', { name: 'OK', exact: true }).click();
  await pad.waitFor({ state: 'hidden' });
}

/** The open confirmation's button that does the deed: its label and whether it is red. */
async function deedButton(label: string): Promise<{ red: boolean }> {
  const deed = e2e.page.getByRole('dialog').getByRole('button', { name: label, exact: true });
  await deed.waitFor();
  return { red: (await background(deed)) === (await computed('var(--mantine-color-red-filled)')) };
}

describe('the list shows each job’s real state', () => {
  it('names and colours the state on the resume button as the work screen does, and 完了 for finished jobs', async () => {
    await started('6001');
    const settingUp = await started('6002');
    await e2e.admin.call('POST', `/api/productcost/setup/start/${settingUp}`, {});
    const setupInterrupted = await started('6003');
    const setup = await e2e.admin.call('POST', `/api/productcost/setup/start/${setupInterrupted}`, {});
    await e2e.admin.call('POST', `/api/productcost/setup/break/${setup.setup_time_id}`, { interruption_id: 1 });
    const interrupted = await started('6004');
    await e2e.admin.call('POST', `/api/productcost/break/${interrupted}`, { interruption_id: 2 });
    const stopped = await started('6005');
    await e2e.admin.call('POST', `/api/productcost/nowork/start/${stopped}`, {});
    await finished('6006');
    await todaysList();

    const expected: Array<[string, string, string]> = [
      ['6001', '作業中', 'teal'],
      ['6002', '段取り中', 'blue'],
      ['6003', '段取り中断', 'orange'],
      ['6004', '作業中断', 'orange'],
      ['6005', '終業', 'violet'],
    ];
    for (const [slip, state, colour] of expected) {
      const resume = listRow(slip).getByRole('button', { name: state, exact: true });
      expect(await resume.isVisible(), slip).toBe(true);
      expect(await background(resume), slip).toBe(await computed(`var(--mantine-color-${colour}-filled)`));
    }
    expect(await listRow('6006').locator('td').first().innerText()).toBe('完了');
    expect(await listRow('6006').getByRole('button').count()).toBe(0);

    await listRow('6005').getByRole('button', { name: '終業', exact: true }).click();
    await expect.poll(pathname).toBe(`/product_cost/resume/${stopped}`);
    await expect.poll(() => e2e.page.getByTestId('work-state').innerText()).toBe('終業');
  });

  it('shows a job finished on the work screen as 完了 in the list it goes back to, never first as it was', async () => {
    await started('6011');
    await started('6012');
    await todaysList();
    await listRow('6011').getByRole('button', { name: '作業中', exact: true }).click();
    await expect.poll(() => e2e.page.getByTestId('work-state').innerText()).toBe('作業中');
    // The list answers slowly from here on, so that a list drawn from the rows it kept would show.
    const restoreList = await slowAnswers(e2e.page, '**/api/productcost?*');

    const listRead = nextRead(e2e.page, '/api/productcost');
    await e2e.page.getByRole('button', { name: '終了', exact: true }).click();
    expect(await answerDialog(e2e.page)).toBe('良品数が入力されていません。\n\n作業を終了します。よろしいですか？');
    // The list is read again while the closing message is shown.
    await listRead;
    await e2e.page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).click();
    await listRow('6012').waitFor();
    expect(await listRow('6011').locator('td').first().innerText()).toBe('完了');
    await restoreList();
  });

  it('writes the state in words in the CSV’s 状態 column', async () => {
    await started('6101');
    await finished('6102');
    await todaysList();
    const [download] = await Promise.all([
      e2e.page.waitForEvent('download'),
      e2e.page.getByRole('button', { name: 'CSVダウンロード' }).click(),
    ]);
    const lines = (await readFile((await download.path())!)).subarray(3).toString('utf8').trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const stateOf = (slip: string) => lines.find((line) => line.split(',')[header.indexOf('作業伝票No')] === slip)!.split(',')[0];
    expect(header[0]).toBe('状態');
    expect([stateOf('6101'), stateOf('6102')]).toEqual(['作業中', '完了']);
  });
});

describe('deleting a record changed by someone else', () => {
  it('answers the conflict message, in red 削除する confirmation first, and keeps the record', async () => {
    e2e.expectRefusal(409, 'the server refuses the delete of a record changed since it was opened with 409 Conflict');
    const id = await finished('6201');
    await editor.open(id);
    const record = await e2e.admin.call('GET', `/api/productcost/edit/${id}`);
    await e2e.admin.call('PUT', `/api/productcost/${id}`, {
      productcost: {
        ...record,
        employees: [await ownEmployeeId(e2e.admin)],
        slip_no: '6202',
        started_on: `${DAY} 08:00`,
        finished_on: `${DAY} 09:00`,
      },
    });

    await editor.button('この作業記録を削除する').click();
    expect(await deedButton('削除する')).toEqual({ red: true });
    expect(await e2e.page.getByRole('dialog').getByRole('button', { name: 'OK', exact: true }).count()).toBe(0);
    expect(await answerDialog(e2e.page, '削除する')).toBe('削除します。よろしいですか？');
    expect(await answerDialog(e2e.page)).toBe(CONFLICT);
    expect(pathname()).toBe(`/product_cost/show/${id}`);
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).slip_no).toBe('6202');
  });

  it('confirms a master’s delete with a red 削除する too', async () => {
    const { id } = await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機 9号' } });
    await e2e.page.goto(`/machine/show/${id}`);
    await editor.button('この加工機を削除する').click();
    expect(await deedButton('削除する')).toEqual({ red: true });
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe('削除してもよろしいですか？');
  });

  it('takes a double tap on a dialog’s button as one tap: the question is not answered twice, the message that follows stays', async () => {
    const { id } = await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機 8号' } });
    await e2e.page.goto(`/machine/show/${id}`);
    await editor.button('この加工機を削除する').click();
    const dialog = e2e.page.getByRole('dialog');
    /** The second tap of a double tap, which the browser counts as the second click of a series. */
    const secondTap = async (button: Locator) => {
      const box = (await button.boundingBox())!;
      await e2e.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await e2e.page.mouse.down({ clickCount: 2 });
      await e2e.page.mouse.up({ clickCount: 2 });
    };
    await secondTap(dialog.getByRole('button', { name: '削除する', exact: true }));
    expect(await dialog.innerText()).toContain('削除してもよろしいですか？');
    const machines = (await e2e.admin.call('GET', '/api/machine')) as unknown as Array<{ id: number }>;
    expect(machines.some((machine) => machine.id === id)).toBe(true);

    await dialog.getByRole('button', { name: '削除する', exact: true }).click();
    await dialog.getByText('削除しました。').waitFor();
    await secondTap(dialog.getByRole('button', { name: 'OK', exact: true }));
    expect(await dialog.innerText()).toContain('削除しました。');
    expect(await answerDialog(e2e.page)).toBe('削除しました。');
  });

  it('takes a touch on a dialog’s button soon after it opened as a double tap’s second, where every tap counts as a first (an iPad)', async () => {
    const { id } = await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機 6号' } });
    await e2e.page.goto(`/machine/show/${id}`);
    const dialog = e2e.page.getByRole('dialog');
    /** A finger's tap on the button, as a tablet's browser sends it: a touch's pointer, then a click counted as a first. */
    const touch = (button: Element) => {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    };
    /** Touches the dialog's button `label` the moment it is drawn, as a double tap's second tap lands. */
    const touchAsDrawn = (label: string) =>
      e2e.page.evaluate(
        (label) =>
          new Promise<void>((resolve) => {
            const observer = new MutationObserver(() => {
              const button = [...document.querySelectorAll('[role="dialog"] button')].find((found) => found.textContent === label);
              if (!button) return;
              observer.disconnect();
              button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'touch' }));
              button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
              resolve();
            });
            observer.observe(document.body, { childList: true, subtree: true });
          }),
        label,
      );
    const touched = touchAsDrawn('削除する');
    await editor.button('この加工機を削除する').click();
    await touched;
    expect(await dialog.innerText()).toContain('削除してもよろしいですか？');
    const machines = (await e2e.admin.call('GET', '/api/machine')) as unknown as Array<{ id: number }>;
    expect(machines.some((machine) => machine.id === id)).toBe(true);

    // Read, then touched: the question is answered, and 削除しました。 ignores a touch as it is drawn.
    await e2e.page.waitForTimeout(SECOND_TAP_MS);
    const messageTouched = touchAsDrawn('OK');
    await dialog.getByRole('button', { name: '削除する', exact: true }).evaluate(touch);
    await messageTouched;
    await dialog.getByText('削除しました。').waitFor();
    expect(await dialog.innerText()).toContain('削除しました。');
    await e2e.page.waitForTimeout(SECOND_TAP_MS);
    await dialog.getByRole('button', { name: 'OK', exact: true }).evaluate(touch);
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('leaving a form with unsaved changes', () => {
  it('asks before the record editor is left by 戻る or Back, and not when nothing changed', async () => {
    await finished('6301');
    await todaysList();
    await listRow('6301').click();
    await editor.field('作業開始時間').waitFor();
    await editor.button('戻る').click();
    await expect.poll(pathname).toBe('/product_cost');

    await listRow('6301').click();
    await editor.fill('作業開始時間', `${DAY} 07:00`);
    await editor.button('戻る').click();
    expect(await deedButton('破棄する')).toEqual({ red: true });
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(DISCARD);
    expect(await editor.value('作業開始時間')).toBe(`${DAY} 07:00`);

    await e2e.page.goBack();
    expect(await answerDialog(e2e.page, '破棄する')).toBe(DISCARD);
    await expect.poll(pathname).toBe('/product_cost');
    await listRow('6301').click();
    expect(await editor.value('作業開始時間')).not.toBe(`${DAY} 07:00`);
  });

  it('asks before a master form is left by キャンセル or 戻る', async () => {
    // A row for the list to show, so that its drawing can be waited for before looking for what is not there.
    await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機 7号' } });
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    await e2e.page.getByRole('link', { name: '加工機' }).click();
    await e2e.page.getByRole('button', { name: '新規追加' }).click();
    await e2e.page.getByRole('heading', { name: '加工機の新規作成' }).waitFor();
    await e2e.page.getByLabel(/^名前/).fill('断裁機 8号');
    await e2e.page.getByRole('button', { name: 'キャンセル', exact: true }).click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(DISCARD);
    expect(await e2e.page.getByLabel(/^名前/).inputValue()).toBe('断裁機 8号');
    await e2e.page.getByRole('button', { name: '戻る', exact: true }).click();
    expect(await answerDialog(e2e.page, '破棄する')).toBe(DISCARD);
    await e2e.page.getByRole('heading', { name: '加工機一覧' }).waitFor();
    await e2e.page.getByRole('link', { name: '断裁機 7号' }).waitFor();
    expect(await e2e.page.getByRole('link', { name: '断裁機 8号' }).count()).toBe(0);
  });

  it('asks before ログアウト ends the session under unsaved changes, and has the browser ask before a reload', async () => {
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    await e2e.page.getByRole('link', { name: '加工機' }).click();
    await e2e.page.getByRole('button', { name: '新規追加' }).click();
    const name = e2e.page.getByLabel(/^名前/);
    await name.fill('断裁機 9号');

    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe(DISCARD);
    expect(await name.inputValue()).toBe('断裁機 9号');
    expect(await e2e.page.getByTestId('current-user-name').isVisible()).toBe(true);

    // A reload is the browser's to ask about; staying keeps what was typed.
    const asked = new Promise<string>((resolve) =>
      e2e.page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await e2e.page.reload({ timeout: 2_000 }).catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    expect(await name.inputValue()).toBe('断裁機 9号');

    await e2e.page.getByRole('button', { name: 'ログアウト' }).click();
    expect(await answerDialog(e2e.page, '破棄する')).toBe(DISCARD);
    await e2e.page.getByRole('button', { name: 'ログイン' }).waitFor();
  });

  it('asks before a setup with setup interruptions is deleted, and not before one without', async () => {
    const id = await finished('6401');
    await editor.open(id);
    await editor.button('段取りを追加').click();
    await editor.button('段取り 1 の段取り中断を追加').click();
    await editor.button('段取り 1 を削除').click();
    expect(await deedButton('削除する')).toEqual({ red: true });
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe('段取り 1 の段取り中断（1件）も削除されます。よろしいですか？');
    expect(await editor.field('段取り 1 の段取り開始').count()).toBe(1);
    await editor.button('段取り 1 を削除').click();
    expect(await answerDialog(e2e.page, '削除する')).toBe('段取り 1 の段取り中断（1件）も削除されます。よろしいですか？');
    await expect.poll(() => editor.field('段取り 1 の段取り開始').count()).toBe(0);

    await editor.button('段取りを追加').click();
    await editor.button('段取り 1 を削除').click();
    await expect.poll(() => editor.field('段取り 1 の段取り開始').count()).toBe(0);
    expect(await e2e.page.getByRole('dialog').count()).toBe(0);
  });
});

describe('その他の内容 at its limit', () => {
  const LONG = 'あ'.repeat(201);

  it('counts and says so on the work screen', async () => {
    const id = await started('6501');
    await e2e.page.goto(`/product_cost/resume/${id}`);
    await e2e.page.getByRole('combobox', { name: '中断内容' }).click();
    await e2e.page.getByRole('option', { name: 'その他', exact: true }).click();
    const other = e2e.page.getByLabel('その他の内容');
    expect(await labelOf('その他の内容').locator('..').innerText()).toContain('0/200');
    await other.fill(LONG);
    expect((await other.inputValue()).length).toBe(200);
    await e2e.page.getByText('200/200 その他の内容は200文字までです。').waitFor();
  });

  it('counts and says so in the editor', async () => {
    const id = await finished('6502');
    await editor.open(id);
    await editor.button('中断を追加').click();
    await editor.field('中断 1 の中断内容').selectOption({ label: 'その他' });
    await e2e.page.getByText('0/200', { exact: true }).waitFor();
    await editor.fill('中断 1 のその他の内容', LONG);
    expect((await editor.value('中断 1 のその他の内容')).length).toBe(200);
    await e2e.page.getByText('200/200 その他の内容は200文字までです。').waitFor();
  });
});

describe('a slip number without a digit', () => {
  const NO_DIGIT = '作業伝票Noには数字を1文字以上入力してください。';

  it('is refused on the work screen', async () => {
    await e2e.page.goto('/product_cost/create');
    await keypad('作業伝票No', ['-', '-', '-']);
    await e2e.page.getByRole('button', { name: '開始', exact: true }).click();
    expect(await answerDialog(e2e.page)).toBe(NO_DIGIT);
  });

  it('is refused in the editor, and saves nothing', async () => {
    const id = await finished('6601');
    await editor.open(id);
    await keypad('作業伝票No', ['-']);
    expect(await editor.save()).toBe(NO_DIGIT);
    expect((await e2e.admin.call('GET', `/api/productcost/edit/${id}`)).slip_no).toBe('6601');
  });
});

describe('必須 badges', () => {
  it('marks ユーザID once システムを利用する is ticked', async () => {
    await e2e.page.goto('/employee/create');
    await e2e.page.getByRole('heading', { name: '従業員の新規作成' }).waitFor();
    expect(await labelOf('ユーザID').count()).toBe(0);
    await e2e.page.getByLabel('システムを利用する').check();
    expect(await labelOf('ユーザID').innerText()).toMatch(/^ユーザID\s*必須$/);
  });

  it('marks 詳細 on the work screen, which 開始 needs', async () => {
    await e2e.page.goto('/product_cost/create');
    expect(await labelOf('詳細').innerText()).toMatch(/^詳細\s*必須$/);
  });
});

describe('a reversed date range on the list', () => {
  it('shows why, without a 再読み込み that would repeat the same search', async () => {
    e2e.expectRefusal(400, 'the server refuses a reversed range with 400');
    await e2e.page.goto('/product_cost?from=2026-11-22&to=2026-11-21');
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toContain('開始日は終了日より前の日付にしてください。');
    expect(await e2e.page.getByRole('button', { name: '再読み込み' }).count()).toBe(0);
  });
});

describe('durations of a short job', () => {
  it('show to the second in the editor and, below a minute, in the list beside the working rate', async () => {
    const id = await finished('6701');
    await editor.open(id);
    await editor.fill('作業開始時間', `${DAY} 08:00:00`);
    await editor.fill('作業終了時間', `${DAY} 08:00:32`);
    await editor.button('中断を追加').click();
    await editor.fill('中断 1 の中断開始', `${DAY} 08:00:05`);
    await editor.fill('中断 1 の中断終了', `${DAY} 08:00:15`);
    await editor.field('中断 1 の中断内容').selectOption({ label: '材料待ち' });
    await expect
      .poll(async () => [
        await editor.value('作業時間'),
        await editor.value('中断時間'),
        await editor.value('段取り時間'),
        await editor.value('稼働率'),
      ])
      .toEqual(['0:00:32', '0:00:10', '0:00:00', '68.8%']);
    expect(await editor.save()).toBe('登録しました。');

    await e2e.page.goto('/product_cost?from=2026-11-21&to=2026-11-21');
    const cells = listRow('6701').locator('td');
    await cells.first().waitFor();
    const headers = await e2e.page.getByRole('columnheader').allInnerTexts();
    const cell = (header: string) => cells.nth(headers.indexOf(header)).innerText();
    expect([await cell('作業時間'), await cell('中断時間'), await cell('稼働率')]).toEqual(['0:00:32', '0:00:10', '68.8%']);
  });
});
