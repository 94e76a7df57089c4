import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  paymentProviderMessages as pm,
  paypalCaptureRequestSchema,
  paypalCaptureResponseSchema,
  paypalCreatePaymentRequestSchema,
  paypalCreatePaymentResponseSchema,
  webhookAckSchema,
} from '@knotwork/shared/schemas/payment-providers';
import { notFound } from '../../../../lib/http-error.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { providerErrors as errors, buyerRoute as buyer } from '../../route-parts.ts';
import { handlePaypalEvent, verifyPaypalEvent } from './paypal-webhook.ts';

/** PayPal through its Orders v2 REST API (decision 026). Without PAYPAL_CLIENT_ID every route answers 404. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.services.paypal;
  const need = () => {
    if (!provider) throw notFound(pm.providerNotConfigured);
    return provider;
  };

  app.post(
    '/payment/paypal/create-payment',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Pay with PayPal: the checkout and its PayPal order for the server-computed total',
        description:
          'The same request again answers the same checkout and PayPal order (PayPal-Request-Id from the checkout id).',
        body: paypalCreatePaymentRequestSchema,
        response: { 200: paypalCreatePaymentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await need().service.createPayment(currentUser(request).userId, request.body),
    }),
  );

  app.post(
    '/payment/paypal/capture',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary:
          'Capture the approved PayPal order: paid, or pending until PayPal completes it (its webhook then marks it paid)',
        body: paypalCaptureRequestSchema,
        response: { 200: paypalCaptureResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await need().service.capture(
        currentUser(request).userId,
        request.body.checkoutId,
        request.body.paypalOrderId,
      ),
    }),
  );

  await app.register((hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(
      '/payment/paypal/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'PayPal events (verified with PayPal against PAYPAL_WEBHOOK_ID; each event id handled once)',
          response: {
            200: webhookAckSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { paypal } = need();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = await verifyPaypalEvent(paypal, raw, request.headers);
        const outcome = await handlePaypalEvent(need().deps, event);
        request.log.info({ event: event.id, type: event.event_type, outcome }, 'paypal webhook');
        return { received: true as const };
      },
    );
    // Registers synchronously; Fastify's plugin type wants a promise.
    return Promise.resolve();
  });
};
export default routes;
