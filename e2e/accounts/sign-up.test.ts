import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiMessages } from '@knotwork/shared/messages/api';
import { apiCall, newPerson, registerThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { codeOf, mailIds, waitForMail } from '../helpers/mailbox.ts';
import { at, dialog, field, gone, header, toast, typeOtp, visible, waitEnabled } from '../helpers/ui.ts';

const e2e = useE2E();
const SIGN_IN_BUTTON = /^(sign in|log ?in)$/i;

describe('sign up and e-mail verification', () => {
  it('signs up, verifies with the mailed code, shows the avatar, and logs out', async () => {
    // Signing in before verifying is an expected answer (202, decision 077): nothing in the console.
    const { page } = await e2e.newPage();
    const person = newPerson();
    await page.goto('/');

    await header(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
    const signUp = await visible(dialog(page, 'Sign Up'));
    await field(signUp, 'First Name').fill(person.first_name);
    await field(signUp, 'Last Name').fill(person.last_name);
    await field(signUp, 'Email').fill(person.email);
    await field(signUp, 'Password').fill(person.password);
    await field(signUp, 'Confirm Password').fill(person.password);
    const save = signUp.getByRole('button', { name: 'Save', exact: true });
    await waitEnabled(save, false);
    await signUp.getByRole('checkbox').check();
    await waitEnabled(save, true);

    const before = await mailIds(e2e.baseUrl, person.email);
    await save.click();
    // Registration success closes Sign Up and opens Sign in (SPEC.md 4); the code is mailed.
    const signIn = await visible(dialog(page, 'Sign in'));
    await gone(dialog(page, 'Sign Up'));
    await visible(toast(page, apiMessages.registered));
    const code = codeOf(await waitForMail(e2e.baseUrl, person.email, before));

    // Signing in with the unverified address leads to the code screen; the sign-up's code still holds, so no
    // second code is mailed (one sign-up, one code) and the notice says to use the one sent.
    const beforeLogin = await mailIds(e2e.baseUrl, person.email);
    await field(signIn, 'Email').fill(person.email);
    await field(signIn, 'Password').fill(person.password);
    await signIn.getByRole('button', { name: SIGN_IN_BUTTON }).click();
    await at(page, '/verify-otp');
    await visible(toast(page, apiMessages.emailNotVerifiedCodeSent));
    await page.waitForTimeout(1500);
    expect(await mailIds(e2e.baseUrl, person.email)).toEqual(beforeLogin);

    await visible(page.getByText(person.email));
    await typeOtp(page, code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await at(page, '/home');
    await visible(toast(page, apiMessages.otpVerified));
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
    await gone(header(page).getByRole('button', { name: 'Sign Up', exact: true }));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeTruthy();

    await header(page).getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await at(page, '/');
    await visible(header(page).getByRole('button', { name: 'Login', exact: true }));
    expect(
      await page.evaluate(
        (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.user)],
        STORAGE_KEYS,
      ),
    ).toEqual([null, null]);
  });

  it('sends an unverified account that signs in to /verify-otp, where a wrong code shows the server message', async () => {
    // The wrong code's 400 is the only failed answer Chromium logs.
    const { page } = await e2e.newPage({ allow: [httpStatusNoise(400)] });
    const person = newPerson({ first_name: 'Grace' });
    await registerThroughApi(e2e.baseUrl, person);
    const first = await waitForMail(e2e.baseUrl, person.email);
    await page.goto('/');

    await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    const signIn = await visible(dialog(page, 'Sign in'));
    await field(signIn, 'Email').fill(person.email);
    await field(signIn, 'Password').fill(person.password);
    await signIn.getByRole('button', { name: SIGN_IN_BUTTON }).click();
    await at(page, '/verify-otp');

    // Resend OTP: the notice of SPEC.md 8, a new mail, and only the newest code counts.
    const beforeResend = await mailIds(e2e.baseUrl, person.email);
    await page
      .getByRole('button', { name: 'Resend OTP' })
      .or(page.getByRole('link', { name: 'Resend OTP' }))
      .click();
    await visible(toast(page, 'OTP has been resent'));
    const code = codeOf(await waitForMail(e2e.baseUrl, person.email, beforeResend));
    expect(first.id).not.toBe((await waitForMail(e2e.baseUrl, person.email)).id);

    // A wrong code: the server's message is shown (SPEC.md 8) and the user stays on the code screen.
    const wrong = code === '0000' ? '1111' : '0000';
    await typeOtp(page, wrong);
    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    await verify.click();
    await visible(page.getByText(apiMessages.otpInvalid, { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/verify-otp');

    for (let i = 4; i >= 1; i--) await page.getByLabel(`Digit ${i}`, { exact: true }).fill('');
    await typeOtp(page, code);
    await verify.click();
    await at(page, '/home');
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
  });

  it('asks for the password with the code when the page was reloaded, and that password is the one set', async () => {
    const { page } = await e2e.newPage({ allow: [httpStatusNoise(400)] });
    const person = newPerson();
    const code = await registerThroughApi(e2e.baseUrl, person);
    // A fresh page: nothing typed in this tab, so the code screen needs the password too.
    await page.goto(`/verify-otp?email=${encodeURIComponent(person.email)}`);
    await typeOtp(page, code);
    const password = page.getByLabel('Password', { exact: true });
    await visible(password);
    await password.fill(person.password);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await at(page, '/home');
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
    expect(await loginStatus(e2e.baseUrl, person.email, person.password)).toBe(200);
  });
});

async function loginStatus(baseUrl: string, email: string, password: string): Promise<number> {
  return (await apiCall(baseUrl, '/auth/login', { body: { email, password } })).status;
}
