import { describe, expect, it } from 'vitest';
import { answerDialog, signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite();

const path = () => new URL(e2e.page.url()).pathname;
const listNames = () => e2e.page.locator('tbody tr').allInnerTexts();
const detail = (n: number) => e2e.page.getByLabel(`詳細 ${n}`, { exact: true });
const detailValues = async () => {
  const inputs = await e2e.page
    .getByRole('group', { name: '詳細' })
    .getByRole('textbox', { name: /^詳細 \d+$/ })
    .all();
  return Promise.all(inputs.map((input) => input.inputValue()));
};
const errorArea = () => e2e.page.getByRole('alert');
const buttonNames = async () => (await e2e.page.getByRole('button').allInnerTexts()).map((text) => text.trim());

async function openList(): Promise<void> {
  await e2e.page.goto('/');
  await signIn(e2e.page);
  await e2e.page.getByRole('link', { name: '設定管理' }).click();
  await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
  await e2e.page.getByRole('link', { name: '加工内容', exact: true }).click();
  await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();
  await expect.poll(listNames).toEqual(['断裁', '折り', '製本', '打ち抜き']);
}

describe('加工内容', () => {
  it('creates, edits and deletes a processing with its details, one step back after each', async () => {
    await openList();
    expect(await e2e.page.getByRole('columnheader').allInnerTexts()).toEqual(['加工内容']);

    await e2e.page.getByRole('button', { name: '新規追加' }).click();
    await e2e.page.getByRole('heading', { name: '加工内容の新規作成' }).waitFor();
    expect(path()).toBe('/processing/create');
    expect(await buttonNames()).toEqual(expect.arrayContaining(['戻る', 'キャンセル', '登録する', '詳細を追加']));
    expect(await e2e.page.getByRole('button', { name: 'この加工内容を削除する' }).count()).toBe(0);
    expect(await e2e.page.getByText('必須').count()).toBe(2);

    // Nothing is sent while the form is incomplete: the first failure shows in the red area.
    await e2e.page.getByRole('button', { name: '登録する' }).click();
    await expect.poll(() => errorArea().innerText()).toBe('名前を入力してください。');
    await e2e.page.getByLabel('名前').fill('ラミネート');
    await e2e.page.getByRole('button', { name: '登録する' }).click();
    await expect.poll(() => errorArea().innerText()).toBe('詳細を入力してください。');
    expect(await detail(1).getAttribute('aria-invalid')).toBe('true');

    await detail(1).fill('片面');
    // The standards, typed as the input method writes figures, keep their units in sight beside them.
    const speed = e2e.page.getByLabel('詳細 1 標準速度（枚/時）');
    await speed.fill('１，２００');
    await e2e.page.getByLabel('詳細 1 標準段取り時間（分）').fill('３０');
    const row = speed.locator('xpath=ancestor::div[contains(@class, "mantine-Group-root")][1]');
    expect(await row.innerText()).toMatch(/枚\/時[\s\S]*分/);
    await e2e.page.getByRole('button', { name: '詳細を追加' }).click();
    await expect.poll(() => detail(2).evaluate((input) => input === document.activeElement)).toBe(true);
    await detail(2).fill('両面');
    await e2e.page.getByRole('button', { name: '登録する' }).click();
    expect(await answerDialog(e2e.page)).toBe('登録しました。');

    await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();
    expect(path()).toBe('/processing');
    await expect.poll(listNames).toEqual(['断裁', '折り', '製本', '打ち抜き', 'ラミネート']);
    const processings = (await e2e.admin.call('GET', '/api/processing')) as unknown as Array<{ id: number; name: string }>;
    const laminate = await e2e.admin.call('GET', `/api/processing/${processings.find((item) => item.name === 'ラミネート')!.id}`);
    expect((laminate.details as Array<Record<string, unknown>>)[0]).toMatchObject({
      name: '片面',
      standard_speed: 1200,
      standard_setup_minutes: 30,
    });

    await e2e.page.getByRole('link', { name: 'ラミネート' }).click();
    await e2e.page.getByRole('heading', { name: '加工内容の編集' }).waitFor();
    expect(path()).toMatch(/^\/processing\/show\/\d+$/);
    await expect.poll(detailValues).toEqual(['片面', '両面']);
    expect(await e2e.page.getByLabel('名前').inputValue()).toBe('ラミネート');
    expect(await buttonNames()).toEqual(expect.arrayContaining(['戻る', 'キャンセル', '保存する', 'この加工内容を削除する']));

    await detail(1).fill('片面グロス');
    await e2e.page.getByRole('button', { name: '詳細 2 を削除' }).click();
    await e2e.page.getByRole('button', { name: '詳細を追加' }).click();
    await detail(2).fill('両面マット');
    await e2e.page.getByRole('button', { name: '保存する' }).click();
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();

    await e2e.page.getByRole('link', { name: 'ラミネート' }).click();
    await e2e.page.getByRole('heading', { name: '加工内容の編集' }).waitFor();
    await expect.poll(detailValues).toEqual(['片面グロス', '両面マット']);

    // キャンセル in the confirmation keeps the processing.
    await e2e.page.getByRole('button', { name: 'この加工内容を削除する' }).click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe('削除してもよろしいですか？');
    expect(path()).toMatch(/^\/processing\/show\/\d+$/);
    // 削除する in the confirmation is followed at once by 削除しました。, which may take over the same dialog element.
    await e2e.page.getByRole('button', { name: 'この加工内容を削除する' }).click();
    const dialog = e2e.page.getByRole('dialog');
    await dialog.getByText('削除してもよろしいですか？', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: '削除する', exact: true }).click();
    await dialog.getByText('削除しました。', { exact: true }).waitFor();
    expect(await answerDialog(e2e.page)).toBe('削除しました。');
    await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();
    await expect.poll(listNames).toEqual(['断裁', '折り', '製本', '打ち抜き']);

    // Each save went one step back in history rather than pushing the list again.
    await e2e.page.goBack();
    await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
  });

  it('shows the server’s refusal of a duplicate name in the red area and stays', async () => {
    e2e.expectRefusal(409, 'the server refuses the duplicate name with 409 Conflict');
    await openList();
    await e2e.page.getByRole('button', { name: '新規追加' }).click();
    await e2e.page.getByLabel('名前').fill('折り');
    await detail(1).fill('巻き三つ折り');
    await e2e.page.getByRole('button', { name: '登録する' }).click();
    await expect.poll(() => errorArea().innerText()).toBe('同じ加工内容が既に登録されています。');
    expect(path()).toBe('/processing/create');
  });

  it('refuses two details of the same name before sending', async () => {
    await openList();
    await e2e.page.getByRole('link', { name: '断裁' }).click();
    await expect.poll(detailValues).toEqual(['全断', '仕上げ断裁']);
    await e2e.page.getByRole('button', { name: '詳細を追加' }).click();
    await detail(3).fill('全断');
    await e2e.page.getByRole('button', { name: '保存する' }).click();
    await expect.poll(() => errorArea().innerText()).toBe('詳細「全断」が重複しています。');
    expect(await detail(3).getAttribute('aria-invalid')).toBe('true');
  });

  it('goes back with キャンセル and 戻る without saving', async () => {
    await openList();
    await e2e.page.getByRole('link', { name: '製本' }).click();
    await expect.poll(detailValues).toEqual(['中綴じ', '無線綴じ']);
    await detail(1).fill('変えたけれど');
    await e2e.page.getByRole('button', { name: 'キャンセル' }).click();
    expect(await answerDialog(e2e.page, '破棄する')).toBe('変更を破棄しますか？');
    await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();
    await e2e.page.getByRole('link', { name: '製本' }).click();
    await expect.poll(detailValues).toEqual(['中綴じ', '無線綴じ']);
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: '加工内容一覧' }).waitFor();
    await e2e.page.getByRole('button', { name: '戻る' }).click();
    await e2e.page.getByRole('heading', { name: '各種設定管理' }).waitFor();
  });

  it('keeps the rows whose name holds the text typed in 絞り込み, and says when none does', async () => {
    await openList();
    await e2e.page.getByLabel('絞り込み').fill('抜き');
    await expect.poll(listNames).toEqual(['打ち抜き']);
    await e2e.page.getByLabel('絞り込み').fill('ラミ');
    await e2e.page.getByText('「ラミ」を含む加工内容はありません。').waitFor();
    await e2e.page.getByLabel('絞り込み').fill('');
    await expect.poll(listNames).toEqual(['断裁', '折り', '製本', '打ち抜き']);
  });

  it('shows not-found for an id that is not a number', async () => {
    await e2e.page.goto('/');
    await signIn(e2e.page);
    await e2e.page.goto('/processing/show/abc');
    await e2e.page.getByText('ページが見つかりません。', { exact: true }).waitFor();
  });
});
