import Stripe from 'stripe';
import { parseStripeForm, startFakeServer, type FakeAnswer, type FakeRequest } from './http-fake.ts';

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_knotwork_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_knotwork_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_knotwork_fake_secret',
};

type Obj = Record<string, unknown> & { id: string };

/** Connected accounts the stand-in refuses as Stripe would (decision 088): usable from API and browser tests. */
export const FAKE_CONNECT_ACCOUNTS = {
  /** Connected but without the `transfers` capability: 400 `insufficient_capabilities_for_transfer`. */
  cannotReceive: 'acct_1FakeCannotReceive',
  /** Not connected to the platform: 400 `resource_missing` on `destination`. */
  missing: 'acct_1FakeNotConnected',
};

/**
 * A local stand-in for the parts of the Stripe API Knotwork calls, answered to the official SDK pointed at it
 * (STRIPE_API_URL). Idempotency-Key works as at Stripe: the same key answers the first response again.
 */
export async function startStripeFake() {
  let n = 0;
  const next = (prefix: string) => `${prefix}_fake${String((n += 1)).padStart(6, '0')}`;
  const intents = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const methods = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const byKey = new Map<string, FakeAnswer>();
  const transfers = new Map<string, Obj>();
  /** `nextTransfer`: that many transfer creates answer 500 first (Stripe's answer unknown to the caller). */
  const failures = { nextCreateIntent: 0, nextTransfer: 0, balanceInsufficient: false };
  /** Destinations refused as not able to receive transfers; delete one to let the account receive. */
  const cannotReceive = new Set<string>([FAKE_CONNECT_ACCOUNTS.cannotReceive]);
  /** Saved-card payment methods that ask for 3D Secure. */
  const threeDs = new Set<string>();
  /** Saved-card payment methods the bank declines (402 card_declined on confirm). */
  const declined = new Set<string>();

  const notFound = (id: string): FakeAnswer => ({
    status: 404,
    body: {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` },
    },
  });

  const cardError = (pi: Obj, code: string, message: string): FakeAnswer => ({
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code,
        decline_code: code === 'card_declined' ? 'generic_decline' : code,
        message,
        payment_intent: pi,
      },
    },
  });

  /**
   * Confirms with the payment method in the form (else the one on the intent). A 3D Secure card asks for the buyer:
   * on-session the intent waits in requires_action; off-session (autopay) Stripe answers 402
   * `authentication_required` and leaves it in requires_payment_method for the buyer to confirm on the site.
   */
  function confirmIntent(pi: Obj, form: Record<string, unknown>): FakeAnswer {
    const pm =
      typeof form.payment_method === 'string'
        ? form.payment_method
        : typeof pi.payment_method === 'string'
          ? pi.payment_method
          : '';
    pi.payment_method = pm;
    if (declined.has(pm)) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'card_declined', decline_code: 'generic_decline' };
      return cardError(pi, 'card_declined', 'Your card was declined.');
    }
    if (threeDs.has(pm) && form.off_session === 'true') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { code: 'authentication_required', decline_code: 'authentication_required' };
      return cardError(
        pi,
        'authentication_required',
        'Your card was declined. This transaction requires authentication.',
      );
    }
    if (threeDs.has(pm)) pi.status = 'requires_action';
    else if (pi.capture_method === 'manual') pi.status = 'requires_capture';
    else {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
    }
    return { body: pi };
  }

  function route(req: FakeRequest): FakeAnswer {
    const form = parseStripeForm(req.body);
    const parts = req.path.split('/').filter(Boolean); // v1, resource, id?, action?
    const [, resource, id, action] = parts;
    if (req.headers.authorization !== `Bearer ${STRIPE_TEST_KEYS.STRIPE_SECRET_KEY}`)
      return { status: 401, body: { error: { message: 'Invalid API Key' } } };
    if (resource === 'payment_intents') {
      if (req.method === 'POST' && !id) {
        if (failures.nextCreateIntent > 0) {
          failures.nextCreateIntent -= 1;
          return {
            status: 500,
            body: { error: { type: 'api_error', message: 'try again' } },
            headers: { 'stripe-should-retry': 'true' },
          };
        }
        const pi: Obj = {
          id: next('pi'),
          object: 'payment_intent',
          amount: Number(form.amount),
          amount_received: 0,
          currency: form.currency,
          status: 'requires_payment_method',
          metadata: form.metadata ?? {},
          customer: form.customer ?? null,
          payment_method: form.payment_method ?? null,
          // A deposit's hold (decision 091): confirmed, it waits in requires_capture until captured or cancelled.
          capture_method: form.capture_method ?? 'automatic',
          livemode: false,
        };
        pi.client_secret = `${pi.id}_secret_fake`;
        intents.set(pi.id, pi);
        // Create and confirm in one call (autopay's off-session charge, decision 096).
        if (form.confirm === 'true') return confirmIntent(pi, form);
        return { body: pi };
      }
      const pi = id ? intents.get(id) : undefined;
      if (!pi) return notFound(id ?? '');
      if (req.method === 'GET') return { body: pi };
      if (!action) {
        if (form.customer) pi.customer = form.customer;
        return { body: pi };
      }
      if (action === 'confirm') return confirmIntent(pi, form);
      if (action === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled')
          return {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: `You cannot cancel this PaymentIntent because it has a status of ${String(pi.status)}.`,
              },
            },
          };
        pi.status = 'canceled';
        pi.cancellation_reason = form.cancellation_reason ?? null;
        return { body: pi };
      }
    }
    if (resource === 'customers' && req.method === 'POST')
      return { body: { id: next('cus'), object: 'customer', email: form.email, metadata: form.metadata } };
    if (resource === 'setup_intents') {
      if (req.method === 'POST' && !id) {
        const si: Obj = {
          id: next('seti'),
          object: 'setup_intent',
          customer: form.customer,
          status: 'requires_payment_method',
          payment_method: null,
        };
        si.client_secret = `${si.id}_secret_fake`;
        setupIntents.set(si.id, si);
        return { body: si };
      }
      const si = id ? setupIntents.get(id) : undefined;
      if (!si) return notFound(id ?? '');
      const expand = req.query.getAll('expand[]').concat(req.query.getAll('expand[0]'));
      const pm = typeof si.payment_method === 'string' ? methods.get(si.payment_method) : null;
      return {
        body: { ...si, payment_method: expand.includes('payment_method') ? (pm ?? null) : si.payment_method },
      };
    }
    if (resource === 'payment_methods' && action === 'detach') {
      const pm = id ? methods.get(id) : undefined;
      if (!pm || !pm.customer) return notFound(id ?? '');
      pm.customer = null;
      return { body: pm };
    }
    if (resource === 'refunds') {
      if (req.method === 'POST') {
        const pi = intents.get(String(form.payment_intent));
        if (!pi || pi.status !== 'succeeded') return notFound(String(form.payment_intent));
        const refund: Obj = {
          id: next('re'),
          object: 'refund',
          amount: Number(form.amount ?? pi.amount),
          currency: pi.currency,
          payment_intent: pi.id,
          status: 'succeeded',
          metadata: form.metadata ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        return { body: refund };
      }
      const pi = req.query.get('payment_intent');
      return {
        body: {
          object: 'list',
          has_more: false,
          url: '/v1/refunds',
          data: [...refunds.values()].filter((r) => r.payment_intent === pi),
        },
      };
    }
    if (resource === 'transfers') return transfer(req.method, id, form);
    return { status: 404, body: { error: { message: `fake stripe: no route ${req.method} ${req.path}` } } };
  }

  /** POST /v1/transfers (a Connect transfer from the platform's balance) and GET /v1/transfers/:id. */
  function transfer(method: string, id: string | undefined, form: Record<string, unknown>): FakeAnswer {
    if (method === 'GET') {
      const found = id ? transfers.get(id) : undefined;
      return found ? { body: found } : notFound(id ?? '');
    }
    if (failures.nextTransfer > 0) {
      failures.nextTransfer -= 1;
      return {
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
        headers: { 'stripe-should-retry': 'true' },
      };
    }
    const destination = typeof form.destination === 'string' ? form.destination : '';
    const refuse = (code: string, message: string, param?: string): FakeAnswer => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) } },
    });
    if (destination === FAKE_CONNECT_ACCOUNTS.missing || !destination.startsWith('acct_'))
      return refuse('resource_missing', `No such destination: '${destination}'`, 'destination');
    if (cannotReceive.has(destination))
      return refuse(
        'insufficient_capabilities_for_transfer',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
      );
    if (failures.balanceInsufficient)
      return refuse(
        'balance_insufficient',
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
      );
    const tr: Obj = {
      id: next('tr'),
      object: 'transfer',
      amount: Number(form.amount),
      currency: form.currency,
      destination,
      transfer_group: form.transfer_group ?? null,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      reversed: false,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    transfers.set(tr.id, tr);
    return { body: tr };
  }

  const server = await startFakeServer((req) => {
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string') {
      const seen = byKey.get(key);
      if (seen) return seen;
      const answer = route(req);
      if ((answer.status ?? 200) < 500) byKey.set(key, answer);
      return answer;
    }
    return route(req);
  });

  const signer = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
  return {
    ...server,
    intents,
    refunds,
    transfers,
    cannotReceive,
    failures,
    threeDs,
    declined,
    env: { ...STRIPE_TEST_KEYS, STRIPE_API_URL: server.url },
    /** The buyer completes the card form: the intent succeeds (as Stripe.js confirm would). */
    succeed(intentId: string, opts: { amountReceived?: number; currency?: string } = {}) {
      const pi = intents.get(intentId)!;
      pi.status = 'succeeded';
      pi.amount_received = opts.amountReceived ?? pi.amount;
      if (opts.currency) pi.currency = opts.currency;
      return pi;
    },
    /** The buyer completes the SetupIntent in Stripe.js with a card. */
    confirmSetup(setupIntentId: string, card: { brand: string; last4: string }) {
      const si = setupIntents.get(setupIntentId)!;
      const pm: Obj = {
        id: next('pm'),
        object: 'payment_method',
        type: 'card',
        customer: si.customer,
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030 },
      };
      methods.set(pm.id, pm);
      // Stripe's test cards: 4000 0027 6000 3184 always asks for authentication, 4000 0000 0000 0002 is declined.
      if (card.last4 === '3184') threeDs.add(pm.id);
      if (card.last4 === '0002') declined.add(pm.id);
      si.payment_method = pm.id;
      si.status = 'succeeded';
      return pm;
    },
    /** An event as Stripe sends it, with its raw body and a valid Stripe-Signature header. */
    event(type: string, object: unknown, opts: { id?: string; timestamp?: number; secret?: string } = {}) {
      const payload = JSON.stringify({
        id: opts.id ?? next('evt'),
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: { object },
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: opts.secret ?? STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
      return { payload, header };
    },
    calls(method: string, pathStart: string) {
      return server.requests.filter((r) => r.method === method && r.path.startsWith(pathStart));
    },
  };
}
export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
