import type { Locator, Page } from 'playwright-core';

/**
 * Role and label selectors for the accessible names the web app promises (dialog titles, field labels,
 * "Digit 1".."Digit 4", "Account menu", "Notifications"), plus waits that fail with a readable message.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its label, exactly (so "Password" does not also match "Confirm Password"); a required
 * marker after the label is tolerated. */
export const field = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

export const header = (page: Page): Locator => page.getByRole('banner');

export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout?: number): Promise<void> {
  // `hidden` resolves for detached elements too; wait on every match, not only the first.
  await locator.last().waitFor({ state: 'hidden', timeout });
  const count = await locator.count();
  for (let i = 0; i < count; i++) await locator.nth(i).waitFor({ state: 'hidden', timeout });
}

/** The validation message `text` is shown in `scope` (helper text under a field). */
export const showsMessage = (scope: Page | Locator, text: string) =>
  visible(scope.getByText(text, { exact: true }));

export const hidesMessage = (scope: Page | Locator, text: string) =>
  gone(scope.getByText(text, { exact: true }));

/** Waits until the page is at `pathAndQuery` (pathname + search, e.g. "/login?redirect=%2Fmy-items"). */
export async function at(page: Page, pathAndQuery: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname + url.search === pathAndQuery, {
      timeout,
      waitUntil: 'commit',
    });
  } catch (err) {
    const url = new URL(page.url());
    throw new Error(`Expected to be at ${pathAndQuery}, but the page is at ${url.pathname}${url.search}`, {
      cause: err,
    });
  }
}

/**
 * A toast containing this text. react-hot-toast renders each as role="status"; a CSS selector rather than
 * getByRole because while an MUI dialog is open the rest of the page, toaster included, is aria-hidden
 * (so the toast is seen, but out of the accessibility tree).
 */
export const toast = (page: Page, text: string): Locator =>
  page.locator('[role="status"]').filter({ hasText: text });

/** Types a code into the 4-box OTP input the way a person does: box by box, focus advancing. */
export async function typeOtp(scope: Page | Locator, code: string): Promise<void> {
  await scope.getByLabel('Digit 1', { exact: true }).click();
  await scope.getByLabel('Digit 1', { exact: true }).pressSequentially(code, { delay: 20 });
}

/** The disabled state of a button, waited for until it has the expected value. */
export async function waitEnabled(button: Locator, enabled: boolean, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await button.isEnabled()) === enabled) return;
    if (Date.now() > deadline)
      throw new Error(`Expected the button to be ${enabled ? 'enabled' : 'disabled'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
