import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.ts';
import { apiSession, type ApiSession } from './api.ts';
import { launchBrowser, newContext } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

type Viewport = { width: number; height: number };

export interface SuiteOptions {
  /** The database behind the server: SQLite in its data directory (the default) or a new PostgreSQL database. */
  engine?: 'sqlite' | 'postgres';
  /** More environment for the server, as an operator would set it. */
  env?: Record<string, string>;
  /** The window of each test's browser; 1280×800, a 10-inch tablet held sideways, when not given. */
  viewport?: Viewport;
  /** Each test starts on the menu, signed in as these credentials (true: the administrator); by default it starts signed out on a blank page. */
  signedIn?: boolean | { userName: string; password: string };
  /** More Chromium switches for the file's browser, e.g. a fake camera's. */
  browserArgs?: string[];
  /** Arranges what the whole file needs once, before its first test, through the administrator's API session. */
  arrange?: (admin: ApiSession) => Promise<void>;
}

export interface Suite {
  readonly server: RunningServer;
  /** The administrator's API session, for arranging data and reading what the screens saved. */
  readonly admin: ApiSession;
  /** This test's page, in a browser context that is new for every test. */
  readonly page: Page;
  /**
   * A second browser of this test's own (another tablet, another person): its console is guarded too, and it is
   * closed after the test. On the file's server, or on another one the test started (`baseUrl`).
   */
  newPage(viewport?: Viewport, baseUrl?: string): Promise<Page>;
  /**
   * Declares that this test provokes a refusal on purpose, which the browser reports as a console
   * error: the server's answer with this status is then no fault, but the test fails unless it comes.
   */
  expectRefusal(status: number, why: string): void;
  /** As expectRefusal, for a refusal that a race may or may not bring: none need come. */
  allowRefusal(status: number, why: string): void;
  /**
   * Declares that this test cuts the network on purpose: the browser's reports of calls that found
   * none (or were aborted) are then no fault, but the test fails unless one comes.
   */
  expectNoNetwork(why: string): void;
  /**
   * Declares that calls made as the network comes back may still find none (the browser's online
   * event can come a moment before requests get through): such reports are then no fault, and none
   * need come.
   */
  allowNoNetwork(why: string): void;
  /**
   * Declares that this test stops a server under an open page on purpose: the browser then reports
   * each request that finds nobody listening as a console error, which is no fault; but the test
   * fails unless one comes.
   */
  expectConnectionLoss(why: string): void;
}

/** The browser's report of a call that found no network, or was aborted. */
const NO_NETWORK = /^console error: Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)/;
/** The browser's report of an answer refused with this status. */
const refusal = (status: number) => new RegExp(`^console error: Failed to load resource: the server responded with a status of ${status} `);
/**
 * The page registers its service worker 5 s after loading; when that falls while the network is cut
 * or the server is away, or while the test navigates or closes the page, Chromium reports the
 * worker's script as not fetched by itself, though the page catches the failure (and registers
 * again when the network is back, or at the next load). So it is allowed in every test. Chromium
 * gives this text for any network error on the script, a connection the server cut included (an
 * answer refused with a status gives another); that the worker is served and takes control is
 * what outbox.spec.ts checks.
 */
const SERVICE_WORKER_NOT_FETCHED = /^console error: An unknown error occurred when fetching the script\./;

interface ExpectedRefusal {
  pattern: RegExp;
  why: string;
  seen: boolean;
  /** Allowed rather than expected: the test does not fail when it never comes. */
  optional?: boolean;
}

/**
 * The set-up of every browser test file: the real server and one Chromium for the file, a fresh
 * context and page for each test, and a guard that fails a test on any console error or warning
 * and any uncaught error of its pages, since a clean console is part of what each path promises.
 * Call it once at the top of the file; it registers its own vitest hooks.
 */
export function e2eSuite(options: SuiteOptions = {}): Suite {
  let server: RunningServer | undefined;
  let database: TestDatabase | undefined;
  let browser: Browser | undefined;
  let admin: ApiSession | undefined;
  let contexts: BrowserContext[] = [];
  let page: Page | undefined;
  let problems: string[] = [];
  let expected: ExpectedRefusal[] = [];

  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only there while a test runs`);
    return value;
  };

  const guard = (context: BrowserContext) => {
    context.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      const { url, lineNumber } = message.location();
      const text = `console ${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
      const allowed = expected.find((entry) => entry.pattern.test(text));
      if (allowed) allowed.seen = true;
      else problems.push(text);
    });
    context.on('weberror', (error) => problems.push(`uncaught error: ${error.error().stack ?? error.error().message}`));
  };

  const openContext = async (viewport?: Viewport, baseUrl?: string) => {
    const context = await newContext(
      required(browser, 'the browser'),
      baseUrl ?? required(server, 'the server').baseUrl,
      viewport ?? options.viewport,
    );
    guard(context);
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    if (options.engine === 'postgres') database = await createTestDatabase('postgres');
    const databaseEnv: Record<string, string> = database?.config.engine === 'postgres' ? { DATABASE_URL: database.config.url } : {};
    server = await startServer({ ...databaseEnv, ...options.env });
    browser = await launchBrowser(options.browserArgs);
    admin = await apiSession(server.baseUrl);
    await options.arrange?.(admin);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });
  beforeEach(async () => {
    problems = [];
    expected = [
      { pattern: SERVICE_WORKER_NOT_FETCHED, why: 'a page left while its worker script was fetched', seen: false, optional: true },
    ];
    page = await (await openContext()).newPage();
    if (options.signedIn) {
      const credentials = options.signedIn === true ? undefined : options.signedIn;
      // Signed in through the API and the page loaded with its cookie, as after a reload: ログイン's own
      // screen is tested where it is the subject (platform.spec), and drawing it for every test of a
      // signed-in file cost about 0.7 s each.
      const session = await apiSession(required(server, 'the server').baseUrl, credentials?.userName, credentials?.password);
      await page.context().addCookies([{ ...session.cookie(), url: required(server, 'the server').baseUrl }]);
      await page.goto('/');
      await page.getByTestId('current-user-name').waitFor();
    }
  });
  afterEach(async ({ task }) => {
    for (const entry of expected) if (!entry.seen && !entry.optional) problems.push(`the expected refusal (${entry.why}) did not come`);
    try {
      if (task.result?.state === 'fail' || problems.length) await reportPages(task.name, contexts);
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
      contexts = [];
      page = undefined;
    }
    if (problems.length) throw new Error(`the browser console was not as expected:\n${problems.join('\n')}`);
  });

  return {
    get server() {
      return required(server, 'the server');
    },
    get admin() {
      return required(admin, 'the administrator session');
    },
    get page() {
      return required(page, 'the page');
    },
    async newPage(viewport, baseUrl) {
      return (await openContext(viewport, baseUrl)).newPage();
    },
    expectNoNetwork(why) {
      expected.push({ pattern: NO_NETWORK, why, seen: false });
    },
    allowNoNetwork(why) {
      expected.push({ pattern: NO_NETWORK, why, seen: false, optional: true });
    },
    allowRefusal(status, why) {
      expected.push({ pattern: refusal(status), why, seen: false, optional: true });
    },
    expectRefusal(status, why) {
      expected.push({ pattern: refusal(status), why, seen: false });
    },
    expectConnectionLoss(why) {
      expected.push({ pattern: /^console error: .*net::ERR_CONNECTION_REFUSED/, why, seen: false });
    },
  };
}

/** How long a page's text is waited for: a page whose script is held (a native dialog open) never answers. */
const PAGE_TEXT_WAIT_MS = 5_000;

/**
 * What each of a failed test's pages showed at its end, on the standard error: its address, then its open
 * dialogs, status lines and alerts (通信中…, a question left open, an error), its disabled buttons, then the
 * start of its visible text. A failure seen once in a CI run can then be read there, where no screenshot is kept.
 */
async function reportPages(testName: string, contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  const shown = await Promise.all(
    pages.map(async (page, index) => {
      const text = await Promise.race([
        page.evaluate(() => {
          const notices = [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog], [role=status], [role=alert]')];
          const noticed = notices.map((element) => `[${element.getAttribute('role')}] ${element.innerText}`);
          // A click that timed out on a button waited for it to be enabled, or for it to be there at all.
          const disabled = [...document.querySelectorAll<HTMLButtonElement>('button:disabled')].map((button) => button.innerText.trim());
          return [
            ...noticed,
            `[disabled buttons] ${disabled.filter(Boolean).join('、') || 'none'}`,
            document.body.innerText.slice(0, 3000),
          ].join('\n');
        }),
        new Promise<string>((resolve) => setTimeout(() => resolve('(no answer: the page is held)'), PAGE_TEXT_WAIT_MS)),
      ]).catch((error: unknown) => `(not readable: ${String(error)})`);
      return `--- page ${index + 1} of ${pages.length}: ${page.url()}\n${text}`;
    }),
  );
  process.stderr.write(`\nThe pages of the test "${testName}" at its end:\n${shown.join('\n')}\n`);
}
