import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { apiSession, type ApiSession } from '../../e2e/support/api.ts';
import { startServer } from '../../e2e/support/server.ts';
import { ensureClientBuild, ensureServerBuild } from '../build.ts';
import { chromiumPath } from '../chromium.ts';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'docs/screenshots');

export interface ScreenshotTools {
  /** The administrator's API session on the server, for arranging what the screenshots show. */
  admin: ApiSession;
  /** A page of a new browser context at this window size, as a person on that screen would have it. */
  openPage(viewport: { width: number; height: number }): Promise<Page>;
  /** Saves the page as docs/screenshots/{name}-{width}x{height}.png and names the file on the console. */
  save(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
}

/**
 * What the screenshot scripts share around their own steps: the server as the browser tests run it
 * (built first when its sources changed), on a new SQLite database or the one in `dataDir`, and
 * Chromium; both ended afterwards whatever happens.
 */
export async function screenshotRun(run: (tools: ScreenshotTools) => Promise<void>, { dataDir }: { dataDir?: string } = {}): Promise<void> {
  ensureClientBuild();
  await ensureServerBuild();
  const server = await startServer({}, { dataDir });
  let browser: Browser | undefined;
  try {
    // Launched inside the try, so that a missing browser still stops the server.
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const launched = browser;
    mkdirSync(outDir, { recursive: true });
    await run({
      admin: await apiSession(server.baseUrl),
      openPage: async (viewport) =>
        (await launched.newContext({ baseURL: server.baseUrl, viewport, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })).newPage(),
      async save(page, name, options = {}) {
        const { width, height } = page.viewportSize()!;
        const file = path.join(outDir, `${name}-${width}x${height}.png`);
        await page.screenshot({ path: file, fullPage: options.fullPage });
        process.stdout.write(`${path.relative(root, file)}\n`);
      },
    });
  } finally {
    await browser?.close();
    await server.stop();
  }
}
