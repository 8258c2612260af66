import type { Locator } from 'playwright-core';

/** The text of an element line by line as the browser laid it out: its characters grouped by the top of each one's box. */
export function linesOf(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const text = node.firstChild!;
    const range = document.createRange();
    const lines = new Map<number, string>();
    for (let at = 0; at < text.textContent!.length; at++) {
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      const top = Math.round(range.getClientRects()[0]?.top ?? -1);
      lines.set(top, (lines.get(top) ?? '') + text.textContent![at]);
    }
    return [...lines.values()];
  });
}

/** The heights in pixels of every element the locator finds, as laid out: for touch targets. */
export function heightsOf(elements: Locator): Promise<number[]> {
  return elements.evaluateAll((found) => found.map((element) => element.getBoundingClientRect().height));
}
