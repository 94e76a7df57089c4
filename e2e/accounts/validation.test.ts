import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { validationMessages as m } from '@knotwork/shared/messages/validation';
import { useE2E } from '../helpers/harness.ts';
import {
  dialog,
  field,
  header,
  hidesMessage,
  showsMessage,
  typeOtp,
  visible,
  waitEnabled,
} from '../helpers/ui.ts';

const e2e = useE2E();

/** Types `value` into the field and expects `message` under it at once (validation on every change, SPEC.md 5). */
async function expectOnType(scope: Locator | Page, label: string, value: string, message: string) {
  await field(scope, label).fill(value);
  await showsMessage(scope, message);
}

/** Type then clear: the required message. */
async function expectRequired(scope: Locator | Page, label: string, message: string) {
  await field(scope, label).fill('x');
  await field(scope, label).fill('');
  await showsMessage(scope, message);
}

async function checkEmailMessages(scope: Locator, required = m.emailRequired, invalid = m.emailInvalid) {
  await expectRequired(scope, 'Email', required);
  await expectOnType(scope, 'Email', '   ', required);
  await expectOnType(scope, 'Email', 'ada@', invalid);
  if (required === m.emailRequired)
    await expectOnType(scope, 'Email', `${'a'.repeat(39)}@example.com`, m.emailMax);
  await field(scope, 'Email').fill('ada@example.com');
  await hidesMessage(scope, invalid);
  await hidesMessage(scope, required);
}

async function openFromHeader(page: Page, button: 'Login' | 'Sign Up', title: string) {
  await page.goto('/');
  await header(page).getByRole('button', { name: button, exact: true }).click();
  return visible(dialog(page, title));
}

describe('validation messages appear as you type (SPEC.md 5)', () => {
  it('Sign in: e-mail and password', async () => {
    const { page } = await e2e.newPage();
    const signIn = await openFromHeader(page, 'Login', 'Sign in');
    await checkEmailMessages(signIn);
    await expectRequired(signIn, 'Password', m.passwordRequired);
  });

  it('Sign Up: names, e-mail, password rules, confirmation; Save disabled until the terms box is ticked', async () => {
    const { page } = await e2e.newPage();
    const signUp = await openFromHeader(page, 'Sign Up', 'Sign Up');
    const save = signUp.getByRole('button', { name: 'Save', exact: true });
    await waitEnabled(save, false);

    await expectRequired(signUp, 'First Name', m.firstNameRequired);
    await expectOnType(signUp, 'First Name', '   ', m.firstNameRequired);
    await field(signUp, 'First Name').fill('Ada');
    await hidesMessage(signUp, m.firstNameRequired);
    await expectRequired(signUp, 'Last Name', m.lastNameRequired);
    await expectOnType(signUp, 'Last Name', '  ', m.lastNameRequired);
    await field(signUp, 'Last Name').fill('Weaver');
    await checkEmailMessages(signUp);

    await expectRequired(signUp, 'Password', m.passwordRequired);
    await expectOnType(signUp, 'Password', 'Rug@202', m.passwordMin);
    for (const weak of ['rugs@2024', 'RUGS@2024', 'Rugs@abcd', 'Rugs2024x'])
      await expectOnType(signUp, 'Password', weak, m.passwordStrength);
    await field(signUp, 'Password').fill('Rugs@2024');
    await hidesMessage(signUp, m.passwordStrength);

    await expectRequired(signUp, 'Confirm Password', m.confirmPasswordRequired);
    await expectOnType(signUp, 'Confirm Password', 'Rugs@2025', m.passwordsMustMatch);
    await field(signUp, 'Confirm Password').fill('Rugs@2024');
    await hidesMessage(signUp, m.passwordsMustMatch);

    // Everything is valid, but Save stays disabled until the terms box is ticked.
    await waitEnabled(save, false);
    const terms = signUp.getByRole('checkbox');
    await terms.check();
    await waitEnabled(save, true);
    await terms.uncheck();
    await waitEnabled(save, false);
  });

  it('Forgot Password and Reset Password: e-mail, 4-digit code, new password and confirmation', async () => {
    const { page } = await e2e.newPage();
    const signIn = await openFromHeader(page, 'Login', 'Sign in');
    await signIn.getByText('Forgot Password?').click();
    const forgot = await visible(dialog(page, 'Forgot Password'));
    await checkEmailMessages(forgot);
    await field(forgot, 'Email').fill('nobody.here@example.com');
    await forgot.getByRole('button', { name: 'Reset', exact: true }).click();

    const reset = await visible(dialog(page, 'Reset Password'));
    await typeOtp(reset, '12');
    await showsMessage(reset, m.otpNumber);
    await reset.getByLabel('Digit 2', { exact: true }).fill('');
    await reset.getByLabel('Digit 1', { exact: true }).fill('');
    await showsMessage(reset, m.otpRequired);
    await typeOtp(reset, '1234');
    await hidesMessage(reset, m.otpNumber);
    await hidesMessage(reset, m.otpRequired);

    await expectRequired(reset, 'New Password', m.passwordRequired);
    await expectOnType(reset, 'New Password', 'Rug@202', m.passwordMin);
    await field(reset, 'New Password').fill('Rugs@2024');
    await expectRequired(reset, 'Confirm Password', m.confirmPasswordRequired);
    await expectOnType(reset, 'Confirm Password', 'Rug@202', m.passwordMin);
    await expectOnType(reset, 'Confirm Password', 'Rugs@2025', m.passwordsMustMatch);
    await field(reset, 'Confirm Password').fill('Rugs@2024');
    await hidesMessage(reset, m.passwordsMustMatch);
  });

  it('Contact us: name, e-mail, phone and message', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/contact-us');
    const form = page.getByRole('main');
    await visible(field(form, 'Message'));

    await expectRequired(form, 'Name', m.nameRequired);
    await expectOnType(form, 'Name', '   ', m.nameRequired);
    await field(form, 'Name').fill('Ada');
    await hidesMessage(form, m.nameRequired);

    await expectRequired(form, 'Email', m.emailRequired);
    await expectOnType(form, 'Email', 'ada@', m.contactEmailInvalid);
    await field(form, 'Email').fill('ada@example.com');
    await hidesMessage(form, m.contactEmailInvalid);

    await expectRequired(form, 'Phone', m.phoneRequired);
    for (const bad of ['1234567', '+1234567', '1234567890123456', '12-345-678'])
      await expectOnType(form, 'Phone', bad, m.phoneInvalid);
    for (const good of ['12345678', '+123456789012345']) {
      await field(form, 'Phone').fill(good);
      await hidesMessage(form, m.phoneInvalid);
    }

    await expectRequired(form, 'Message', m.messageRequired);
    await expectOnType(form, 'Message', '  ', m.messageRequired);
    await field(form, 'Message').fill('Hello');
    await hidesMessage(form, m.messageRequired);
  });
});
