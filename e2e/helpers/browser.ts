import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, without the background traffic that would slow a 2-core machine down. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install it with ` +
        "`flock /tmp/apt.lock sh -c 'apt-get update -qq && apt-get install -y -qq chromium'` or set CHROMIUM_PATH.",
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Collects what would show in a developer's console as a problem: uncaught page errors and console
 * errors. A test fails on any of them unless it is on the allow-list (e.g. the 401 an expired session is
 * expected to produce). Chromium reports every failed HTTP response as a console error ("Failed to load
 * resource: ... status of 401"), so expected status codes are allowed by pattern.
 */
export class ErrorCollector {
  readonly errors: string[] = [];
  private readonly allow: RegExp[] = [];

  constructor(allow: RegExp[] = []) {
    this.allow.push(...allow);
  }

  allowMore(...patterns: RegExp[]) {
    this.allow.push(...patterns);
  }

  watch(page: Page) {
    page.on('pageerror', (err) => this.record(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const where = msg.location().url;
      this.record(`console.error: ${msg.text()}${where ? ` (${where})` : ''}`);
    });
  }

  private record(message: string) {
    if (!this.allow.some((re) => re.test(message))) this.errors.push(message);
  }
}

/** Matches Chromium's console line for a failed response with one of these HTTP statuses. */
export const httpStatusNoise = (...statuses: number[]): RegExp =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})\\b`);

export interface StoredSession {
  token: string;
  user: unknown;
}

export interface NewContextOptions {
  /** Start already signed in: the token and user are put in local storage as the web app keeps them. */
  session?: StoredSession;
}

export async function newUserContext(
  browser: Browser,
  baseUrl: string,
  storageKeys: { token: string; user: string },
  options: NewContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    // Sign-in is put in place before the first script of the app runs, exactly as a returning visitor's.
    storageState: options.session
      ? {
          cookies: [],
          origins: [
            {
              origin: baseUrl,
              localStorage: [
                { name: storageKeys.token, value: options.session.token },
                { name: storageKeys.user, value: JSON.stringify(options.session.user) },
              ],
            },
          ],
        }
      : undefined,
  });
  // Generous: the machine running the suite may be busy (two cores shared with the server and the build).
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}
