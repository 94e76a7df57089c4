import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signedInUser, validAddress } from './helpers.ts';

type Address = { id: string; isDefault: boolean; [k: string]: unknown };

describe('saved addresses', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signedInUser>>;
  let bob: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await signedInUser(t, 'alice@example.com');
    bob = await signedInUser(t, 'bob@example.com');
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (who: { headers: Record<string, string> }) =>
    (await call('GET', '/address/get', who.headers)).json().data as Address[];
  const add = async (who: { headers: Record<string, string> }, body: object) => {
    const res = await call('POST', '/address/add', who.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as Address;
  };

  it('refuses every address route without a token', async () => {
    for (const [method, url] of [
      ['GET', '/address/get'],
      ['POST', '/address/add'],
      ['PUT', '/address/update/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/address/delete/00000000-0000-4000-8000-000000000000'],
      ['GET', '/address/shipping?addressId=00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await call(
        method,
        url,
        {},
        method === 'POST' || method === 'PUT' ? validAddress : undefined,
      );
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Session expired. Please log in again.' });
    }
  });

  it('starts empty, and the first address becomes the default, normalised', async () => {
    expect(await list(alice)).toEqual([]);
    const res = await call('POST', '/address/add', alice.headers, {
      ...validAddress,
      country: 'us',
      state: 'ny',
      postalCode: '10022',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Address added');
    expect(body.data).toMatchObject({
      name: 'Eleanor Vance',
      phone: '+12125550147',
      line1: '225 East 57th Street',
      line2: 'Apt 12B',
      city: 'New York',
      state: 'NY',
      stateName: 'New York',
      postalCode: '10022',
      country: 'US',
      countryName: 'United States',
      isDefault: true,
    });
    expect(await list(alice)).toHaveLength(1);
  });

  it('keeps exactly one default: a new default clears the old one', async () => {
    const second = await add(alice, { ...validAddress, line1: '1 Second Ave', isDefault: false });
    expect(second.isDefault).toBe(false);
    const third = await add(alice, { ...validAddress, line1: '3 Third Ave', isDefault: true });
    expect(third.isDefault).toBe(true);
    const all = await list(alice);
    expect(all.filter((a) => a.isDefault).map((a) => a.id)).toEqual([third.id]);
    expect(all[0]!.id).toBe(third.id); // the default comes first

    const res = await call('PUT', `/address/update/${second.id}`, alice.headers, {
      ...validAddress,
      line1: '2 Second Ave',
      isDefault: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Address updated',
      data: { id: second.id, line1: '2 Second Ave', isDefault: true },
    });
    expect((await list(alice)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.id]);

    // isDefault: false on the default never leaves the user without one.
    const keep = await call('PUT', `/address/update/${second.id}`, alice.headers, {
      ...validAddress,
      isDefault: false,
    });
    expect(keep.json().data.isDefault).toBe(true);
  });

  it('promotes the newest remaining address when the default is deleted', async () => {
    const before = await list(alice);
    const def = before.find((a) => a.isDefault)!;
    const newest = before
      .filter((a) => a.id !== def.id)
      .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))[0]!;
    const res = await call('DELETE', `/address/delete/${def.id}`, alice.headers);
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Address deleted');
    expect(data.map((a: Address) => a.id)).not.toContain(def.id);
    expect(data.filter((a: Address) => a.isDefault).map((a: Address) => a.id)).toEqual([newest.id]);
  });

  it("never shows or touches another user's address: 404 as if it did not exist", async () => {
    const mine = (await list(alice))[0]!;
    expect(await list(bob)).toEqual([]);
    const update = await call('PUT', `/address/update/${mine.id}`, bob.headers, validAddress);
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual({ message: 'Address not found' });
    const del = await call('DELETE', `/address/delete/${mine.id}`, bob.headers);
    expect(del.statusCode).toBe(404);
    const ship = await call('GET', `/address/shipping?addressId=${mine.id}`, bob.headers);
    expect(ship.statusCode).toBe(404);
    // Alice's address is untouched.
    expect((await list(alice)).find((a) => a.id === mine.id)).toEqual(mine);
    // Bob's first address is his default, whatever Alice has.
    expect((await add(bob, { ...validAddress, isDefault: false })).isDefault).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await call(
      'DELETE',
      '/address/delete/00000000-0000-4000-8000-000000000000',
      alice.headers,
    );
    expect(missing.statusCode).toBe(404);
    const bad = await call('DELETE', '/address/delete/not-a-uuid', alice.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid address id', errors: { id: 'Invalid address id' } });
  });

  it.each([
    [{ name: '' }, 'name', 'Full name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Full name must have at most 100 characters'],
    [{ phone: '' }, 'phone', 'Phone Number is required'],
    [{ phone: '12345' }, 'phone', 'Invalid phone number'],
    [{ phone: '+1 212 555 abcd' }, 'phone', 'Invalid phone number'],
    [{ line1: '   ' }, 'line1', 'Address line 1 is required'],
    [{ line2: 'y'.repeat(121) }, 'line2', 'Address lines must have at most 120 characters'],
    [{ city: '' }, 'city', 'City is required'],
    [{ postalCode: '' }, 'postalCode', 'Postal code is required'],
    [
      { postalCode: '<b>1</b>' },
      'postalCode',
      'Postal code may contain letters, digits, spaces and hyphens (at most 12)',
    ],
    [{ country: '' }, 'country', 'Country is required'],
    [{ country: 'USA' }, 'country', 'Country must be a two-letter ISO code'],
    [{ country: 'ZZ' }, 'country', 'Unknown country'],
    [{ state: '' }, 'state', 'State is required for this country'],
    [{ state: 'XX' }, 'state', 'Unknown state for this country'],
    [{ isDefault: 'yes' }, 'isDefault', undefined],
  ])('refuses %j with a 400 on %s', async (patch, field, message) => {
    const res = await call('POST', '/address/add', bob.headers, { ...validAddress, ...patch });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors)).toContain(field);
    if (message) {
      expect(body.errors[field]).toBe(message);
      expect(body.message).toBe(message);
    }
  });

  it('asks for no region where the country does not use one: a UK address without a state, a sent one not kept', async () => {
    const uk = await add(bob, {
      ...validAddress,
      country: 'GB',
      state: undefined,
      city: 'London',
      postalCode: 'sw1a 1aa',
    });
    expect(uk).toMatchObject({ country: 'GB', state: null, stateName: null, postalCode: 'SW1A 1AA' });
    const gi = await add(bob, {
      ...validAddress,
      country: 'GI',
      state: 'NY',
      city: 'Gibraltar',
      postalCode: 'GX11 1AA',
    });
    expect(gi).toMatchObject({ country: 'GI', state: null });
  });

  it('accepts an address without postal code or state where the country has none', async () => {
    const hk = await add(bob, {
      ...validAddress,
      country: 'HK',
      state: 'HCW',
      postalCode: '',
      city: 'Hong Kong',
    });
    expect(hk).toMatchObject({ country: 'HK', postalCode: null, state: null });
    const gi = await add(bob, {
      ...validAddress,
      country: 'GI',
      state: undefined,
      postalCode: 'GX11 1AA',
      line2: '',
      city: 'Gibraltar',
    });
    expect(gi).toMatchObject({
      country: 'GI',
      state: null,
      stateName: null,
      line2: null,
      postalCode: 'GX11 1AA',
    });
  });

  it('refuses a body that is not JSON, and a missing body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address/add',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    const empty = await call('POST', '/address/add', alice.headers);
    expect(empty.statusCode).toBe(400);
  });

  it('caps a user at 20 addresses', async () => {
    const carol = await signedInUser(t, 'carol@example.com');
    for (let i = 0; i < 20; i++) await add(carol, { ...validAddress, line1: `${i + 1} Cap Street` });
    const res = await call('POST', '/address/add', carol.headers, validAddress);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You can save at most 20 addresses. Please delete one first.' });
    expect(await list(carol)).toHaveLength(20);
  });

  it('keeps one default when several adds race', async () => {
    const dave = await signedInUser(t, 'dave@example.com');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('POST', '/address/add', dave.headers, { ...validAddress, line1: `${i} Race Rd` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const all = await list(dave);
    expect(all).toHaveLength(5);
    expect(all.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
