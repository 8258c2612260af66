import { describe, expect, it } from 'vitest';
import { answerDialog } from './support/browser.ts';
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
});
