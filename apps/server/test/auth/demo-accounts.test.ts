import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../src/seed/demo-accounts.ts';
import { post } from './helpers.ts';

describe('demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates them verified with their passwords, once, and never overwrites an existing account', async () => {
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
    // An account that already uses a demo e-mail is left alone.
    await t.database.query(
      "insert into users (first_name, last_name, email, role) values ('Real', 'Person', $1, 'user')",
      [admin.email],
    );
    await Promise.all([seedDemoAccounts(t.app), seedDemoAccounts(t.app)]);
    await seedDemoAccounts(t.app);
    const rows = await t.database.query<{
      email: string;
      role: string;
      verified: boolean;
      first_name: string;
    }>('select email, role, email_verified_at is not null as verified, first_name from users order by email');
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    expect(rows.find((r) => r.email === admin.email)).toMatchObject({
      first_name: 'Real',
      role: 'user',
      verified: false,
    });
    const user = DEMO_ACCOUNTS.find((a) => a.role === 'user')!;
    const login = await post(t, '/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({
      email: user.email,
      emailVerified: true,
      role: 'user',
      first_name: user.firstName,
    });
  });
});
