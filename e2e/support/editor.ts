import type { Page } from 'playwright-core';
import { answerDialog } from './browser.ts';

/**
 * What the browser tests of the record editor share: its inputs found by their exact label (a 必須
 * badge may follow), opening a record, saving, and a watch on the console.
 */
export function editorOf(page: Page) {
  const field = (label: string) => page.getByLabel(new RegExp(`^${label}\\s*(必須)?$`));
  return {
    field,
    value: (label: string) => field(label).inputValue(),
    fill: (label: string, text: string) => field(label).fill(text),
    button: (name: string) => page.getByRole('button', { name, exact: true }),
    async open(id: number): Promise<void> {
      await page.goto(`/product_cost/show/${id}`);
      await field('作業開始時間').waitFor();
    },
    /** 保存する, and the text of the alert it brings up (closed with OK). */
    async save(): Promise<string> {
      await page.getByRole('button', { name: '保存する', exact: true }).click();
      return answerDialog(page);
    },
  };
}

/**
 * The console's errors on a page, but those of calls the test expects the server to refuse (the
 * browser logs every 4xx answer): `expected` lists their statuses.
 */
export function watchConsole(page: Page): { unexpected: (expected?: number[]) => string[] } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    unexpected: (expected = []) =>
      errors.filter((text) => !expected.some((status) => text.includes(`the server responded with a status of ${status}`))),
  };
}
