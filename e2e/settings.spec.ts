import { describe, expect, it } from 'vitest';
import { answerDialog, failReads } from './support/browser.ts';
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
