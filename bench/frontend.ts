import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newContext, signIn } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { ensureServerBuild } from '../scripts/build.ts';
import { ensureChromium } from '../scripts/chromium.ts';
import { median } from './support/load.ts';
import { benchArguments, publish } from './support/report.ts';

/**
 * `npm run bench:frontend [-- --runs 7] [--quick] [--json]`
 *
 * The production bundle: each screen's chunk gzipped, and what the first load of a screen costs
 * (the entry, the screen's chunk, everything they import, and their CSS). Then the time from
 * navigation to an interactive work screen — 開始 enabled — in headless Chromium with the CPU
 * slowed four times, each run with an empty cache.
 */
const args = benchArguments({ runs: { full: '7', quick: '3' } });
const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'kosu-bundle-'));
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
  { cwd: root, stdio: ['ignore', 2, 2] },
);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipped = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;

/** A chunk with every chunk it imports statically, and their CSS: what loading it downloads. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) closure(imported, seen);
  return seen;
}
const filesOf = (keys: Set<string>) => new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1);
const size = (files: Set<string>) => [...files].reduce((total, file) => total + gzipped(file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const entryFiles = filesOf(closure(entryKey));
// What lazyScreen loads beside every screen's code; the work screen's route is the one made with
// lazyFirstScreen, whose styles the entry carries (src/web/lazy-screen.ts).
const wholeMantineSheet = Object.keys(manifest).find((key) => key.endsWith('mantine-styles/all.ts'))!;
const firstScreen = 'WorkPage';
// Screens are the lazy routes' pages; the other dynamic chunks (Mantine's whole sheet, the work
// screen's checks) are fetched beside one.
const screens = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && key.endsWith('Page.tsx'));
const rows = screens
  .map((key) => {
    const name = path.basename(key).replace(/\.tsx$/, '');
    const own = size(new Set([manifest[key]!.file]));
    const styles = name === firstScreen ? [] : filesOf(closure(wholeMantineSheet));
    const firstLoad = size(new Set([...entryFiles, ...filesOf(closure(key)), ...styles]));
    return { name, own, firstLoad };
  })
  .sort((a, b) => a.firstLoad - b.firstLoad);

publish(
  {
    benchmark: 'frontend-bundle',
    title:
      `Bundle, gzipped (level 9); entry with its imports and CSS: ${kilobytes(size(entryFiles))} KB; ` +
      `Mantine's whole sheet, which every screen but the work screen loads: ${kilobytes(size(filesOf(closure(wholeMantineSheet))))} KB`,
    columns: ['screen chunk', 'own KB', 'first load KB (entry + screen + imports + CSS, the whole sheet for all but the work screen)'],
    rows: rows.map((row) => [row.name, Number(kilobytes(row.own)), Number(kilobytes(row.firstLoad))]),
  },
  args.json,
);

await ensureServerBuild();
ensureChromium();
const server = await startServer({ LOG_LEVEL: 'warn', WEB_ROOT: outDir });
const browser = await launchBrowser();
try {
  const signedIn = await newContext(browser, server.baseUrl);
  const page = await signedIn.newPage();
  await signIn(page);
  const storageState = await signedIn.storageState();
  await signedIn.close();

  const times: number[] = [];
  for (let run = 0; run < Number(args.runs); run++) {
    const context = await browser.newContext({ baseURL: server.baseUrl, storageState, viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const began = performance.now();
    await tab.goto('/product_cost/create');
    await tab.getByRole('button', { name: '開始' }).and(tab.locator(':enabled')).waitFor({ timeout: 30_000 });
    await tab.getByText('作業者').waitFor();
    times.push(performance.now() - began);
    await context.close();
  }
  publish(
    {
      benchmark: 'frontend-interactive',
      title: 'Work screen, navigation to 開始 enabled, CPU slowed 4×, empty cache',
      columns: ['runs', 'median ms', 'each run ms'],
      rows: [[times.length, Math.round(median(times)), times.map((time) => time.toFixed(0)).join(', ')]],
    },
    args.json,
  );
} finally {
  await browser.close();
  await server.stop();
}
