import type { Page } from 'playwright-core';

/** A new job filled in on the work screen, ready for 開始: the slip typed on its keypad, A4, 断裁, 全断. */
export async function fillJob(page: Page, slip: string): Promise<void> {
  // The work screen itself: the list it is opened from has a 作業伝票No of its own, its search.
  await page.getByRole('heading', { name: '作業時間管理', exact: true }).waitFor();
  await page.getByLabel(/^作業伝票No/).click();
  const pad = page.getByRole('dialog', { name: '作業伝票No' });
  for (const key of slip) await pad.getByRole('button', { name: key, exact: true }).click();
  await pad.getByRole('button', { name: 'OK', exact: true }).click();
  for (const [label, option] of [
    ['用紙サイズ', 'A4'],
    ['加工内容', '断裁'],
    ['詳細', '全断'],
  ] as const) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
}
