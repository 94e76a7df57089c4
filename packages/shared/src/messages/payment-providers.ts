// The fixed English messages of payment providers (zod-free, so the web's message catalogue can load without zod).
export const paymentProviderMessages = {
  providerNotConfigured: 'This payment method is not available',
  checkoutIdInvalid: 'Not a valid checkout id',
  paypalOrderIdRequired: 'Give the PayPal order id',
  setupIntentIdRequired: 'Give the SetupIntent id',
  noSavedCard: 'There is no saved card on your profile',
  cardNotReady: 'The card has not been confirmed yet',
  cardSaved: 'Card saved',
  cardRemoved: 'Card removed',
  providerError: 'The payment provider could not be reached: nothing was charged, please try again',
  paypalOrderMismatch: 'This PayPal order does not belong to this checkout',
  webhookSignatureInvalid: 'The webhook signature is missing, stale or invalid',
  webhookPayloadInvalid: 'The webhook payload is not valid',
} as const;
