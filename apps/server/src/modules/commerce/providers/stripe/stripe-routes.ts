import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  paymentProviderMessages as pm,
  stripePaymentIntentRequestSchema,
  stripePaymentIntentResponseSchema,
  stripeSaveCardRequestSchema,
  stripeSaveCardResponseSchema,
  stripeSetupIntentResponseSchema,
  webhookAckSchema,
} from '@knotwork/shared/schemas/payment-providers';
import { z } from 'zod';
import { notFound } from '../../../../lib/http-error.ts';
import { currentUser } from '../../../../plugins/auth.ts';
import { providerErrors as errors, buyerRoute as buyer } from '../../route-parts.ts';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook.ts';
import type { RouteDeps } from '../../../../route-deps.ts';

/** Card payments with Stripe (decision 025). Without STRIPE_SECRET_KEY every route answers 404. */
const routes: FastifyPluginAsyncZod<RouteDeps<'config'>> = async (app, { config }) => {
  const provider = app.services.stripe;
  const need = () => {
    if (!provider) throw notFound(pm.providerNotConfigured);
    return provider;
  };

  app.post(
    '/payment/stripe/create-payment-intent',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Pay by card: the checkout and its PaymentIntent for the server-computed total',
        description:
          'Same body as the bank transfer, plus useSavedCard. The same request again answers the same checkout and PaymentIntent (Idempotency-Key from the checkout id). With useSavedCard the server confirms it with the saved card: status succeeded (paid at once) or requires_action (3D Secure: confirm with the clientSecret in Stripe.js). Otherwise confirm with the Payment Element; the webhook marks the orders paid.',
        body: stripePaymentIntentRequestSchema,
        response: { 200: stripePaymentIntentResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { useSavedCard, ...checkout } = request.body;
      return {
        data: await need().service.createPaymentIntent(
          currentUser(request).userId,
          checkout,
          useSavedCard === true,
        ),
      };
    },
  );

  app.post(
    '/payment/stripe/setup-intent',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Add a payment card: a SetupIntent for Stripe.js',
        response: { 200: stripeSetupIntentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await need().service.setupIntent(currentUser(request).userId) }),
  );

  app.post(
    '/payment/stripe/card',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Save the card of a confirmed SetupIntent on the profile (brand and last four digits only)',
        body: stripeSaveCardRequestSchema,
        response: { 200: stripeSaveCardResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: pm.cardSaved,
      data: await need().service.saveCard(currentUser(request).userId, request.body.setupIntentId),
    }),
  );

  app.delete(
    '/payment/stripe/card',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Remove the saved card (the user payload cardNumber becomes null)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await need().service.deleteCard(currentUser(request).userId);
      return reply.code(204).send(null);
    },
  );

  // The webhook reads the raw body: the signature is over the exact bytes. The parser is scoped to this plugin.
  await app.register((hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    hook.post(
      '/payment/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Stripe events (signature verified; each event id handled once)',
          description:
            'Signed with STRIPE_WEBHOOK_SECRET, 300 s tolerance. payment_intent.succeeded marks the checkout paid; refunds are recorded.',
          response: {
            200: webhookAckSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const { stripe } = need();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = verifyStripeEvent(
          stripe,
          config.STRIPE_WEBHOOK_SECRET!,
          raw,
          request.headers['stripe-signature'],
        );
        const outcome = await handleStripeEvent(need().deps, stripe, event);
        request.log.info({ event: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const };
      },
    );
    // Registers synchronously; Fastify's plugin type wants a promise.
    return Promise.resolve();
  });
};
export default routes;
