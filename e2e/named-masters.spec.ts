import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerDialog } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

/** The exact texts of each master's screens (docs/PRODUCT.md#named-masters), and the names a test types. */
const masters = [
  {
    link: '加工機',
    path: '/machine',
    listTitle: '加工機一覧',
    column: '加工機',
    createTitle: '加工機の新規作成',
    editTitle: '加工機の編集',
    field: '名前',
    required: '名前を入力してください。',
    duplicate: '同じ加工機が既に登録されています。',
    deleteLabel: 'この加工機を削除する',
    name: '断裁機 1号',
    renamed: '断裁機 2号',
  },
  {
    link: '会社',
    path: '/company',
    listTitle: '会社一覧',
    column: '会社名',
    createTitle: '会社名の新規作成',
    editTitle: '会社名の編集',
    field: '会社名',
    required: '名前を入力してください。',
    duplicate: '同じ会社名が既に登録されています。',
    deleteLabel: 'この会社を削除する',
    name: '山田印刷株式会社',
    renamed: '山田紙工株式会社',
  },
  {
    link: '中断内容',
    path: '/interruption',
    listTitle: '中断内容一覧',
    column: '中断内容',
    createTitle: '中断内容の新規作成',
    editTitle: '中断内容の編集',
    field: '中断内容',
    required: '中断内容を入力してください。',
    duplicate: '同じ中断内容が既に登録されています。',
    deleteLabel: 'この中断内容を削除する',
    name: '停電',
    renamed: '停電・瞬断',
  },
  {
    link: '用紙サイズ',
    path: '/paper_size',
    listTitle: '用紙サイズ一覧',
    column: '用紙サイズ',
    createTitle: '用紙サイズの新規作成',
    editTitle: '用紙サイズの編集',
    field: '用紙サイズ',
    required: '用紙サイズを入力してください。',
    duplicate: '同じ用紙サイズが既に登録されています。',
    deleteLabel: 'この用紙サイズを削除する',
    name: 'B6',
    renamed: 'B6変形',
  },
  {
    link: '呼出内容',
    path: '/call_reason',
    listTitle: '呼出内容一覧',
    column: '呼出内容',
    createTitle: '呼出内容の新規作成',
    editTitle: '呼出内容の編集',
    field: '呼出内容',
    required: '呼出内容を入力してください。',
    duplicate: '同じ呼出内容が既に登録されています。',
    deleteLabel: 'この呼出内容を削除する',
    name: '安全確認',
    renamed: '安全点検',
  },
];
type Master = (typeof masters)[number];

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const row = (name: string) => e2e.page.getByRole('link', { name, exact: true });
const heading = (name: string) => e2e.page.getByRole('heading', { name, exact: true });
const pathname = () => new URL(e2e.page.url()).pathname;

async function openList(master: Master): Promise<void> {
  await e2e.page.getByRole('link', { name: '設定管理' }).click();
  await heading('各種設定管理').waitFor();
  await e2e.page.getByRole('link', { name: master.link, exact: true }).click();
  await expectList(master);
}

/** On the list: its title, its one column, 新規追加 and 戻る. */
async function expectList(master: Master): Promise<void> {
  await heading(master.listTitle).waitFor();
  expect(pathname()).toBe(master.path);
  expect(await e2e.page.locator('thead th').allInnerTexts()).toEqual([master.column]);
  expect(await button('新規追加').isVisible()).toBe(true);
  expect(await button('戻る').isVisible()).toBe(true);
}

/** The red area of the form, once it says something. */
async function errorArea(): Promise<string> {
  const alert = e2e.page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

describe.each(masters.map((master) => [master.listTitle, master] as const))('%s', (_, master) => {
  it('creates, edits and deletes an item, going back to the list each time', async () => {
    await openList(master);

    await button('新規追加').click();
    await heading(master.createTitle).waitFor();
    expect(pathname()).toBe(`${master.path}/create`);
    for (const label of ['戻る', 'キャンセル', '登録する']) expect(await button(label).isVisible()).toBe(true);
    expect(await button(master.deleteLabel).count()).toBe(0);
    expect(await e2e.page.locator('label', { hasText: master.field }).innerText()).toContain('必須');

    await button('登録する').click();
    expect(await errorArea()).toBe(master.required);
    await e2e.page.getByLabel(master.field).fill(`  ${master.name}  `);
    await button('登録する').click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    await expectList(master);
    await row(master.name).waitFor();

    e2e.expectRefusal(409, 'the server refuses the duplicate name with 409 Conflict');
    // The server's refusal shows in the same red area, and キャンセル leaves without saving.
    await button('新規追加').click();
    await e2e.page.getByLabel(master.field).fill(master.name);
    await button('登録する').click();
    expect(await errorArea()).toBe(master.duplicate);
    await button('キャンセル').click();
    expect(await answerDialog(e2e.page, '破棄する')).toBe('変更を破棄しますか？');
    await expectList(master);
    expect(await row(master.name).count()).toBe(1);

    await row(master.name).click();
    await heading(master.editTitle).waitFor();
    expect(pathname()).toMatch(new RegExp(`^${master.path}/show/\\d+$`));
    for (const label of ['戻る', 'キャンセル', '保存する', master.deleteLabel]) expect(await button(label).isVisible()).toBe(true);
    await expect.poll(() => e2e.page.getByLabel(master.field).inputValue()).toBe(master.name);
    await button('戻る').click();
    await expectList(master);

    await row(master.name).click();
    await expect.poll(() => e2e.page.getByLabel(master.field).inputValue()).toBe(master.name);
    await e2e.page.getByLabel(master.field).fill('');
    await button('保存する').click();
    expect(await errorArea()).toBe(master.required);
    await e2e.page.getByLabel(master.field).fill(master.renamed);
    await button('保存する').click();
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    await expectList(master);
    await row(master.renamed).waitFor();
    expect(await row(master.name).count()).toBe(0);

    await row(master.renamed).click();
    await heading(master.editTitle).waitFor();
    await button(master.deleteLabel).click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe('削除してもよろしいですか？');
    expect(await heading(master.editTitle).isVisible()).toBe(true);
    await button(master.deleteLabel).click();
    expect(await answerDialog(e2e.page, '削除する')).toBe('削除してもよろしいですか？');
    expect(await answerDialog(e2e.page)).toBe('削除しました。');
    await expectList(master);
    await e2e.page.getByRole('table').waitFor();
    await expect.poll(() => row(master.renamed).count()).toBe(0);
  });

  it('shows a record that cannot be loaded with the reason and 再読み込み', async () => {
    e2e.expectRefusal(404, 'the item asked for does not exist');
    await e2e.page.goto(`${master.path}/show/999999`);
    expect(await errorArea()).toContain('が見つかりません。');
    expect(await button('再読み込み').isVisible()).toBe(true);
    expect(await button('保存する').count()).toBe(0);
  });
});

describe('a master opened straight from its address (a bookmark, a row opened in a new tab)', () => {
  it('goes to its list on 戻る, on キャンセル and after a save, where one step back would leave the app; the list goes to 各種設定管理', async () => {
    const master = masters[0]!;
    const { id } = (await e2e.admin.call('POST', '/api/machine', { machine: { name: '折り機 3号' } })) as { id: number };
    /** A new tab of the same browser at `path`: signed in, with no step of the app behind it. */
    const openInNewTab = async (path: string) => {
      const tab = await e2e.page.context().newPage();
      await tab.goto(path);
      return tab;
    };
    const openForm = async () => {
      const tab = await openInNewTab(`${master.path}/show/${id}`);
      await expect.poll(() => tab.getByLabel(master.field).inputValue()).toBe('折り機 3号');
      return tab;
    };
    const onList = (tab: Page) => tab.getByRole('heading', { name: master.listTitle, exact: true }).waitFor();

    for (const leave of ['戻る', 'キャンセル']) {
      const tab = await openForm();
      await tab.getByRole('button', { name: leave, exact: true }).click();
      await onList(tab);
      expect(new URL(tab.url()).pathname).toBe(master.path);
    }

    const tab = await openForm();
    await tab.getByLabel(master.field).fill('折り機 4号');
    await tab.getByRole('button', { name: '保存する', exact: true }).click();
    expect(await answerDialog(tab)).toBe('更新しました。');
    await onList(tab);
    await tab.getByRole('link', { name: '折り機 4号', exact: true }).waitFor();

    const list = await openInNewTab(master.path);
    await onList(list);
    await list.getByRole('button', { name: '戻る', exact: true }).click();
    await list.getByRole('heading', { name: '各種設定管理', exact: true }).waitFor();
  });
});

describe('会社名の編集', () => {
  it('keeps the フリガナ', async () => {
    await openList(masters[1]!);
    await button('新規追加').click();
    await e2e.page.getByLabel('会社名').fill('川口製本');
    await e2e.page.getByLabel('フリガナ').fill('カワグチセイホン');
    await button('登録する').click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');
    await row('川口製本').click();
    await heading('会社名の編集').waitFor();
    await expect.poll(() => e2e.page.getByLabel('フリガナ').inputValue()).toBe('カワグチセイホン');
  });
});

describe('中断内容「その他」', () => {
  it('can be edited but offers no delete button', async () => {
    await openList(masters[2]!);
    await row('その他').click();
    await heading('中断内容の編集').waitFor();
    expect(pathname()).toBe('/interruption/show/5');
    expect(await button('保存する').isVisible()).toBe(true);
    expect(await button('この中断内容を削除する').count()).toBe(0);

    await button('キャンセル').click();
    await expectList(masters[2]!);
    await row('材料待ち').click();
    await heading('中断内容の編集').waitFor();
    await button('この中断内容を削除する').waitFor();
  });
});
