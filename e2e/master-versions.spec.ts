import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { answerDialog, signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

const CONFLICT = '他のユーザーが更新しました。画面を読み込み直してください。';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const errorArea = (page: Page) => page.getByRole('alert');
const rateDate = (page: Page, legend: string, row: number) => page.getByLabel(`${legend} ${row} 適用開始日`, { exact: true });
const rateYen = (page: Page, legend: string, row: number) => page.getByLabel(`${legend} ${row} 単価（円/時）`, { exact: true });

/** The form of one item, straight from its address, once its fields hold what was read. */
async function openForm(page: Page, path: string, title: string, loaded: () => Promise<unknown>): Promise<void> {
  await page.goto(path);
  await heading(page, title).waitFor();
  await expect.poll(loaded).toBeTruthy();
}

/**
 * A master form saves over the version it read (docs/PRODUCT.md#master-screens): when someone else
 * saved the item since, its save is refused with a dialog and the red area, nothing is saved, and
 * what was typed stays on the form; read again, the form saves.
 */
describe('a master form opened before someone else’s save', () => {
  it('加工機: a rename from the first tab does not take away the rate the second tab added', async () => {
    e2e.expectRefusal(409, 'the server refuses a save over a version the form did not read');
    const rate = { valid_from: '2026-04-01', yen_per_hour: 3000 };
    const id = Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機', rates: [rate] } })).id);
    const path = `/machine/show/${id}`;
    const name = (page: Page) => page.getByLabel(/^名前/);

    // Administrator A opens the machine; then, in another tab, a second rate is saved.
    const tabA = e2e.page;
    await openForm(tabA, path, '加工機の編集', async () => (await name(tabA).inputValue()) === '断裁機');
    const tabB = await e2e.newPage();
    await tabB.goto('/');
    await signIn(tabB);
    await openForm(tabB, path, '加工機の編集', async () => (await rateYen(tabB, '時間チャージ', 1).inputValue()) !== '');
    await button(tabB, '追加').click();
    await rateDate(tabB, '時間チャージ', 2).fill('2026-10-01');
    await rateYen(tabB, '時間チャージ', 2).fill('3500');
    await button(tabB, '保存する').click();
    expect(await answerDialog(tabB)).toBe('更新しました。');

    // A changes only the name, as the reviewer did.
    await name(tabA).fill('断裁機 1号');
    await button(tabA, '保存する').click();
    expect(await answerDialog(tabA)).toBe(CONFLICT);
    expect(await errorArea(tabA).innerText()).toBe(CONFLICT);
    expect(new URL(tabA.url()).pathname).toBe(path);
    expect(await name(tabA).inputValue()).toBe('断裁機 1号');
    expect(await rateDate(tabA, '時間チャージ', 2).count()).toBe(0);

    // Nothing was saved: the second rate is there, under the old name.
    const kept = await e2e.admin.call('GET', `/api/machine/${id}`);
    expect(kept).toMatchObject({ name: '断裁機', rates: [rate, { valid_from: '2026-10-01', yen_per_hour: 3500 }] });

    // Read again (the browser asks first, since the form holds unsaved changes), the form shows both rates and saves.
    tabA.once('dialog', (dialog) => void dialog.accept());
    await tabA.reload();
    await expect.poll(() => rateYen(tabA, '時間チャージ', 2).inputValue()).toBe('3500');
    await name(tabA).fill('断裁機 1号');
    await button(tabA, '保存する').click();
    expect(await answerDialog(tabA)).toBe('更新しました。');
    expect(await e2e.admin.call('GET', `/api/machine/${id}`)).toMatchObject({
      name: '断裁機 1号',
      rates: [rate, { valid_from: '2026-10-01', yen_per_hour: 3500 }],
    });
  });

  it('keeps what was typed, and the version it was read at, when the network blinks under the form', async () => {
    e2e.expectRefusal(409, 'the server refuses a save over a version the form did not read');
    e2e.allowNoNetwork('the browser goes offline for a moment');
    const id = Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機' } })).id);
    const path = `/machine/show/${id}`;
    const name = e2e.page.getByLabel(/^名前/);
    await openForm(e2e.page, path, '加工機の編集', async () => (await name.inputValue()) === '折り機');
    await name.fill('折り機 2号');

    // Someone renames it meanwhile; this browser loses the network and gets it back.
    await e2e.admin.call('PUT', `/api/machine/${id}`, { machine: { name: '紙折り機', version: 1 } });
    await e2e.page.context().setOffline(true);
    await e2e.page.context().setOffline(false);
    await e2e.page.waitForTimeout(500);

    expect(await name.inputValue()).toBe('折り機 2号');
    await button(e2e.page, '保存する').click();
    expect(await answerDialog(e2e.page)).toBe(CONFLICT);
    expect(await e2e.admin.call('GET', `/api/machine/${id}`)).toMatchObject({ name: '紙折り機' });
  });

  it('従業員: a save from a form read before a rename and a new rate changes neither', async () => {
    e2e.expectRefusal(409, 'the server refuses a save over a version the form did not read');
    const id = await addEmployee(e2e.admin, { last_name: '佐藤', first_name: '一郎' });
    const page = e2e.page;
    const lastName = page.getByLabel(/^姓/);
    const firstName = page.getByLabel('名', { exact: true });
    await openForm(page, `/employee/show/${id}`, '従業員の編集', async () => (await lastName.inputValue()) === '佐藤');

    // Meanwhile, through the API as another program would: renamed, and given a rate.
    const { using_login: _, has_pin: __, ...read } = await e2e.admin.call('GET', `/api/employee/${id}`);
    const rates = [{ valid_from: '2026-04-01', yen_per_hour: 1800 }];
    await e2e.admin.call('PUT', `/api/employee/${id}`, { employee: { ...read, last_name: '鈴木', rates } });

    await firstName.fill('一朗');
    await button(page, '保存する').click();
    expect(await answerDialog(page)).toBe(CONFLICT);
    expect(await errorArea(page).innerText()).toBe(CONFLICT);
    expect(await firstName.inputValue()).toBe('一朗');
    expect(await lastName.inputValue()).toBe('佐藤');
    expect(await e2e.admin.call('GET', `/api/employee/${id}`)).toMatchObject({ last_name: '鈴木', first_name: '一郎', rates });
  });

  it('加工内容: a save from a form read before a detail was added does not drop it', async () => {
    e2e.expectRefusal(409, 'the server refuses a save over a version the form did not read');
    const id = Number(
      (await e2e.admin.call('POST', '/api/processing', { processing: { name: '箔押し', details: [{ id: null, name: '金' }] } })).id,
    );
    const page = e2e.page;
    const name = page.getByLabel(/^名前/);
    await openForm(page, `/processing/show/${id}`, '加工内容の編集', async () => (await name.inputValue()) === '箔押し');

    const { id: _, ...read } = await e2e.admin.call('GET', `/api/processing/${id}`);
    const details = [...(read.details as unknown[]), { id: null, name: '銀' }];
    await e2e.admin.call('PUT', `/api/processing/${id}`, { processing: { ...read, details } });

    await name.fill('ホットスタンプ');
    await button(page, '保存する').click();
    expect(await answerDialog(page)).toBe(CONFLICT);
    expect(await errorArea(page).innerText()).toBe(CONFLICT);
    expect(await name.inputValue()).toBe('ホットスタンプ');
    const kept = await e2e.admin.call('GET', `/api/processing/${id}`);
    expect(kept).toMatchObject({ name: '箔押し', details: [{ name: '金' }, { name: '銀' }] });
  });
});

describe('a master form saved with nothing changed', () => {
  it('加工機: says 変更はありません。, goes back to the list, and leaves a colleague’s open form able to save', async () => {
    const rates = [
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-10-01', yen_per_hour: 3500 },
    ];
    const id = Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機 5号', rates } })).id);
    const path = `/machine/show/${id}`;
    const name = (page: Page) => page.getByLabel(/^名前/);
    const loaded = (page: Page) => async () => (await rateYen(page, '時間チャージ', 2).inputValue()) !== '';

    const mine = e2e.page;
    await openForm(mine, path, '加工機の編集', loaded(mine));
    const colleague = await e2e.newPage();
    await colleague.goto('/');
    await signIn(colleague);
    await openForm(colleague, path, '加工機の編集', loaded(colleague));

    await button(mine, '保存する').click();
    expect(await answerDialog(mine)).toBe('変更はありません。');
    await heading(mine, '加工機一覧').waitFor();
    expect(await e2e.admin.call('GET', `/api/machine/${id}`)).toMatchObject({ name: '断裁機 5号', rates, version: 1 });

    await name(colleague).fill('断裁機 6号');
    await button(colleague, '保存する').click();
    expect(await answerDialog(colleague)).toBe('更新しました。');
    expect(await e2e.admin.call('GET', `/api/machine/${id}`)).toMatchObject({ name: '断裁機 6号', rates, version: 2 });
  });
});

describe('names that read the same', () => {
  it('加工内容 refuses 「２つ折り」 beside 「2つ折り」 on the form, before any call, and takes 「二つ折り」', async () => {
    const page = e2e.page;
    await page.goto('/processing/create');
    await heading(page, '加工内容の新規作成').waitFor();
    await page.getByLabel(/^名前/).fill('折り加工');
    await page.getByLabel('詳細 1', { exact: true }).fill('2つ折り');
    await button(page, '詳細を追加').click();
    await page.getByLabel('詳細 2', { exact: true }).fill('２つ折り');
    await button(page, '登録する').click();
    await expect.poll(() => errorArea(page).innerText()).toBe('詳細「２つ折り」が重複しています。');
    expect(await page.getByLabel('詳細 2', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('詳細 2', { exact: true }).fill('二つ折り');
    await button(page, '登録する').click();
    expect(await answerDialog(page)).toBe('登録しました。');
  });

  it('用紙サイズ refuses 「Ａ４」 beside the default 「A4」 with the duplicate message', async () => {
    e2e.expectRefusal(409, 'the server refuses a name that reads as an existing one');
    const page = e2e.page;
    await page.goto('/paper_size/create');
    await heading(page, '用紙サイズの新規作成').waitFor();
    await page.getByLabel(/^用紙サイズ/).fill('Ａ４');
    await button(page, '登録する').click();
    await expect.poll(() => errorArea(page).innerText()).toBe('同じ用紙サイズが既に登録されています。');
  });
});
