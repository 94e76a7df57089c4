import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, type TestContext } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { ErrorCollector, launchBrowser, newUserContext, type StoredSession } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface PageOptions {
  /** Start signed in as this user (token + user in local storage). */
  session?: StoredSession;
  /** Console/page errors this test expects (anything else fails it). */
  allow?: RegExp[];
  /**
   * The test the page belongs to, required in a test that runs beside others of its file (`describe.concurrent`,
   * `it.concurrent`; vitest passes it as the test function's argument): the page is closed, and its errors fail that test, when that test
   * ends. Without it the page belongs to the one test running, and is closed after it.
   */
  test?: TestContext;
}

export interface UserPage {
  page: Page;
  context: BrowserContext;
  errors: ErrorCollector;
}

export interface E2E {
  /** http://127.0.0.1:<port> of this file's server. */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A new browser context (one per user: own storage) with one page, watched for errors. */
  newPage(options?: PageOptions): Promise<UserPage>;
}

/**
 * One browser per worker process, shared by the files it runs one after another (the e2e project does not
 * isolate files, vitest.config.ts): a launch costs seconds on two cores, and each test works in contexts of its
 * own, closed after it. A browser that crashed or was closed is launched again.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const current = workerBrowser && (await workerBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/** Closes the pages' contexts, then fails if any page logged an unexpected error. */
async function closeAndCheck(pages: UserPage[]): Promise<void> {
  await Promise.all(pages.map((p) => p.context.close()));
  const errors = pages.flatMap((p) => p.errors.errors);
  if (errors.length) throw new Error(`Unexpected errors in the browser:\n  ${errors.join('\n  ')}`);
}

/**
 * Per test file: the worker's browser, and the server the run shares (e2e/helpers/global-setup.ts); a file that
 * needs its own configuration passes `serverEnv` and gets its own server on a fresh database. A context
 * per user, closed after each test, which then fails if any page logged an unexpected error. Tests of a file may
 * run side by side (`describe.concurrent`, at most `maxConcurrency` of vitest.config.ts at once): each passes its own
 * context to `newPage` so that its pages are its own.
 */
export function useE2E(serverEnv?: Record<string, string>): E2E {
  let server: Pick<RunningServer, 'baseUrl' | 'stop'> | undefined;
  let browser: Browser | undefined;
  let open: UserPage[] = [];

  beforeAll(async () => {
    const shared = inject('e2eBaseUrl');
    const ownServer =
      serverEnv || !shared
        ? startServer(serverEnv)
        : Promise.resolve({ baseUrl: shared, stop: async () => {} });
    [server, browser] = await Promise.all([ownServer, sharedBrowser()]);
  });

  afterEach(async ({ task }) => {
    const pages = open;
    open = [];
    await closeAndCheck(pages);
    // Beside other tests, a page without its test could be any of theirs: closed here under the others' feet.
    if (task.concurrent && pages.length)
      throw new Error('a test that runs concurrently opens its pages with e2e.newPage({ test: context })');
  });

  afterAll(async () => {
    // The browser stays for the worker's next file; a test that left a context open has it closed here.
    await Promise.all([...(browser?.contexts() ?? []).map((c) => c.close()), server?.stop()]);
  });

  return {
    get baseUrl() {
      if (!server) throw new Error('the e2e server is not running (beforeAll failed?)');
      return server.baseUrl;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
    async newPage(options = {}) {
      const context = await newUserContext(this.browser, this.baseUrl, STORAGE_KEYS, {
        session: options.session,
      });
      const errors = new ErrorCollector(options.allow);
      const page = await context.newPage();
      errors.watch(page);
      waitForHydration(page);
      const entry = { page, context, errors };
      if (options.test) options.test.onTestFinished(() => closeAndCheck([entry]));
      else open.push(entry);
      return entry;
    },
  };
}

/**
 * `goto` and `reload` return once the app's page is interactive: a server-rendered page shows before its scripts
 * have hydrated it, and a click then would be lost. The app marks <html data-hydrated> after its first commit
 * (apps/web/src/app/hydrated-mark.tsx); other documents (an .ics file, the API docs) are not waited for.
 */
function waitForHydration(page: Page) {
  const settle = async () => {
    const isApp = await page.evaluate(() => document.getElementById('root') !== null).catch(() => false);
    if (isApp) await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await settle();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await settle();
    return response;
  };
}
