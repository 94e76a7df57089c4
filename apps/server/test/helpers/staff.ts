import type { TestApp } from './app.ts';
import { signUp } from '../auth/helpers.ts';
import { makeStaff } from '../jobs/fixtures.ts';

export async function staffAccount(t: TestApp) {
  const account = await signUp(t, { first_name: 'Staff', last_name: 'Specialist' });
  await makeStaff(t.database, account.user.id);
  return account;
}

export function send(
  t: TestApp,
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
  token?: string,
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** ISO instant `seconds` from now. */
export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
