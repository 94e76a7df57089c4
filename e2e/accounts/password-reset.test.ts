import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { codeOf, mailIds, waitForMail } from '../helpers/mailbox.ts';
import { dialog, field, gone, header, typeOtp, visible } from '../helpers/ui.ts';

const e2e = useE2E();

describe('forgotten password', () => {
  it('mails a code, resets the password with the 4-box code, and signs in with the new password', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    const newPassword = 'Fringe!2025';
    const { page } = await e2e.newPage();
    await page.goto('/');

    await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    const signIn = await visible(dialog(page, 'Sign in'));
    await signIn.getByText('Forgot Password?').click();
    const forgot = await visible(dialog(page, 'Forgot Password'));
    await field(forgot, 'Email').fill(account.email);
    const before = await mailIds(e2e.baseUrl, account.email);
    await forgot.getByRole('button', { name: 'Reset', exact: true }).click();

    // Forgot success opens Reset Password (SPEC.md 4).
    const reset = await visible(dialog(page, 'Reset Password'));
    const code = codeOf(await waitForMail(e2e.baseUrl, account.email, before));
    await typeOtp(reset, code);
    for (let i = 1; i <= 4; i++)
      expect(await reset.getByLabel(`Digit ${i}`, { exact: true }).inputValue()).toBe(code[i - 1]);
    await field(reset, 'New Password').fill(newPassword);
    await field(reset, 'Confirm Password').fill(newPassword);
    await reset.getByRole('button', { name: 'Reset', exact: true }).click();

    // Reset success closes Reset and Forgot and opens Sign in.
    const signInAgain = await visible(dialog(page, 'Sign in'));
    await gone(dialog(page, 'Reset Password'));
    await gone(dialog(page, 'Forgot Password'));

    await field(signInAgain, 'Email').fill(account.email);
    await field(signInAgain, 'Password').fill(newPassword);
    await signInAgain.getByRole('button', { name: /^(sign in|log ?in)$/i }).click();
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
    await gone(dialog(page, 'Sign in'));

    // The old password no longer works, and the session from before the reset was revoked.
    const old = await apiCall(e2e.baseUrl, '/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(old.status).toBe(401);
    expect((await apiCall(e2e.baseUrl, '/auth/me', { token: account.token })).status).toBe(401);
  });
});
