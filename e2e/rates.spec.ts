import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { answerDialog } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

const button = (name: string) => e2e.page.getByRole('button', { name, exact: true });
const heading = (name: string) => e2e.page.getByRole('heading', { name, exact: true });
const dateOf = (legend: string, row: number) => e2e.page.getByLabel(`${legend} ${row} 適用開始日`, { exact: true });
const yenOf = (legend: string, row: number) => e2e.page.getByLabel(`${legend} ${row} 単価（円/時）`, { exact: true });

async function errorArea(): Promise<string> {
  const alert = e2e.page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

/**
 * 時間チャージ and 労務単価 (docs/PRODUCT.md#analytics) through their forms: rows added with 追加,
 * typed, one removed with 削除, a wrong one refused before any call, and what the server keeps.
 */
describe.each([
  { legend: '時間チャージ', resource: 'machine', link: '加工機', editTitle: '加工機の編集', name: '断裁機 単価' },
  { legend: '労務単価', resource: 'employee', link: '従業員', editTitle: '従業員の編集', name: '単価 花子' },
] as const)('$legend', ({ legend, resource, link, editTitle, name }) => {
  /** From the menu, as an administrator goes: 設定管理, the master's list, the item. */
  const openItem = async (item: string = name) => {
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    await heading('各種設定管理').waitFor();
    await e2e.page.getByRole('link', { name: link, exact: true }).click();
    await e2e.page.getByRole('link', { name: item, exact: true }).click();
    await heading(editTitle).waitFor();
  };

  it('adds, edits and deletes rates on the form, and the server keeps them', async () => {
    const id =
      resource === 'machine'
        ? Number((await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機 単価' } })).id)
        : await addEmployee(e2e.admin, { last_name: '単価', first_name: '花子' });
    await openItem();
    await e2e.page.getByText('単価は登録されていません。').waitFor();

    await button('追加').click();
    await button('追加').click();
    await expect.poll(() => e2e.page.locator('thead th', { hasText: '適用開始日' }).count()).toBe(1);
    expect(await e2e.page.locator('thead th', { hasText: '単価（円/時）' }).count()).toBe(1);
    await dateOf(legend, 1).fill('2026-04-01');
    // As the input method types it: full-width, with a thousands separator.
    await yenOf(legend, 1).fill('３，０００');
    await dateOf(legend, 2).fill('2026-04-01');
    await yenOf(legend, 2).fill('');

    // Refused on the form, in the words of the server's rules after the row they speak of, before any call.
    await button('保存する').click();
    expect(await errorArea()).toBe(`${legend} 2行目：単価（円/時）は0から10,000,000までの整数で入力してください。`);
    expect(await yenOf(legend, 2).getAttribute('aria-invalid')).toBe('true');
    expect(await yenOf(legend, 1).getAttribute('aria-invalid')).toBeNull();
    await yenOf(legend, 2).fill('4500');
    await button('保存する').click();
    await expect.poll(errorArea).toBe(`${legend} 2行目：適用開始日 2026-04-01 が重複しています。`);
    expect(await dateOf(legend, 2).getAttribute('aria-invalid')).toBe('true');
    expect(await yenOf(legend, 2).getAttribute('aria-invalid')).toBeNull();
    await dateOf(legend, 2).fill('2026-10-01');
    await button('保存する').click();
    expect(await answerDialog(e2e.page)).toBe('更新しました。');

    const saved = await e2e.admin.call('GET', `/api/${resource}/${id}`);
    expect(saved.rates).toEqual([
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-10-01', yen_per_hour: 4500 },
    ]);

    await e2e.page.getByRole('link', { name, exact: true }).click();
    await heading(editTitle).waitFor();
    await expect.poll(() => yenOf(legend, 2).inputValue()).toBe('4500');
    expect(await dateOf(legend, 1).inputValue()).toBe('2026-04-01');
    await button(`${legend} 1 を削除`).click();
    await expect.poll(() => dateOf(legend, 1).inputValue()).toBe('2026-10-01');
    await button('保存する').click();
    expect(await answerDialog(e2e.page)).toBe('更新しました。');
    expect((await e2e.admin.call('GET', `/api/${resource}/${id}`)).rates).toEqual([{ valid_from: '2026-10-01', yen_per_hour: 4500 }]);
  });

  it("marks the rate that costs today's jobs 適用中 and one dated later 予定, as the dates are typed", async () => {
    const rates = [
      { valid_from: '2020-04-01', yen_per_hour: 3000 },
      { valid_from: '2021-04-01', yen_per_hour: 3500 },
      { valid_from: '2099-04-01', yen_per_hour: 4000 },
    ];
    if (resource === 'machine') await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機 予定', rates } });
    else await addEmployee(e2e.admin, { last_name: '予定', first_name: '三郎', rates });
    await openItem(resource === 'machine' ? '断裁機 予定' : '予定 三郎');
    const rowOf = (row: number) => e2e.page.locator('tbody tr').filter({ has: dateOf(legend, row) });
    const marks = () => Promise.all([1, 2, 3].map(async (row) => (await rowOf(row).innerText()).match(/適用中|予定/)?.[0] ?? ''));
    await expect.poll(marks).toEqual(['', '適用中', '予定']);
    // A later start typed for the third applies from then on, the second one replaced by it.
    await dateOf(legend, 3).fill('2021-05-01');
    await expect.poll(marks).toEqual(['', '', '適用中']);
  });

  it('turns 予定 to 適用中 at midnight on a form left open', async () => {
    const rates = [
      { valid_from: '2026-04-01', yen_per_hour: 3000 },
      { valid_from: '2026-11-28', yen_per_hour: 3500 },
    ];
    if (resource === 'machine') await e2e.admin.call('POST', '/api/machine', { machine: { name: '断裁機 翌日', rates } });
    else await addEmployee(e2e.admin, { last_name: '翌日', first_name: '四郎', rates });
    await e2e.page.clock.install({ time: new Date('2026-11-27T23:59:00+09:00') });
    await e2e.page.reload();
    await openItem(resource === 'machine' ? '断裁機 翌日' : '翌日 四郎');
    const rowOf = (row: number) => e2e.page.locator('tbody tr').filter({ has: dateOf(legend, row) });
    const marks = () => Promise.all([1, 2].map(async (row) => (await rowOf(row).innerText()).match(/適用中|予定/)?.[0] ?? ''));
    await expect.poll(marks).toEqual(['適用中', '予定']);
    await e2e.page.clock.runFor(2 * 60_000);
    await expect.poll(marks).toEqual(['', '適用中']);
  });
});
