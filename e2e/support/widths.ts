import type { Page } from 'playwright-core';

/**
 * What a screen does wrong at the window's width: the page scrolling sideways, anything reaching
 * past the window's edges outside a table that says it scrolls (data-scrolls="x"), an area that
 * scrolls sideways without saying so, and a button or link whose text is cut off.
 */
export function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className ? ` class="${String(element.className).slice(0, 60)}"` : ''}> "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    for (const element of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
      const inScrollingTable = element.closest('[data-scrolls="x"]') !== null;
      const scrollsSideways = (style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      if (scrollsSideways && element.getAttribute('data-scrolls') !== 'x')
        problems.push(`${name(element)} scrolls sideways without saying so`);
      if (!inScrollingTable && (rect.right > width + 1 || rect.left < -1)) {
        problems.push(`${name(element)} reaches outside the window: ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width}`);
      }
    }
    for (const control of document.body.querySelectorAll('button, a, [role="button"]')) {
      for (const part of [control, ...control.querySelectorAll('*')]) {
        const style = getComputedStyle(part);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (clips && part.scrollWidth > part.clientWidth + 1) problems.push(`the text of ${name(control)} is cut off`);
      }
    }
    return [...new Set(problems)];
  });
}

/**
 * The headers, figures and names broken in the middle over two lines: text of a table cell or of a
 * card's value whose line ends other than at a space or after 、 (サイズミ/ス, 270,083/円, 断裁機 1/号).
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const holder of document.body.querySelectorAll('th, td, dd')) {
      const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const range = document.createRange();
        let lastTop: number | undefined;
        for (let index = 0; index < text.length; index++) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const top = range.getBoundingClientRect().top;
          const before = text[index - 1] ?? ' ';
          if (lastTop !== undefined && top > lastTop + 2 && !/[\s、]/.test(before) && !/\s/.test(text[index]!))
            broken.push(`"${text.slice(0, index)}/${text.slice(index)}"`);
          if (!/\s/.test(text[index]!)) lastTop = top;
        }
      }
    }
    return [...new Set(broken)];
  });
}
