import type { Config } from '../../../../config/env.ts';

/** PayPal's Orders v2 and Payments v2 REST API over fetch (decision 026), at PAYPAL_API_URL. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`PayPal answered ${status}`);
  }
}

export interface PaypalMoney {
  currency_code: string;
  value: string;
}
export interface PaypalCapture {
  id: string;
  status: string;
  amount: PaypalMoney;
  custom_id?: string;
}
export interface PaypalOrder {
  id: string;
  status: string;
  purchase_units?: { custom_id?: string; payments?: { captures?: PaypalCapture[] } }[];
}

/** Decimal places of a currency's minor unit (2 for USD and EUR, 0 for JPY). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
export function toPaypalValue(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}
/** PayPal's decimal string back to integer minor units, without floating-point rounding. */
export function fromPaypalValue(value: string, currency: string): number {
  const digits = minorDigits(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + (digits ? Number(fraction) : 0);
}

/** `custom_id` of the refunds our staff refund creates (see `recordReportedRefund`). */
export const PAYPAL_STAFF_REFUND = 'knotwork-staff-refund';

export const paypalKeys = {
  createOrder: (checkoutId: string) => `knotwork-checkout-${checkoutId}-order`,
  capture: (checkoutId: string) => `knotwork-checkout-${checkoutId}-capture`,
};

export function createPaypalClient(config: Config, fetchImpl: typeof fetch = fetch) {
  const base = config.PAYPAL_API_URL;
  let token: { value: string; expiresAt: number } | null = null;

  async function call<T>(
    method: string,
    path: string,
    init: { body?: unknown; headers?: Record<string, string>; auth?: string; form?: string } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = init.form;
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    headers.authorization = init.auth ?? `Bearer ${await accessToken()}`;
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      // An expired token: forget it so the next call asks for a fresh one.
      if (res.status === 401) token = null;
      throw new PaypalError(res.status, parsed);
    }
    return parsed as T;
  }

  /** Client-credentials token, cached until a minute before it expires. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${config.PAYPAL_CLIENT_ID}:${config.PAYPAL_CLIENT_SECRET}`).toString('base64');
    const got = await call<{ access_token: string; expires_in: number }>('POST', '/v1/oauth2/token', {
      auth: `Basic ${basic}`,
      form: 'grant_type=client_credentials',
    });
    token = { value: got.access_token, expiresAt: Date.now() + Math.max(0, got.expires_in - 60) * 1000 };
    return token.value;
  }

  return {
    createOrder(input: { checkoutId: string; reference: string; amount: number; currency: string }) {
      return call<PaypalOrder>('POST', '/v2/checkout/orders', {
        headers: { 'PayPal-Request-Id': paypalKeys.createOrder(input.checkoutId), Prefer: 'return=minimal' },
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.checkoutId,
              custom_id: input.checkoutId,
              invoice_id: input.reference,
              description: `Knotwork ${input.reference}`,
              amount: { currency_code: input.currency, value: toPaypalValue(input.amount, input.currency) },
            },
          ],
        },
      });
    },
    captureOrder(orderId: string, checkoutId: string) {
      return call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        headers: { 'PayPal-Request-Id': paypalKeys.capture(checkoutId), Prefer: 'return=representation' },
        body: {},
      });
    },
    refundCapture(captureId: string, input: { amount: number; currency: string; idempotencyKey: string }) {
      return call<{ id: string; status: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          headers: { 'PayPal-Request-Id': `knotwork-${input.idempotencyKey}` },
          body: {
            amount: { currency_code: input.currency, value: toPaypalValue(input.amount, input.currency) },
            custom_id: PAYPAL_STAFF_REFUND,
          },
        },
      );
    },
    verifyWebhookSignature(input: {
      authAlgo: string;
      certUrl: string;
      transmissionId: string;
      transmissionSig: string;
      transmissionTime: string;
      webhookEvent: unknown;
    }) {
      return call<{ verification_status: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        body: {
          auth_algo: input.authAlgo,
          cert_url: input.certUrl,
          transmission_id: input.transmissionId,
          transmission_sig: input.transmissionSig,
          transmission_time: input.transmissionTime,
          webhook_id: config.PAYPAL_WEBHOOK_ID,
          webhook_event: input.webhookEvent,
        },
      });
    },
  };
}
export type PaypalClient = ReturnType<typeof createPaypalClient>;
