import crypto from 'node:crypto';
import type { User } from '@knotwork/shared/schemas/user';
import { codeAfter } from './mailbox.ts';

export const DEMO_USER = {
  email: 'demo@knotwork.local',
  password: 'Demo@12345',
  first_name: 'Demo',
} as const;

export interface Credentials {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

export interface SignedInUser extends Credentials {
  token: string;
  user: User;
}

/** A new, unique person (the e-mail stays well under the 50-character limit). */
export function newPerson(overrides: Partial<Credentials> = {}): Credentials {
  const id = crypto.randomBytes(5).toString('hex');
  return {
    first_name: 'Ada',
    last_name: 'Weaver',
    email: `ada.${id}@example.com`,
    password: 'Knots@2024',
    ...overrides,
  };
}

export async function apiCall<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as T;
  return { status: res.status, body };
}

async function expectOk<T>(what: string, call: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Registers through the API and returns the verification code mailed for it. */
export async function registerThroughApi(baseUrl: string, person: Credentials): Promise<string> {
  return codeAfter(baseUrl, person.email, () =>
    expectOk('POST /auth/register', apiCall(baseUrl, '/auth/register', { body: person })),
  );
}

/** Register and verify through the API: a signed-in, verified user (fast; for tests about something else). */
export async function createVerifiedUser(
  baseUrl: string,
  overrides: Partial<Credentials> = {},
): Promise<SignedInUser> {
  const person = newPerson(overrides);
  const otp = await registerThroughApi(baseUrl, person);
  const { token, user } = await expectOk(
    'POST /auth/verify-otp',
    apiCall<{ token: string; user: User }>(baseUrl, '/auth/verify-otp', {
      body: { email: person.email, otp, password: person.password },
    }),
  );
  return { ...person, token, user };
}

export async function loginThroughApi(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ token: string; user: User }> {
  const body = await expectOk(
    'POST /auth/login',
    apiCall<{ accessToken: string; user: User }>(baseUrl, '/auth/login', { body: { email, password } }),
  );
  return { token: body.accessToken, user: body.user };
}

/** Ends the session behind `token` on the server (the browser still holds it: it is now revoked). */
export async function revokeToken(baseUrl: string, token: string): Promise<void> {
  await expectOk('POST /auth/logout', apiCall(baseUrl, '/auth/logout', { method: 'POST', token }));
}
