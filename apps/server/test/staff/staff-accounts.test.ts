import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStaffMessages } from '@knotwork/shared/schemas/staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';

/** Staff accounts: admins give, change and take away roles; nobody changes their own (decision 039). */
describe('staff API: staff accounts', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    admin = await makeUser(t);
    await t.database.query(`update users set role = 'admin' where id = $1`, [admin.id]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });

  it('makes a new person a specialist, lists them, and makes an existing collector accounts staff', async () => {
    const added = await call('POST', '/admin/staff', admin.token, {
      email: 'Nadia.Weaver@Example.com',
      firstName: 'Nadia',
      lastName: 'Weaver',
      role: 'specialist',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      message: adminStaffMessages.staffAdded,
      data: { email: 'nadia.weaver@example.com', role: 'specialist', name: 'Nadia Weaver' },
    });

    const collector = await makeUser(t);
    const [{ email } = { email: '' }] = await t.database.query<{ email: string }>(
      'select email from users where id = $1',
      [collector.id],
    );
    const promoted = await call('POST', '/admin/staff', admin.token, {
      email,
      firstName: 'Bea',
      lastName: 'Bidder',
      role: 'accounts',
    });
    expect(promoted.json().data).toMatchObject({ id: collector.id, role: 'accounts' });
    // The role holds at once: the collector's own session now reaches the orders.
    expect((await call('GET', '/admin/orders', collector.token)).statusCode).toBe(200);

    const list = (await call('GET', '/admin/staff', admin.token)).json().data as { email: string }[];
    expect(list.map((s) => s.email)).toEqual(expect.arrayContaining(['nadia.weaver@example.com', email]));
  });

  it('takes staff access away and signs the person out; refuses bad input and one\u2019s own role', async () => {
    const staff = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [staff.id]);
    const changed = await call('PATCH', `/admin/staff/${staff.id}`, admin.token, { role: 'accounts' });
    expect(changed.json()).toMatchObject({
      message: adminStaffMessages.roleChanged,
      data: { role: 'accounts' },
    });

    const removed = await call('PATCH', `/admin/staff/${staff.id}`, admin.token, { role: 'user' });
    expect(removed.json().message).toBe(adminStaffMessages.accessRemoved);
    expect((await call('GET', '/admin/dashboard', staff.token)).statusCode).toBe(401);

    const own = await call('PATCH', `/admin/staff/${admin.id}`, admin.token, { role: 'user' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(adminStaffMessages.notOwnRole);
    const bad = await call('POST', '/admin/staff', admin.token, {
      email: 'x',
      firstName: '',
      lastName: 'Y',
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {})).toEqual(
      expect.arrayContaining(['email', 'firstName', 'role']),
    );
    expect(
      (await call('PATCH', `/admin/staff/${crypto.randomUUID()}`, admin.token, { role: 'admin' })).statusCode,
    ).toBe(404);
  });
});
