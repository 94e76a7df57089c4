import { describe, expect, it } from 'vitest';
import { validationMessages as v } from '../../src/messages/validation.ts';
import {
  paymentMethodsSchema,
  paymentProviderMessages as pm,
  paypalCaptureRequestSchema,
  stripePaymentIntentRequestSchema,
  stripeSaveCardRequestSchema,
} from '../../src/schemas/payment-providers.ts';
import { paymentMessages as m } from '../../src/schemas/payments.ts';

const orderId = '6f1c2a7e-2b7d-4c1e-9a55-0c3d9a1b2c3d';
const firstMessage = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('payment provider schemas', () => {
  it('takes the checkout fields and the saved-card flag, never an amount', () => {
    expect(
      stripePaymentIntentRequestSchema.safeParse({
        orderIds: [orderId],
        shippingMethod: 'collect',
        useSavedCard: true,
      }).success,
    ).toBe(true);
    expect(
      stripePaymentIntentRequestSchema.safeParse({
        orderIds: [orderId],
        shippingMethod: 'collect',
        amount: 1,
      }).success,
    ).toBe(false);
    expect(
      firstMessage(
        stripePaymentIntentRequestSchema.safeParse({ orderIds: [orderId], shippingMethod: 'courier' }),
        'addressId',
      ),
    ).toBe(m.addressRequired);
  });

  it('refuses NUL first in every free-text field', () => {
    expect(
      firstMessage(
        paypalCaptureRequestSchema.safeParse({ checkoutId: orderId, paypalOrderId: 'a\u0000' }),
        'paypalOrderId',
      ),
    ).toBe(v.textNul);
    expect(
      firstMessage(stripeSaveCardRequestSchema.safeParse({ setupIntentId: 'seti_\u0000' }), 'setupIntentId'),
    ).toBe(v.textNul);
    expect(
      paymentMethodsSchema.safeParse({
        bankTransfer: { instructions: 'a\u0000' },
        stripe: null,
        paypal: null,
      }).success,
    ).toBe(false);
  });

  it('asks for the PayPal order and the SetupIntent by name', () => {
    expect(
      firstMessage(
        paypalCaptureRequestSchema.safeParse({ checkoutId: orderId, paypalOrderId: '' }),
        'paypalOrderId',
      ),
    ).toBe(pm.paypalOrderIdRequired);
    expect(firstMessage(stripeSaveCardRequestSchema.safeParse({}), 'setupIntentId')).toBe(
      pm.setupIntentIdRequired,
    );
  });
});
