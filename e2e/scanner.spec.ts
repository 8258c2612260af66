import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../src/domain/field-limits.ts';
import { scanMessages } from '../src/domain/scan.ts';
import { answerDialog } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

/**
 * A USB scanner: the whole text within milliseconds, then Enter. The key presses are dispatched in
 * the page in one go, as a scanner's come, because keys sent one by one from the test arrive as
 * slowly as a busy machine lets them, which is a person's typing speed.
 */
async function scan(text: string): Promise<void> {
  await e2e.page.evaluate(
    (keys) => {
      const target = document.activeElement ?? document.body;
      for (const key of keys) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    },
    [...text, 'Enter'],
  );
}

describe('a barcode scanner on the work screen', () => {
  it('fills 作業伝票No from its keystrokes before 開始, and refuses what is no slip number, naming it', async () => {
    await e2e.page.goto('/product_cost/create');
    await e2e.page.getByRole('button', { name: '開始', exact: true }).waitFor();
    await e2e.page.getByRole('heading', { name: '作業時間管理' }).first().click();

    await scan('20261122-015');
    await expect.poll(() => e2e.page.getByLabel('作業伝票No').inputValue()).toBe('20261122-015');

    await scan('ABC-77');
    expect(await answerDialog(e2e.page)).toBe(scanMessages.notASlip('ABC-77', fieldMessages.slipNoCharacters));
    expect(await e2e.page.getByLabel('作業伝票No').inputValue()).toBe('20261122-015');
  });

  it('closes a count’s keypad open under a scan without taking the slip’s digits as the count', async () => {
    await e2e.page.goto('/product_cost/create');
    await e2e.page.getByRole('button', { name: '開始', exact: true }).waitFor();
    await e2e.page.getByLabel('キズ').click();
    const keypad = e2e.page.getByRole('dialog', { name: 'キズ' });
    await keypad.waitFor();

    await scan('24-3003');
    await keypad.waitFor({ state: 'detached' });
    await expect.poll(() => e2e.page.getByLabel('作業伝票No').inputValue()).toBe('24-3003');
    expect(await e2e.page.getByLabel('キズ').inputValue()).toBe('');
  });
});
