import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addEmployee } from './support/api.ts';
import { signIn } from './support/browser.ts';
import { e2eSuite } from './support/suite.ts';

/**
 * The entry carries only the Mantine styles of the sign-in, menu and work screens; every other
 * screen loads the whole sheet with its code (docs/DECISIONS.md, Performance).
 * Mantine marks each part of a component with a class of its own (`m_` and a hash); a part whose
 * class no loaded rule names is drawn unstyled.
 */
const e2e = e2eSuite();

const mantineClass = /\.(m_[0-9a-f]{8})\b/g;
const wholeSheet = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
/** Every class that Mantine's whole sheet styles. */
const styledByMantine = new Set([...wholeSheet.matchAll(mantineClass)].map((match) => match[1]!));

interface StyleReport {
  /** Mantine's classes on the page's elements. */
  shown: string[];
  /** Mantine's classes named by a rule of the loaded stylesheets. */
  styled: string[];
}

const readStyles = (page: Page): Promise<StyleReport> =>
  page.evaluate(() => {
    const styled = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]{8})\b/g)) styled.add(match[1]!);
        if ('cssRules' in rule) visit(rule.cssRules as CSSRuleList);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    const shown = new Set(
      [...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList].filter((name) => /^m_[0-9a-f]{8}$/.test(name))),
    );
    return { shown: [...shown], styled: [...styled] };
  });

/** Mantine's classes on the page that Mantine styles but no loaded rule does. */
async function unstyledParts(page: Page): Promise<string[]> {
  const { shown, styled } = await readStyles(page);
  const loaded = new Set(styled);
  return shown.filter((name) => styledByMantine.has(name) && !loaded.has(name)).sort();
}

describe("Mantine's styles", () => {
  it('style every part of the sign-in, menu and work screens and their dialogs, without the whole sheet', async () => {
    const page = e2e.page;
    await page.goto('/');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(await unstyledParts(page), 'ログイン').toEqual([]);

    await signIn(page);
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    expect(await unstyledParts(page), 'メニュー').toEqual([]);

    // A new document, as on a tablet whose start page is the work screen, with a worker to pick.
    await addEmployee(e2e.admin, { last_name: '佐藤', first_name: '一郎' });
    await page.goto('/product_cost/create');
    await page.getByRole('button', { name: '開始', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: '佐藤 一郎' }).waitFor();
    expect(await unstyledParts(page), '作業時間管理').toEqual([]);
    // A select's option list and the keypad's dialog are parts of the screen too.
    await page.getByRole('combobox', { name: '用紙サイズ' }).click();
    await page.getByRole('option', { name: 'A4' }).waitFor();
    expect(await unstyledParts(page), '用紙サイズ options').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByLabel('作業伝票No').click();
    await page.getByRole('dialog', { name: '作業伝票No' }).waitFor();
    expect(await unstyledParts(page), 'keypad').toEqual([]);

    const { styled } = await readStyles(page);
    expect(styled.length, 'classes styled on the first load').toBeLessThan(styledByMantine.size / 2);
  });

  it('come whole with any other screen', async () => {
    const page = e2e.page;
    await page.goto('/');
    await signIn(page);
    await page.getByRole('heading', { name: 'メニュー' }).waitFor();
    await page.getByRole('link', { name: '作業時間管理' }).click();
    await page.getByRole('heading', { name: '作業時間管理一覧' }).waitFor();
    const { styled } = await readStyles(page);
    const loaded = new Set(styled);
    expect([...styledByMantine].filter((name) => !loaded.has(name))).toEqual([]);
  });
});
