import { expect } from 'vitest';
import { settleAfterAnswer } from '../../src/lib/after-answer.ts';
import type { TestApp } from '../helpers/app.ts';

export const PASSWORD = 'Kilim@2024';

let counter = 0;
/** A fresh, valid registration payload with a unique e-mail. */
export function newAccount(
  overrides: Partial<{ first_name: string; last_name: string; email: string; password: string }> = {},
) {
  counter += 1;
  return {
    first_name: 'Ada',
    last_name: 'Weaver',
    email: `collector${counter}.${Date.now() % 100000}@example.com`,
    password: PASSWORD,
    ...overrides,
  };
}

/** POSTs and waits for the work the route defers past its answer (codes and mails), so tests can read them. */
export async function post(t: TestApp, url: string, payload: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await settleAfterAnswer();
  return res;
}

export async function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The 4-digit code in the newest mail to `email` (throws if there is none). */
export function lastCode(t: TestApp, email: string): string {
  const mail = [...t.mails].reverse().find((m) => m.to === email && /\b\d{4}\b/.test(m.subject));
  if (!mail) throw new Error(`no code mailed to ${email}`);
  return /\b(\d{4})\b/.exec(mail.text)![1]!;
}

/** Registers and verifies an account; returns its e-mail, a live token and the user. */
export async function signUp(t: TestApp, overrides: Parameters<typeof newAccount>[0] = {}) {
  const account = newAccount(overrides);
  const reg = await post(t, '/auth/register', account);
  expect(reg.statusCode).toBe(201);
  const res = await post(t, '/auth/verify-otp', {
    email: account.email,
    otp: lastCode(t, account.email),
    password: account.password,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { ...account, token: body.token as string, user: body.user };
}
