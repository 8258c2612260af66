import { describe, expect, it } from 'vitest';
import { editorOf, ownRecord } from './support/editor.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });
const editor = editorOf(e2e);
const DAY = '2026/11/21';
const NEXT_DAY = '2026/11/22';

const stateOnFloor = async (id: number) => (await e2e.admin.call('GET', `/api/productcost/${id}`)).state;
const region = (name: string) => e2e.page.getByRole('region', { name, exact: true });
const top = async (name: string) => (await e2e.page.getByRole('heading', { name, exact: true }).boundingBox())!.y;

describe('終業 in the record editor', () => {
  it('corrects an overnight stop: checks it, counts without it, saves it and shows it again with the history', async () => {
    const id = await ownRecord(e2e.admin, '5100', true);
    await editor.open(id);
    // Between the interruptions and the setups, with the row number, both times and delete.
    expect(await top('中断')).toBeLessThan(await top('終業'));
    expect(await top('終業')).toBeLessThan(await top('段取り'));
    const headers = await region('終業').getByRole('columnheader').allInnerTexts();
    expect(headers.map((text) => text.replace(/\s+/g, ' '))).toEqual(['No', '終業時間 必須', '始業時間', '削除']);
    expect(await region('終業').getByText('終業はありません。').isVisible()).toBe(true);

    await editor.fill('作業開始時間', `${DAY} 08:00`);
    await editor.fill('作業終了時間', `${NEXT_DAY} 12:00`);
    await editor.button('終業を追加').click();
    expect(await editor.save()).toBe('終業時間を入力してください。');
    await editor.fill('終業 1 の終業時間', `${DAY} 17:00`);
    await editor.fill('終業 1 の始業時間', `${DAY} 16:00`);
    expect(await editor.save()).toBe('始業時間は終業時間以降の時刻にしてください。');
    await editor.fill('終業 1 の始業時間', '');
    expect(await editor.save()).toBe('作業終了時間を入力する場合は、終業の始業時間も入力してください。');
    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 13:00`);
    expect(await editor.save()).toBe('終業は作業開始時間から作業終了時間までの間にしてください。');
    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 08:00`);

    await editor.button('終業を追加').click();
    await editor.fill('終業 2 の終業時間', `${NEXT_DAY} 07:00`);
    await editor.fill('終業 2 の始業時間', `${NEXT_DAY} 09:00`);
    expect(await editor.save()).toBe('終業の時間が重なっています。');
    await editor.button('終業 2 を削除').click();
    await expect.poll(() => editor.field('終業 2 の終業時間').count()).toBe(0);

    // 28 hours from start to finish, 15 of them stopped.
    expect(await editor.value('作業時間')).toBe('13:00:00');
    expect(await editor.save()).toBe('登録しました。');
    await expect.poll(() => new URL(e2e.page.url()).pathname).toBe('/product_cost');

    await editor.open(id);
    expect([await editor.value('終業 1 の終業時間'), await editor.value('終業 1 の始業時間')]).toEqual([
      `${DAY} 17:00:00`,
      `${NEXT_DAY} 08:00:00`,
    ]);
    const history = region('変更履歴').getByRole('row');
    expect(await history.count()).toBe(2);
    expect(await history.nth(1).innerText()).toMatch(/更新\s+管理者\s/);
    expect(await history.nth(1).getByRole('listitem').allInnerTexts()).toContain(`終業 1 を追加（${DAY} 17:00:00〜${NEXT_DAY} 08:00:00）`);

    await e2e.page.goto('/product_cost?from=2026-11-21&to=2026-11-21');
    const row = e2e.page.getByRole('row', { name: /5100/ });
    await row.waitFor();
    const listHeaders = await e2e.page.getByRole('columnheader').allInnerTexts();
    expect(await row.locator('td').nth(listHeaders.indexOf('作業時間')).innerText()).toBe('13:00');
  });

  it('shows the open stop of a record in 終業, and typing its 始業 returns the record to work', async () => {
    const id = await ownRecord(e2e.admin, '5200', false);
    await e2e.admin.call('POST', `/api/productcost/nowork/start/${id}`, {});
    expect(await stateOnFloor(id)).toBe(5);

    await editor.open(id);
    expect(await editor.value('終業 1 の始業時間')).toBe('');
    expect(await editor.value('作業終了時間')).toBe('');
    await editor.fill('作業開始時間', `${DAY} 08:00`);
    await editor.fill('終業 1 の終業時間', `${DAY} 17:00`);
    // A second stop cannot start while the first is still open.
    await editor.button('終業を追加').click();
    await editor.fill('終業 2 の終業時間', `${DAY} 18:00`);
    expect(await editor.save()).toBe('終業の時間が重なっています。');
    await editor.button('終業 2 を削除').click();

    await editor.fill('終業 1 の始業時間', `${NEXT_DAY} 08:00`);
    expect(await editor.save()).toBe('登録しました。');
    expect(await stateOnFloor(id)).toBe(1);
  });
});
