import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from './chromium.ts';

/**
 * The app's icons for its web app manifest (src/web/public/icons/): 工数 in white on the work
 * screen's blue, drawn by Chromium in the Noto CJK font the tablets' screens use, at the sizes a
 * tablet's home screen asks for. The maskable one keeps the text inside the central safe circle.
 *
 *   npx tsx scripts/pwa-icons.ts
 */
const outDir = path.resolve(import.meta.dirname, '../src/web/public/icons');
const icons = [
  { file: 'icon-192.png', size: 192, text: 0.36 },
  { file: 'icon-512.png', size: 512, text: 0.36 },
  { file: 'icon-maskable-512.png', size: 512, text: 0.26 },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:#1c7ed6">
      <span style="font:800 ${Math.round(icon.size * icon.text)}px 'Noto Sans CJK JP',sans-serif;color:#fff;letter-spacing:-0.02em">工数</span></body>`);
    await page.screenshot({ path: path.join(outDir, icon.file) });
    await page.close();
  }
} finally {
  await browser.close();
}
