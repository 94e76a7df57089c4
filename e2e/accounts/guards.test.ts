import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { createVerifiedUser, revokeToken } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, dialog, field, header, toast, visible } from '../helpers/ui.ts';

const e2e = useE2E();

describe('route guards and session expiry', () => {
  it('sends a signed-out visitor from /my-items to /login?redirect=%2Fmy-items, and back after signing in', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage();
    await page.goto('/my-items');
    await at(page, '/login?redirect=%2Fmy-items');

    const signIn = await visible(dialog(page, 'Sign in'));
    await field(signIn, 'Email').fill(account.email);
    await field(signIn, 'Password').fill(account.password);
    await signIn.getByRole('button', { name: /^(sign in|log ?in)$/i }).click();
    await at(page, '/my-items');
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
  });

  it('keeps the query and hash in the redirect', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/notification?page=2#latest');
    await at(page, `/login?redirect=${encodeURIComponent('/notification?page=2#latest')}`);
  });

  it('redirects an unknown path to /404', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/no/such/page');
    await at(page, '/404');
  });

  it('on a revoked token: toast "Session expired. Please log in again." and /login', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: account, allow: [httpStatusNoise(401)] });
    await page.goto('/');
    const menu = await visible(header(page).getByRole('button', { name: 'Account menu' }));
    await page.waitForLoadState('networkidle');

    // The session ends on the server (logout elsewhere, password reset): the next call answers 401.
    await revokeToken(e2e.baseUrl, account.token);
    // Opening the profile loads GET /auth/profile. A background refresh may meet the 401 first and leave
    // the page before the click lands; either way the outcome below must follow.
    await menu
      .click({ timeout: 5_000 })
      .then(() => page.getByRole('menuitem', { name: 'Profile' }).click({ timeout: 5_000 }))
      .catch(() => undefined);
    await visible(toast(page, 'Session expired. Please log in again.'));
    await at(page, '/login');
    // The notice is shown again after the hard redirect, so it is not lost with the page.
    await visible(toast(page, 'Session expired. Please log in again.'));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
    // /login offers the sign-in dialog (which hides the header from the accessibility tree while open).
    await visible(dialog(page, 'Sign in'));
  });

  it('treats a stored token the server refuses at start-up as signed out, without a toast', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    await revokeToken(e2e.baseUrl, account.token);
    const { page } = await e2e.newPage({ session: account, allow: [httpStatusNoise(401)] });
    await page.goto('/about-us');
    await visible(header(page).getByRole('button', { name: 'Login', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/about-us');
    expect(
      await page.evaluate(
        (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.user)],
        STORAGE_KEYS,
      ),
    ).toEqual([null, null]);
    expect(await toast(page, 'Session expired. Please log in again.').count()).toBe(0);
  });

  it('takes a signed-in user from the bell to /notification, which loads without errors', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: account });
    await page.goto('/');
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
    await header(page).getByRole('button', { name: 'Notifications' }).click();
    await at(page, '/notification');
    // Give the list call time to answer: a failed one would be reported as a console error.
    await page.waitForLoadState('networkidle');
  });

  it('opens the sign-in dialog when an anonymous visitor clicks the bell', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/');
    await header(page).getByRole('button', { name: 'Notifications' }).click();
    await visible(dialog(page, 'Sign in'));
  });
});
