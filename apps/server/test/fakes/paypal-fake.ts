import crypto from 'node:crypto';
import { startFakeServer, type FakeAnswer, type FakeRequest } from './http-fake.ts';

export const PAYPAL_TEST_KEYS = {
  PAYPAL_CLIENT_ID: 'fake-client-id',
  PAYPAL_CLIENT_SECRET: 'fake-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-FAKE-0001',
};
const SIGNING_SECRET = 'fake-paypal-signing-secret';

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  customId: string;
  capture?: {
    id: string;
    status: string;
    amount: { currency_code: string; value: string };
    custom_id: string;
  };
}

const digest = (event: unknown) => crypto.createHash('sha256').update(JSON.stringify(event)).digest('hex');

/**
 * A local stand-in for PayPal's REST API (OAuth token, Orders v2, captures' refunds, verify-webhook-signature).
 * PayPal-Request-Id works as at PayPal: the same id answers the first response again. Webhook signatures are the
 * fake's own HMAC; only this server's verify call knows them, as only PayPal knows its own.
 */
export async function startPaypalFake() {
  let n = 0;
  const next = (prefix: string) => `${prefix}${String((n += 1)).padStart(8, '0')}`;
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, FakeAnswer>();
  const tokens = new Set<string>();
  const options = { captureStatus: 'COMPLETED', captureAmount: null as string | null };

  function route(req: FakeRequest): FakeAnswer {
    if (req.path === '/v1/oauth2/token') {
      const basic = Buffer.from(
        `${PAYPAL_TEST_KEYS.PAYPAL_CLIENT_ID}:${PAYPAL_TEST_KEYS.PAYPAL_CLIENT_SECRET}`,
      ).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || req.body !== 'grant_type=client_credentials')
        return { status: 401, body: { error: 'invalid_client' } };
      const token = `A21AA${crypto.randomBytes(8).toString('hex')}`;
      tokens.add(token);
      return { body: { access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { error: 'invalid_token' } };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a fake reading PayPal's loosely shaped JSON
    const body = req.body ? (JSON.parse(req.body) as Record<string, any>) : {};
    if (req.path === '/v1/notifications/verify-webhook-signature') {
      const expected = crypto
        .createHmac('sha256', SIGNING_SECRET)
        .update(
          `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${digest(body.webhook_event)}`,
        )
        .digest('base64');
      const ok =
        body.webhook_id === PAYPAL_TEST_KEYS.PAYPAL_WEBHOOK_ID &&
        body.auth_algo === 'SHA256withRSA' &&
        body.transmission_sig === expected;
      return { body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      const unit = body.purchase_units[0];
      const order: FakeOrder = {
        id: next('5O'),
        status: 'CREATED',
        amount: unit.amount,
        customId: unit.custom_id,
      };
      orders.set(order.id, order);
      return { status: 201, body: { id: order.id, status: order.status } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(req.path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (order.status === 'CREATED')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
        };
      if (order.status === 'COMPLETED')
        return {
          status: 422,
          body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
        };
      order.status = 'COMPLETED';
      order.capture = {
        id: next('CAP'),
        status: options.captureStatus,
        amount: {
          currency_code: order.amount.currency_code,
          value: options.captureAmount ?? order.amount.value,
        },
        custom_id: order.customId,
      };
      return {
        status: 201,
        body: {
          id: order.id,
          status: 'COMPLETED',
          purchase_units: [{ custom_id: order.customId, payments: { captures: [order.capture] } }],
        },
      };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (req.method === 'POST' && refund) {
      const order = [...orders.values()].find((o) => o.capture?.id === refund[1]);
      if (!order) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      return { status: 201, body: { id: next('RF'), status: 'COMPLETED', amount: body.amount } };
    }
    return {
      status: 404,
      body: { name: 'RESOURCE_NOT_FOUND', message: `fake paypal: no route ${req.method} ${req.path}` },
    };
  }

  const server = await startFakeServer((req) => {
    const requestId = req.headers['paypal-request-id'];
    if (typeof requestId === 'string') {
      const seen = byRequestId.get(requestId);
      if (seen) return seen;
      const answer = route(req);
      // Only a success is replayed: a refused capture (not approved yet) may be asked again once the buyer approves.
      if ((answer.status ?? 200) < 400) byRequestId.set(requestId, answer);
      return answer;
    }
    return route(req);
  });

  return {
    ...server,
    orders,
    options,
    env: { ...PAYPAL_TEST_KEYS, PAYPAL_API_URL: server.url },
    /** The buyer approves the order in PayPal's window. */
    approve(orderId: string) {
      orders.get(orderId)!.status = 'APPROVED';
    },
    /** An event as PayPal sends it: raw body and transmission headers this fake's verify call accepts. */
    event(type: string, resource: unknown, opts: { id?: string; forge?: boolean } = {}) {
      const event = {
        id: opts.id ?? next('WH-'),
        event_type: type,
        resource_type: 'capture',
        create_time: new Date().toISOString(),
        resource,
      };
      const transmissionId = crypto.randomUUID();
      const transmissionTime = new Date().toISOString();
      const sig = crypto
        .createHmac('sha256', opts.forge ? 'not-the-secret' : SIGNING_SECRET)
        .update(
          `${transmissionId}|${transmissionTime}|${PAYPAL_TEST_KEYS.PAYPAL_WEBHOOK_ID}|${digest(event)}`,
        )
        .digest('base64');
      return {
        payload: JSON.stringify(event),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${server.url}/v1/notifications/certs/CERT-fake`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': transmissionTime,
        } as Record<string, string>,
      };
    },
    calls(method: string, pathStart: string) {
      return server.requests.filter((r) => r.method === method && r.path.startsWith(pathStart));
    },
  };
}
export type PaypalFake = Awaited<ReturnType<typeof startPaypalFake>>;
