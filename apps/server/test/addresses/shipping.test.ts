import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingZone } from '../../src/modules/addresses/shipping.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { signedInUser, validAddress } from './helpers.ts';

describe('shipping quote', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp({ CURRENCY: 'EUR' });
    user = await signedInUser(t, 'ship@example.com');
  });
  afterAll(() => t.close());

  it('puts countries in zones', () => {
    expect(shippingZone('US')).toBe('domestic');
    expect(shippingZone('gb')).toBe('europe');
    expect(shippingZone('CH')).toBe('europe');
    expect(shippingZone('JP')).toBe('rest_of_world');
  });

  it.each([
    [{ country: 'US', state: 'CA', postalCode: '94110' }, 'domestic', 9_500],
    [{ country: 'FR', state: '75C', postalCode: '75004' }, 'europe', 24_500],
    [{ country: 'AU', state: 'NSW', postalCode: '2000' }, 'rest_of_world', 34_500],
  ])('quotes %j as %s', async (where, zone, amount) => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address/add',
      headers: user.headers,
      payload: { ...validAddress, ...where },
    });
    expect(add.statusCode, add.body).toBe(201);
    const id = add.json().data.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/address/shipping?addressId=${id}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { addressId: id, amount, currency: 'EUR', zone } });
  });

  it('requires a well-formed address id', async () => {
    for (const url of ['/api/v1/address/shipping', '/api/v1/address/shipping?addressId=abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Address is required',
        errors: { addressId: 'Address is required' },
      });
    }
  });
});
