import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { answerDialog, failReads, slowAnswers } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

describe('各種設定管理: 要確認までの時間', () => {
  it('shows 12 hours at first, saves another value and keeps it; refuses 0 in Japanese', async () => {
    await e2e.page.goto('/setting');
    const hours = e2e.page.getByRole('textbox', { name: '要確認までの時間' });
    await expect.poll(() => hours.inputValue()).toBe('12 時間');
    await hours.fill('0');
    await e2e.page.getByRole('button', { name: '保存する', exact: true }).click();
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toBe('要確認までの時間は1〜720の整数（時間）で入力してください。');
    await hours.fill('24');
    await e2e.page.getByRole('button', { name: '保存する', exact: true }).click();
    expect(await answerDialog(e2e.page)).toContain('更新しました。');
    await e2e.page.reload();
    await expect.poll(() => hours.inputValue()).toBe('24 時間');
    // A fraction stays as typed and is refused, never saved as the number its digits make without the dot.
    await hours.fill('1.5');
    await e2e.page.getByRole('button', { name: '保存する', exact: true }).click();
    await expect.poll(() => e2e.page.getByRole('alert').innerText()).toBe('要確認までの時間は1〜720の整数（時間）で入力してください。');
    expect(await hours.inputValue()).toBe('1.5 時間');
    expect((await e2e.admin.call('GET', '/api/setting')).stale_after_hours).toBe(24);
    // A value typed and not saved is not left without a question.
    await hours.fill('36');
    await e2e.page.getByRole('button', { name: '戻る', exact: true }).click();
    expect(await answerDialog(e2e.page, 'キャンセル')).toBe('変更を破棄しますか？');
    expect(await hours.inputValue()).toBe('36 時間');
  });

  it('never draws the list it goes back to with the 要確認 marks of the hours before', async () => {
    const workerId = await addEmployee(e2e.admin, { last_name: '山田', first_name: '太郎' });
    await e2e.admin.call('PUT', '/api/setting', { setting: { stale_after_hours: 2 } });
    // Started three hours ago, as a tablet's outbox may send it, and untouched since: 要確認 at 2 hours.
    const startedAt = new Date(Date.now() - 3 * 3_600_000);
    await e2e.admin.call('POST', '/api/productcost/start', {
      slip_no: '5501',
      employees: [workerId],
      paper_size_id: 1,
      processing_id: 1,
      processing_detail_id: 1,
      pressed_at: startedAt.toISOString(),
    });
    const workDate = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(startedAt);
    await e2e.page.goto(`/product_cost?from=${workDate}&to=${workDate}`);
    const slip = e2e.page.getByRole('cell', { name: '5501', exact: true });
    const stale = e2e.page.getByText('要確認', { exact: true });
    await slip.waitFor();
    await stale.waitFor();

    await e2e.page.getByRole('button', { name: '戻る', exact: true }).click();
    await e2e.page.getByRole('link', { name: '設定管理' }).click();
    const hours = e2e.page.getByRole('textbox', { name: '要確認までの時間' });
    await expect.poll(() => hours.inputValue()).toBe('2 時間');
    await hours.fill('4');
    await e2e.page.getByRole('button', { name: '保存する', exact: true }).click();
    expect(await answerDialog(e2e.page)).toContain('更新しました。');

    // The list answers slowly from here on, so that rows drawn from what it kept would show.
    const restoreList = await slowAnswers(e2e.page, '**/api/productcost?*');
    await e2e.page.goBack();
    await e2e.page.getByRole('heading', { name: 'メニュー', exact: true }).waitFor();
    await e2e.page.goBack();
    await e2e.page.getByRole('heading', { name: '作業時間管理一覧', exact: true }).waitFor();
    expect(await stale.count()).toBe(0);
    await slip.waitFor();
    expect(await stale.count()).toBe(0);
    await restoreList();
  });

  it('says when the setting did not load, and 再読み込み reads it, instead of a form that cannot be used', async () => {
    e2e.expectRefusal(500, 'the setting is answered with a server error once');
    await failReads(e2e.page, '**/api/setting', 1);
    await e2e.page.goto('/setting');
    const failed = e2e.page.getByRole('alert').filter({ hasText: '設定を読み込めませんでした。' });
    await failed.waitFor();
    const hours = e2e.page.getByRole('textbox', { name: '要確認までの時間' });
    expect(await hours.isDisabled()).toBe(true);

    await failed.getByRole('button', { name: '再読み込み' }).click();
    await failed.waitFor({ state: 'detached' });
    await expect.poll(() => hours.inputValue()).toMatch(/^\d+ 時間$/);
    expect(await hours.isDisabled()).toBe(false);
  });
});
