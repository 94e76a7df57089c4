import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayMessages as m, type OrderAutopay } from '@knotwork/shared/schemas/autopay';
import { createTestApp, startAppOn, type TestApp } from '../../helpers/app.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { addAddress, auth, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';
import { autopayKey } from '../../../src/modules/commerce/autopay/service.ts';

/**
 * Issue 29 §4 (decision 096): autopay with the saved card. The official SDK against the Stripe stand-in: an order is
 * paid by the job with no request from the buyer; a charge the bank wants the buyer for (authentication_required) or
 * declines tells them with a link and is retried on the schedule; the per-order switch; two job runs at once (two app
 * instances, on PostgreSQL two connections) charge once; the webhook reporting the same intent applies it once.
 */
let t: TestApp;
let stripe: StripeFake;
let admin: { id: string; token: string };
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', ...stripe.env });
  admin = await makeUser(t, { role: 'admin' });
  // "At once" unless a test says otherwise: the job charges an order in the run after it is made.
  expect((await setDelay(0)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

function setDelay(delayHours: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/autopay',
    headers: auth(admin.token),
    payload: { delayHours },
  });
}

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: auth(token), ...(payload ? { payload } : {}) });

/** A buyer with a saved card (as a confirmed SetupIntent leaves it) and an address, autopay on unless told. */
async function buyer(
  opts: { card?: 'good' | '3ds' | 'declined' | 'none'; autopay?: boolean; address?: boolean } = {},
) {
  const user = await makeUser(t);
  const card = `pm_fake_${crypto.randomBytes(5).toString('hex')}`;
  if (opts.card !== 'none') {
    await t.database.query(
      `update users set stripe_customer_id = $2, stripe_payment_method_id = $3, card_brand = 'visa', card_last4 = '4242'
       where id = $1`,
      [user.id, `cus_${user.id.slice(0, 8)}`, card],
    );
  }
  if (opts.card === '3ds') stripe.threeDs.add(card);
  if (opts.card === 'declined') stripe.declined.add(card);
  if (opts.address !== false) await addAddress(t, user.token);
  if (opts.autopay !== false)
    expect((await call('PUT', '/payment/autopay', user.token, { enabled: true })).statusCode).toBe(200);
  const [row] = await t.database.query<{ email: string }>(`select email from users where id = $1`, [user.id]);
  return { ...user, card, email: row!.email };
}

const runDue = (app: FastifyInstance = t.app) => app.services.autopay.runDue();
const autopayOf = async (token: string, orderId: string) => {
  const res = await call('GET', `/order/${orderId}/autopay`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: OrderAutopay }>().data;
};
/** The order's next attempt falls due now (the hours of the retry schedule pass). */
const makeDue = (orderId: string) =>
  t.database.query(
    `update order_autopay set next_attempt_at = now() - interval '1 second' where order_id = $1`,
    [orderId],
  );
const intentsOfOrder = (orderId: string) =>
  [...stripe.intents.values()].filter((pi) => (pi.metadata as Record<string, string>).orderId === orderId);
const appliedPayments = (orderId: string) =>
  count(
    t,
    `select count(*) as n from payments p join orders o on o.checkout_id = p.checkout_id
     where o.id = $1 and p.status = 'applied'`,
    [orderId],
  );

describe('autopay settings and the buyer’s choice', () => {
  it('Settings: at once, 24 h or 72 h (default 24 h); anything else is a 400 with the field named', async () => {
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/settings',
      headers: auth(admin.token),
    });
    expect(settings.json().data.autopay).toEqual({ delayHours: 0 });
    for (const bad of [5, '24', null, -24]) {
      const res = await setDelay(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const user = await makeUser(t);
    expect((await call('PUT', '/admin/settings/autopay', user.token, { delayHours: 72 })).statusCode).toBe(
      403,
    );
  });

  it('the account’s switch needs a saved card; bad input is a 400, signed out a 401', async () => {
    const user = await buyer({ card: 'none', autopay: false });
    let res = await call('GET', '/payment/autopay', user.token);
    expect(res.json().data).toEqual({ enabled: false, cardOnFile: false, delayHours: 0 });
    res = await call('PUT', '/payment/autopay', user.token, { enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: m.cardRequired, code: 'NO_SAVED_CARD' });
    for (const payload of [{ enabled: 'yes' }, {}, { enabled: true, extra: 1 }]) {
      res = await call('PUT', '/payment/autopay', user.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/v1/payment/autopay' });
    expect(signedOut.statusCode).toBe(401);
    const withCard = await buyer({ autopay: false });
    res = await call('PUT', '/payment/autopay', withCard.token, { enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.preferenceOn, data: { enabled: true, cardOnFile: true } });
  });
});

describe('the job charges the saved card off-session', () => {
  it('pays an order with no request from the buyer: one intent, keyed on the order and attempt, applied once; receipt mailed', async () => {
    const b = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    expect((await autopayOf(b.token, orderId)).state).toBe('scheduled');
    const mailsBefore = t.mails.length;

    const report = await runDue();
    expect(report.succeeded).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(t, orderId)).toBe('paid');
    const [intent] = intentsOfOrder(orderId);
    expect(intentsOfOrder(orderId)).toHaveLength(1);
    expect(intent).toMatchObject({
      status: 'succeeded',
      customer: `cus_${b.id.slice(0, 8)}`,
      payment_method: b.card,
    });
    const create = stripe
      .calls('POST', '/v1/payment_intents')
      .find((r) => r.body.includes(`orderId%5D=${orderId}`) || r.body.includes(orderId))!;
    expect(create.headers['idempotency-key']).toBe(autopayKey(orderId, 1));
    expect(create.body).toContain('off_session=true');
    expect(create.body).toContain('confirm=true');
    expect(await appliedPayments(orderId)).toBe(1);
    const receipt = t.mails
      .slice(mailsBefore)
      .find((mail) => mail.to === b.email && mail.attachments?.length);
    expect(receipt?.attachments?.[0]?.contentType).toBe('application/pdf');

    const view = await autopayOf(b.token, orderId);
    expect(view).toMatchObject({ state: 'paid', canSwitch: false });
    expect(view.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        outcome: 'succeeded',
        paymentIntentId: intent!.id,
        amountCents: intent!.amount,
      }),
    ]);
    // Nothing more: a second run charges nothing.
    await runDue();
    expect(intentsOfOrder(orderId)).toHaveLength(1);
  });

  it('a charge the bank wants the buyer for: bell and e-mail with a link to pay, a retry a day later on the same intent', async () => {
    const b = await buyer({ card: '3ds' });
    const { orderId } = await makeOrder(t, b.id);
    const mailsBefore = t.mails.length;
    await runDue();
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
    const view = await autopayOf(b.token, orderId);
    expect(view.state).toBe('retrying');
    expect(view.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'requires_action' })]);
    const next = Date.parse(view.nextAttemptAt!);
    expect(Math.abs(next - (Date.now() + 24 * 3_600_000))).toBeLessThan(120_000);

    const [notice] = await t.database.query<{ link: string; title: string }>(
      `select link, title from notifications where user_id = $1 and type = 'autopay_failed'`,
      [b.id],
    );
    expect(notice?.link).toBe(`/checkout?orders=${orderId}`);
    const mail = t.mails.slice(mailsBefore).find((x) => x.subject.includes('needs you'))!;
    expect(mail.text).toContain('confirm this payment yourself');
    expect(mail.text).toContain(`/checkout?orders=${orderId}`);
    expect(mail.text).toContain('We will try again on');

    // The buyer's bank stops asking; the retry falls due and confirms the same PaymentIntent (one can succeed once).
    stripe.threeDs.delete(b.card);
    await makeDue(orderId);
    await runDue();
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(intentsOfOrder(orderId)).toHaveLength(1);
    const confirm = stripe.calls('POST', `/v1/payment_intents/${intentsOfOrder(orderId)[0]!.id}/confirm`);
    expect(confirm.at(-1)?.headers['idempotency-key']).toBe(autopayKey(orderId, 2));
    expect((await autopayOf(b.token, orderId)).attempts.map((a) => a.outcome)).toEqual([
      'requires_action',
      'succeeded',
    ]);
  });

  it('a declined card: told each time, retried twice, then stopped; the last mail says it will not try again', async () => {
    const b = await buyer({ card: 'declined' });
    const { orderId } = await makeOrder(t, b.id);
    await runDue();
    for (let i = 0; i < 3; i += 1) {
      await makeDue(orderId);
      await runDue();
    }
    const view = await autopayOf(b.token, orderId);
    expect(view.state).toBe('failed');
    expect(view.canSwitch).toBe(false);
    expect(view.attempts.map((a) => [a.attempt, a.outcome, a.declineCode])).toEqual([
      [1, 'declined', 'generic_decline'],
      [2, 'declined', 'generic_decline'],
      [3, 'declined', 'generic_decline'],
    ]);
    expect(view.attempts[2]!.nextAttemptAt).toBeNull();
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
    expect(
      await count(
        t,
        `select count(*) as n from notifications where user_id = $1 and type = 'autopay_failed'`,
        [b.id],
      ),
    ).toBe(3);
    const last = t.mails.filter((x) => x.to === b.email).at(-1);
    expect(last?.text).toContain('We will not try again');
    const res = await call('PUT', `/order/${orderId}/autopay`, b.token, { enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AUTOPAY_FINISHED');
  });

  it('no address to ship to: the buyer is told with the link; nothing is charged', async () => {
    const b = await buyer({ address: false });
    const { orderId } = await makeOrder(t, b.id);
    await runDue();
    const view = await autopayOf(b.token, orderId);
    expect(view.attempts).toEqual([expect.objectContaining({ outcome: 'no_address' })]);
    expect(intentsOfOrder(orderId)).toHaveLength(0);
  });

  it('Stripe unreachable: the same attempt again later with the same Idempotency-Key, charged once', async () => {
    const b = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    stripe.failures.nextCreateIntent = 3; // the SDK's own two retries fail too
    const report = await runDue();
    expect(report.later).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
    expect((await autopayOf(b.token, orderId)).attempts).toEqual([]);
    await makeDue(orderId);
    await runDue();
    expect(await orderStatus(t, orderId)).toBe('paid');
    const keys = stripe
      .calls('POST', '/v1/payment_intents')
      .filter((r) => r.body.includes(orderId))
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([autopayKey(orderId, 1)]));
    expect(intentsOfOrder(orderId)).toHaveLength(1);
  });
});

describe('the buyer’s switches', () => {
  it('switching an order off stops it; on again while unpaid and not charged; a paid order cannot be switched', async () => {
    const b = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    let res = await call('PUT', `/order/${orderId}/autopay`, b.token, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: m.orderOff,
      data: { state: 'off', enabled: false, canSwitch: true },
    });
    await runDue();
    expect(intentsOfOrder(orderId)).toHaveLength(0);
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');

    res = await call('PUT', `/order/${orderId}/autopay`, b.token, { enabled: true });
    expect(res.json()).toMatchObject({ message: m.orderOn, data: { state: 'scheduled', enabled: true } });
    await runDue();
    expect(await orderStatus(t, orderId)).toBe('paid');
    res = await call('PUT', `/order/${orderId}/autopay`, b.token, { enabled: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ORDER_NOT_PAYABLE');
  });

  it('an order made before autopay was on is switched on by hand; the account’s off switches waiting orders off', async () => {
    const b = await buyer({ autopay: false });
    const { orderId: before } = await makeOrder(t, b.id);
    expect((await autopayOf(b.token, before)).state).toBe('off');
    await setDelay(24);
    try {
      expect((await call('PUT', '/payment/autopay', b.token, { enabled: true })).statusCode).toBe(200);
      const { orderId: after } = await makeOrder(t, b.id);
      await runDue();
      // Not enrolled by the account's switch (made before it), and the new one waits for its day.
      expect((await autopayOf(b.token, before)).state).toBe('off');
      const scheduled = await autopayOf(b.token, after);
      expect(scheduled.state).toBe('scheduled');
      expect(Math.abs(Date.parse(scheduled.nextAttemptAt!) - (Date.now() + 24 * 3_600_000))).toBeLessThan(
        120_000,
      );
      expect(intentsOfOrder(after)).toHaveLength(0);

      const on = await call('PUT', `/order/${before}/autopay`, b.token, { enabled: true });
      expect(on.json().data.state).toBe('scheduled');
      expect((await call('PUT', '/payment/autopay', b.token, { enabled: false })).json().message).toBe(
        m.preferenceOff,
      );
      expect((await autopayOf(b.token, before)).state).toBe('off');
      expect((await autopayOf(b.token, after)).state).toBe('off');
    } finally {
      await setDelay(0);
    }
  });

  it('bad input is a 400; another buyer’s order, or no order, a 404; a fixed-price order is not eligible', async () => {
    const b = await buyer();
    const other = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    for (const payload of [{ enabled: 1 }, { on: true }, { enabled: true, more: 'x' }]) {
      const res = await call('PUT', `/order/${orderId}/autopay`, b.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    for (const [method, payload] of [['GET'], ['PUT', { enabled: false }]] as const) {
      const theirs = await call(method, `/order/${orderId}/autopay`, other.token, payload);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(m.orderNotFound);
      expect((await call(method, `/order/not-an-id/autopay`, b.token, payload)).statusCode).toBe(404);
      expect((await call(method, `/order/${crypto.randomUUID()}/autopay`, b.token, payload)).statusCode).toBe(
        404,
      );
    }
    const fixed = await makeOrder(t, b.id, { kind: 'fixed_price' });
    const res = await call('PUT', `/order/${fixed.orderId}/autopay`, b.token, { enabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('AUTOPAY_NOT_ELIGIBLE');
    expect((await autopayOf(b.token, fixed.orderId)).state).toBe('unavailable');
    // The switch on its own order is untouched by the other buyer's tries.
    expect((await autopayOf(b.token, orderId)).enabled).toBe(true);
  });

  it('staff read the autopay state and attempts on any order; a collector may not', async () => {
    const b = await buyer({ card: 'declined' });
    const { orderId } = await makeOrder(t, b.id);
    await runDue();
    const accounts = await makeUser(t, { role: 'accounts' });
    const res = await call('GET', `/admin/orders/${orderId}/autopay`, accounts.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'retrying',
      attempts: [{ attempt: 1, outcome: 'declined' }],
    });
    expect((await call('GET', `/admin/orders/${orderId}/autopay`, b.token)).statusCode).toBe(403);
    expect(
      (await call('GET', `/admin/orders/${crypto.randomUUID()}/autopay`, accounts.token)).statusCode,
    ).toBe(404);
  });
});

describe('never a double charge', () => {
  it('two app instances running the job at once, in small batches, charge each of 30 orders once', async () => {
    const second = await startAppOn(t.database, { RATE_LIMIT_SCALE: '100', ...stripe.env });
    try {
      const orders: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const b = await buyer();
        orders.push((await makeOrder(t, b.id)).orderId);
      }
      // Batches of 2: the runs claim side by side many times over, so a claim without its row lock would race.
      const run = (app: FastifyInstance) => app.services.autopay.runDue(2, 100);
      await Promise.all([run(t.app), run(second), run(t.app), run(second)]);
      for (const orderId of orders) {
        expect(await orderStatus(t, orderId)).toBe('paid');
        expect(intentsOfOrder(orderId)).toHaveLength(1);
        expect(await appliedPayments(orderId)).toBe(1);
        expect(
          await count(t, `select count(*) as n from autopay_attempts where order_id = $1`, [orderId]),
        ).toBe(1);
      }
    } finally {
      await second.close();
    }
  });

  it('the webhook reporting the payment the job applied changes nothing: one payment, one invoice', async () => {
    const b = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    await runDue();
    const intent = intentsOfOrder(orderId)[0]!;
    const event = stripe.event('payment_intent.succeeded', intent);
    const sent = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
          payload: event.payload,
        }),
      ),
    );
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await appliedPayments(orderId)).toBe(1);
    expect(
      await count(
        t,
        `select count(*) as n from invoices i join orders o on o.checkout_id = i.checkout_id where o.id = $1`,
        [orderId],
      ),
    ).toBe(1);
  });

  it('attempts are append-only', async () => {
    const b = await buyer();
    const { orderId } = await makeOrder(t, b.id);
    await runDue();
    await expect(
      t.database.query(`update autopay_attempts set outcome = 'declined' where order_id = $1`, [orderId]),
    ).rejects.toThrow(/append-only/);
  });
});
