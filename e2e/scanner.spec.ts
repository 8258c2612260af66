import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../src/domain/field-limits.ts';
import { scanMessages } from '../src/domain/scan.ts';
import { answerDialog } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

/** A USB scanner: the whole text within milliseconds, then Enter. */
async function scan(text: string): Promise<void> {
  await e2e.page.keyboard.type(text, { delay: 5 });
  await e2e.page.keyboard.press('Enter');
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
});
