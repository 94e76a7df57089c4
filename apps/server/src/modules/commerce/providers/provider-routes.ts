import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentMethodsResponseSchema } from '@knotwork/shared/schemas/payment-providers';
import { paypalConfigured, stripeConfigured } from '../../../config/payment-env.ts';
import paypalRoutes from './paypal/paypal-routes.ts';
import stripeRoutes from './stripe/stripe-routes.ts';
import type { RouteDeps } from '../../../route-deps.ts';

/** Card (Stripe) and PayPal payments on top of the payments core (decisions 025, 026). */
const routes: FastifyPluginAsyncZod<RouteDeps<'config' | 'settings'>> = async (app, { config, settings }) => {
  app.get(
    '/payment/methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'The ways to pay this house offers: bank transfer always, card and PayPal when configured',
        response: { 200: paymentMethodsResponseSchema },
      },
    },
    async () => ({
      data: {
        // Settings (decision 064): BANK_TRANSFER_INSTRUCTIONS until staff change the text.
        bankTransfer: { instructions: (await settings.get()).bankTransfer.instructions },
        stripe: stripeConfigured(config) ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY! } : null,
        paypal: paypalConfigured(config)
          ? { clientId: config.PAYPAL_CLIENT_ID!, currency: config.CURRENCY }
          : null,
      },
    }),
  );

  await app.register(stripeRoutes, { config });
  await app.register(paypalRoutes);
};
export default routes;
