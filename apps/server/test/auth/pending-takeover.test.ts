import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCode, newAccount, post } from './helpers.ts';

// Issue 7.2: a password set by someone who never proved the mailbox must not survive its verification.
describe('re-registering a pending e-mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => post(t, '/auth/login', { email, password });

  it('does not let an attacker who re-registers the address keep a way in', async () => {
    const victim = newAccount({ first_name: 'Vera', password: 'Victim@2024' });
    expect((await post(t, '/auth/register', victim)).statusCode).toBe(201);
    // The attacker registers the same address before the victim verifies: same answer as a first one.
    const attack = await post(t, '/auth/register', {
      ...victim,
      first_name: 'Mallory',
      password: 'Attack@2024',
    });
    expect(attack.statusCode).toBe(201);
    // The attacker cannot use the pending account (no 403 + code for their password).
    expect((await login(victim.email, 'Attack@2024')).statusCode).toBe(401);

    // The victim verifies with the genuine (newest) code from the mailbox, giving their password.
    const verified = await post(t, '/auth/verify-otp', {
      email: victim.email,
      otp: lastCode(t, victim.email),
      password: 'Victim@2024',
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.first_name).toBe('Vera');

    expect((await login(victim.email, 'Attack@2024')).statusCode).toBe(401);
    const owner = await login(victim.email, 'Victim@2024');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.first_name).toBe('Vera');
  });

  it('sets the password given with the code, also when a sign-up by someone else is resumed', async () => {
    // The attacker registers first; the owner later "registers" too, gets the code and chooses the password.
    const email = newAccount().email;
    await post(t, '/auth/register', { ...newAccount(), email, password: 'Attack@2024' });
    await post(t, '/auth/register', { ...newAccount(), email, password: 'Owner@2024' });
    const res = await post(t, '/auth/verify-otp', { email, otp: lastCode(t, email), password: 'Owner@2024' });
    expect(res.statusCode).toBe(200);
    expect((await login(email, 'Attack@2024')).statusCode).toBe(401);
    expect((await login(email, 'Owner@2024')).statusCode).toBe(200);
  });

  it('resumes an abandoned sign-up through sign-in, and only with the first password', async () => {
    const owner = newAccount({ password: 'Owner@2024' });
    await post(t, '/auth/register', owner);
    await post(t, '/auth/register', { ...owner, password: 'Attack@2024' });
    expect((await login(owner.email, 'Attack@2024')).statusCode).toBe(401);
    const resumed = await login(owner.email, 'Owner@2024');
    expect(resumed.statusCode).toBe(403);
    const res = await post(t, '/auth/verify-otp', {
      email: owner.email,
      otp: lastCode(t, owner.email),
      password: 'Owner@2024',
    });
    expect(res.statusCode).toBe(200);
    expect((await login(owner.email, 'Owner@2024')).statusCode).toBe(200);
  });

  it('asks for the password with the code', async () => {
    const account = newAccount();
    await post(t, '/auth/register', account);
    const res = await post(t, '/auth/verify-otp', { email: account.email, otp: lastCode(t, account.email) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.password).toBe(v.passwordRequired);
  });
});
