import type { Page } from 'playwright-core';
import {
  arrangeFloor,
  boardFit,
  BREAKDOWN,
  fullFloor,
  MAINTENANCE_CALL,
  MATERIAL,
  QUALITY_CALL,
  severalJobsFloor,
  type Job,
} from '../e2e/support/board-floor.ts';
import { signIn } from '../e2e/support/browser.ts';
import { PAGE_TURN_MS, TILES_PER_PAGE } from '../src/web/features/board/board-layout.ts';
import { screenshotRun, type ScreenshotTools } from './support/screenshot-run.ts';

/**
 * Screenshots of 現場モニター for docs/screenshots/: a believable floor at a TV's 1920×1080 and a
 * tablet's 1280×800 — jobs in every state, an interruption with its reason, an open call, a job
 * left running past 要確認までの時間, idle machines and a job without a machine. Started as
 * scripts/screenshots.ts is: the server as the browser tests run it, on a new SQLite database. The
 * floors are arranged by e2e/support/board-floor.ts.
 *
 * Then, on a second server, the full floor of 20 machines on the TV
 * (board-20-machines-1920x1080.png): the most a screen shows before the board turns its pages,
 * with two open calls in different rows of tiles, an interruption, a 要確認 job and a few idle
 * machines. The script fails if that page scrolls, since 20 machines without scrolling is what
 * TILES_PER_PAGE promises.
 *
 * Last, on a third server, the full floor with three jobs at once on a machine of three rows
 * (board-three-jobs-1920x1080.png and -1280x800.png): the board turns the page before a row that would
 * fall below the screen, and shows here the page with 折り機 4号's three jobs and call. The script
 * fails if any page it shows up to it scrolls (while calls are open, only the pages with one show).
 *
 *   npx tsx scripts/board-screenshots.ts
 */
const viewports = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 800 },
];

const machines = [
  '断裁機 1号',
  '断裁機 2号',
  '折り機 1号',
  '折り機 2号',
  '中綴じ機',
  '無線綴じ機',
  '打ち抜き機',
  '断裁機 3号',
  '折り機 3号',
];
const jobs: Job[] = [
  {
    slip: '24-1187',
    machine: '断裁機 1号',
    processing: [1, 1],
    workers: [0],
    startedMinutesAgo: 190,
    good: 12400,
    then: (press, record) =>
      press(`/api/productcost/setup/start/${record}`, 185).then(({ setup_time_id }) =>
        press(`/api/productcost/setup/finish/${String(setup_time_id)}`, 170),
      ),
  },
  {
    slip: '24-1190',
    machine: '断裁機 2号',
    processing: [1, 2],
    workers: [1],
    startedMinutesAgo: 40,
    then: (press, record) => press(`/api/productcost/setup/start/${record}`, 22),
  },
  {
    slip: '24-1175',
    machine: '折り機 1号',
    processing: [2, 4],
    workers: [2, 3],
    startedMinutesAgo: 260,
    good: 8200,
    then: (press, record) => press(`/api/productcost/break/${record}`, 34, { interruption_id: BREAKDOWN, interruption_other: '' }),
    call: MAINTENANCE_CALL,
  },
  {
    slip: '24-1192',
    machine: '折り機 2号',
    processing: [2, 3],
    workers: [4],
    startedMinutesAgo: 30,
    then: async (press, record) => {
      const { setup_time_id } = await press(`/api/productcost/setup/start/${record}`, 25);
      await press(`/api/productcost/setup/break/${String(setup_time_id)}`, 12, { interruption_id: MATERIAL, interruption_other: '' });
    },
  },
  {
    slip: '24-1168',
    machine: '中綴じ機',
    processing: [3, 6],
    workers: [5],
    startedMinutesAgo: 420,
    good: 3000,
    then: (press, record) =>
      press(`/api/productcost/nowork/start/${record}`, 60, { superior: 3000, wound: 12, size: null, miss: null, other: null }),
  },
  {
    slip: '24-1102',
    machine: '無線綴じ機',
    processing: [3, 7],
    workers: [6],
    // Started yesterday evening and never ended: past 要確認までの時間 (8 hours here).
    startedMinutesAgo: 11 * 60 + 20,
    good: 450,
  },
  {
    slip: '24-1194',
    machine: null,
    processing: [4, 8],
    workers: [1],
    startedMinutesAgo: 15,
    call: QUALITY_CALL,
  },
];

/**
 * Opens the board signed in, once its calls show and the times have ticked; the flashing calls are
 * then held at their brighter step, whatever moment the screenshot falls on.
 */
async function openBoard(
  openPage: ScreenshotTools['openPage'],
  viewport: { width: number; height: number },
  { turnPages = false } = {},
): Promise<Page> {
  const page = await openPage(viewport);
  // The pages turned by hand (freezeCalls), so that none turns while the screenshot is taken.
  if (turnPages) await page.clock.install();
  await page.goto('/board');
  await signIn(page);
  await page.getByTestId('board-call').first().waitFor();
  await page.waitForTimeout(1_200);
  await freezeCalls(page);
  return page;
}

/** Holds the flashing calls at their brighter step, whatever moment the screenshot falls on. */
async function freezeCalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      animation.pause();
      animation.currentTime = 0;
    }
  });
}

/** Fails unless the page fits its window: no scrolling down or across. */
async function assertNoScrolling(page: Page, what: string): Promise<void> {
  const fit = await boardFit(page);
  process.stdout.write(
    `${what}: scrollHeight ${fit.scrollHeight} / innerHeight ${fit.innerHeight}, scrollWidth ${fit.scrollWidth} / innerWidth ${fit.innerWidth}; the tiles end at ${fit.tilesBottom.toFixed(1)}\n`,
  );
  if (fit.scrollHeight > fit.innerHeight || fit.scrollWidth > fit.innerWidth) {
    throw new Error(`${what} scrolls: the page is ${fit.scrollWidth}×${fit.scrollHeight} in a ${fit.innerWidth}×${fit.innerHeight} window`);
  }
}

await screenshotRun(async ({ admin, openPage, save }) => {
  await arrangeFloor(admin, { machines, jobs });
  for (const viewport of viewports) {
    const page = await openBoard(openPage, viewport);
    await save(page, 'board');
    await page.context().close();
  }
});

await screenshotRun(async ({ admin, openPage, save }) => {
  await arrangeFloor(admin, fullFloor);
  const page = await openBoard(openPage, { width: 1920, height: 1080 });
  const tiles = await page.getByTestId('board-tile').count();
  if (tiles !== TILES_PER_PAGE) throw new Error(`the full floor shows ${tiles} tiles, not ${TILES_PER_PAGE}`);
  await save(page, 'board-20-machines');
  await assertNoScrolling(page, `the board of ${TILES_PER_PAGE} machines (TILES_PER_PAGE) at 1920×1080`);
  await page.context().close();
});

await screenshotRun(async ({ admin, openPage, save }) => {
  await arrangeFloor(admin, severalJobsFloor);
  for (const viewport of viewports) {
    const page = await openBoard(openPage, viewport, { turnPages: true });
    const shown = async () => (await boardFit(page)).machines;
    for (let turns = 0; !(await shown()).includes('折り機 4号'); turns++) {
      await assertNoScrolling(page, `the floor of three jobs at once at ${viewport.width}×${viewport.height}, page ${turns + 1}`);
      if (turns > TILES_PER_PAGE) throw new Error('no page shows 折り機 4号');
      await page.clock.runFor(PAGE_TURN_MS);
    }
    await freezeCalls(page);
    await assertNoScrolling(page, `the floor of three jobs at once at ${viewport.width}×${viewport.height}, the page of 折り機 4号`);
    await save(page, 'board-three-jobs');
    await page.context().close();
  }
});
