import { describe, expect, it } from 'vitest';
import { dateMessages } from '../src/domain/dates.ts';
import { e2eSuite } from './support/suite.ts';

const e2e = e2eSuite({ signedIn: true });

const field = (label: '開始日' | '終了日') => e2e.page.getByRole('textbox', { name: label, exact: true });

/** Types into a date field as a person does, and leaves it. */
async function type(label: '開始日' | '終了日', text: string): Promise<void> {
  await field(label).fill(text);
  await field(label).press('Tab');
}

describe('dates typed into the work-time list', () => {
  it('reads full-width dates and dates without separators, and searches with them', async () => {
    await e2e.page.goto('/product_cost');
    await type('開始日', '２０２６／１１／０５');
    await type('終了日', '20261106');
    await expect.poll(() => field('開始日').inputValue()).toBe('2026/11/05');
    await expect.poll(() => field('終了日').inputValue()).toBe('2026/11/06');
    await e2e.page.getByRole('button', { name: '検索' }).click();
    await e2e.page.waitForURL((url) => url.searchParams.get('from') === '2026-11-05' && url.searchParams.get('to') === '2026-11-06');
  });

  it('reads month and day as a date of this year', async () => {
    await e2e.page.goto('/product_cost');
    await type('開始日', '3/7');
    await expect.poll(() => field('開始日').inputValue()).toBe(`${new Date().getFullYear()}/03/07`);
  });

  it('keeps what it cannot read, with a message in Japanese, instead of clearing it', async () => {
    await e2e.page.goto('/product_cost');
    await type('開始日', '2026/13/45');
    // The message comes as the field is left: only then has it had the chance to clear the text.
    await e2e.page.getByText(dateMessages.unreadable).waitFor();
    expect(await field('開始日').inputValue()).toBe('2026/13/45');
    await type('開始日', '2026/11/05');
    await expect.poll(() => e2e.page.getByText(dateMessages.unreadable).count()).toBe(0);
    await expect.poll(() => field('開始日').inputValue()).toBe('2026/11/05');
  });
});
