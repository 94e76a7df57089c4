/**
 * Card (Stripe) and PayPal payments (decision 025, providers; contract in the pay notes): what the checkout page,
 * the profile's "Payment card" section, the routes and the OpenAPI document share. The client never sends an
 * amount: the server prices the orders (`checkoutRequestSchema`) and asks the provider for that total.
 */
import { z } from 'zod';
import { textField } from './text.ts';
import { MAX_ORDERS_PER_CHECKOUT, SHIPPING_METHODS, paymentMessages } from './payments.ts';
import { paymentProviderMessages } from '../messages/payment-providers.ts';

export { paymentProviderMessages } from '../messages/payment-providers.ts';
const m = paymentProviderMessages;
const pm = paymentMessages;

export const STRIPE_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'succeeded',
  'processing',
] as const;
export type StripeIntentStatus = (typeof STRIPE_INTENT_STATUSES)[number];
export const PAYPAL_CAPTURE_STATUSES = ['paid', 'pending'] as const;

/** Which payment methods the house offers: each provider only when configured; bank transfer always. */
export const paymentMethodsSchema = z
  .object({
    bankTransfer: z.object({ instructions: textField() }),
    stripe: z.object({ publishableKey: textField() }).nullable(),
    paypal: z.object({ clientId: textField(), currency: textField() }).nullable(),
  })
  .meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
export const paymentMethodsResponseSchema = z
  .object({ data: paymentMethodsSchema })
  .meta({ id: 'PaymentMethodsResponse' });

/** The checkout request of a provider payment (same fields as `checkoutRequestSchema`, plus the saved card). */
const orderIdsField = z
  .array(z.uuid(pm.orderIdInvalid), { error: pm.ordersRequired })
  .min(1, pm.ordersRequired)
  .max(MAX_ORDERS_PER_CHECKOUT, pm.ordersTooMany)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, pm.ordersDuplicate);
const addressRule = {
  check: (v: { shippingMethod: string; addressId?: string | undefined }) =>
    v.shippingMethod === 'collect' || v.addressId !== undefined,
  params: { message: pm.addressRequired, path: ['addressId'] },
};

export const stripePaymentIntentRequestSchema = z
  .object({
    orderIds: orderIdsField,
    shippingMethod: z.enum(SHIPPING_METHODS, { error: pm.shippingMethodInvalid }),
    addressId: z.uuid(pm.addressRequired).optional(),
    /** Pay with the card saved on the profile (confirmed by the server; 3D Secure may still be asked for). */
    useSavedCard: z.boolean().optional(),
  })
  .strict()
  .refine(addressRule.check, addressRule.params)
  .meta({ id: 'StripePaymentIntentRequest' });
export type StripePaymentIntentRequest = z.infer<typeof stripePaymentIntentRequestSchema>;

export const stripePaymentIntentResponseSchema = z
  .object({
    data: z.object({
      checkoutId: textField(),
      /** For Stripe.js (Payment Element confirm, or handleNextAction when 3D Secure is required). */
      clientSecret: textField(),
      status: z.enum(STRIPE_INTENT_STATUSES),
    }),
  })
  .meta({ id: 'StripePaymentIntentResponse' });
export type StripePaymentIntentResponse = z.infer<typeof stripePaymentIntentResponseSchema>;

export const paypalCreatePaymentRequestSchema = z
  .object({
    orderIds: orderIdsField,
    shippingMethod: z.enum(SHIPPING_METHODS, { error: pm.shippingMethodInvalid }),
    addressId: z.uuid(pm.addressRequired).optional(),
  })
  .strict()
  .refine(addressRule.check, addressRule.params)
  .meta({ id: 'PaypalCreatePaymentRequest' });
export type PaypalCreatePaymentRequest = z.infer<typeof paypalCreatePaymentRequestSchema>;

export const paypalCreatePaymentResponseSchema = z
  .object({ data: z.object({ checkoutId: textField(), paypalOrderId: textField() }) })
  .meta({ id: 'PaypalCreatePaymentResponse' });
export type PaypalCreatePaymentResponse = z.infer<typeof paypalCreatePaymentResponseSchema>;

export const paypalCaptureRequestSchema = z
  .object({
    checkoutId: z.uuid(m.checkoutIdInvalid),
    paypalOrderId: textField({ error: m.paypalOrderIdRequired })
      .trim()
      .min(1, m.paypalOrderIdRequired)
      .max(64, m.paypalOrderIdRequired),
  })
  .strict()
  .meta({ id: 'PaypalCaptureRequest' });
export type PaypalCaptureRequest = z.infer<typeof paypalCaptureRequestSchema>;

export const paypalCaptureResponseSchema = z
  .object({
    data: z.object({
      checkoutId: textField(),
      /** `pending`: PayPal holds the capture (review); the order is paid when its webhook arrives. */
      status: z.enum(PAYPAL_CAPTURE_STATUSES),
    }),
  })
  .meta({ id: 'PaypalCaptureResponse' });
export type PaypalCaptureResponse = z.infer<typeof paypalCaptureResponseSchema>;

export const stripeSetupIntentResponseSchema = z
  .object({ data: z.object({ clientSecret: textField() }) })
  .meta({ id: 'StripeSetupIntentResponse' });
export type StripeSetupIntentResponse = z.infer<typeof stripeSetupIntentResponseSchema>;

export const stripeSaveCardRequestSchema = z
  .object({
    setupIntentId: textField({ error: m.setupIntentIdRequired })
      .trim()
      .min(1, m.setupIntentIdRequired)
      .max(255, m.setupIntentIdRequired),
  })
  .strict()
  .meta({ id: 'StripeSaveCardRequest' });
export type StripeSaveCardRequest = z.infer<typeof stripeSaveCardRequestSchema>;

export const stripeSaveCardResponseSchema = z
  .object({
    message: textField().optional(),
    /** Brand and last four digits only, e.g. "Visa •••• 4242" (the user payload's `cardNumber`). */
    data: z.object({ cardNumber: textField() }),
  })
  .meta({ id: 'StripeSaveCardResponse' });
export type StripeSaveCardResponse = z.infer<typeof stripeSaveCardResponseSchema>;

/** What a webhook answers when accepted (a duplicate is accepted too: the provider stops retrying). */
export const webhookAckSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookAck' });
