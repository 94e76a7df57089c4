import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKnotworkClient } from '@knotwork/client';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCode } from '../auth/helpers.ts';
import { endLotNow, openLotFixture } from '../jobs/fixtures.ts';
import { makeUser, usAddress } from '../commerce/helpers.ts';
import { injectFetch } from './inject-fetch.ts';

/** The generated client (packages/client) drives a whole flow: an integrator's view of the API. */
describe('the typed client: sign up, bid, pay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t?.close());

  it('signs up, verifies, bids, wins, pays by bank transfer and sees the order paid', async () => {
    const baseUrl = 'http://knotwork.test';
    const fetch = injectFetch(t.app);
    const anonymous = createKnotworkClient({ baseUrl, fetch });
    const account = {
      first_name: 'Leyla',
      last_name: 'Karimi',
      email: `leyla.${Date.now()}@example.com`,
      password: 'Kilim@2024',
    };

    const registered = await anonymous.POST('/api/v1/auth/register', { body: account });
    expect(registered.response.status).toBe(201);
    const refused = await anonymous.POST('/api/v1/auth/register', {
      body: { ...account, email: 'not-an-email' },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.message).toBeTruthy();

    // The code is mailed after the answer (lib/after-answer.ts).
    const otp = await vi.waitFor(() => lastCode(t, account.email));
    const verified = await anonymous.POST('/api/v1/auth/verify-otp', {
      body: { email: account.email, otp, password: account.password },
    });
    expect(verified.response.status).toBe(200);
    const token = verified.data!.token;
    const me = createKnotworkClient({ baseUrl, fetch, token });
    expect((await me.GET('/api/v1/auth/me')).data?.user.email).toBe(account.email);

    const { lotId, rugId } = await openLotFixture(t.database, { openingBid: 10_000 });
    const rug = await anonymous.GET('/api/v1/rug/{id}', { params: { path: { id: rugId } } });
    expect(rug.response.status).toBe(200);
    const noSession = await anonymous.POST('/api/v1/rug/add-offer/{id}', {
      params: { path: { id: lotId } },
      body: { amount: 12_000 },
    });
    expect(noSession.response.status).toBe(401);
    const placed = await me.POST('/api/v1/rug/add-offer/{id}', {
      params: { path: { id: lotId } },
      body: { amount: 12_000 },
    });
    expect(placed.response.status).toBe(201);
    expect(placed.data?.data.lot.leading).toBe(true);

    await endLotNow(t.database, lotId);
    await t.app.jobs.runDueJobsOnce();
    const orders = await me.GET('/api/v1/order/list');
    expect(orders.data?.data).toHaveLength(1);
    const orderId = orders.data!.data[0]!.id;

    const address = await me.POST('/api/v1/address/add', { body: usAddress });
    expect(address.response.status).toBe(201);
    const addressId = [address.data!.data].flat()[0]!.id;
    const transfer = await me.POST('/api/v1/payment/bank-transfer', {
      body: { orderIds: [orderId], addressId, shippingMethod: 'courier' },
    });
    expect(transfer.response.status).toBe(201);
    const { reference, checkout } = transfer.data!.data;

    const staff = await makeUser(t, { role: 'admin' });
    const desk = createKnotworkClient({ baseUrl, fetch, token: () => staff.token });
    const recorded = await desk.POST('/api/v1/admin/payments/bank-transfer', {
      body: { reference, amount: checkout.quote.total, currency: 'USD' },
    });
    expect(recorded.data?.data.outcome).toBe('paid');
    const order = await me.GET('/api/v1/order/{id}', { params: { path: { id: orderId } } });
    expect(order.data?.data.status).toBe('paid');
  });
});
