import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  autopayMessages as m,
  autopayPreferenceResponseSchema,
  autopaySwitchSchema,
  orderAutopayResponseSchema,
} from '@knotwork/shared/schemas/autopay';
import { orderIdParamSchema } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { buyerErrors as errors, buyerRoute as buyer } from '../route-parts.ts';

/** The buyer's autopay (issue 29 §4, decision 096): the account's choice and each order's switch. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { autopay } = app.services;

  app.get(
    '/payment/autopay',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Whether my new orders are paid automatically with my saved card, and the house’s delay',
        response: { 200: autopayPreferenceResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await autopay.preference(currentUser(request).userId) }),
  );

  app.put(
    '/payment/autopay',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Turn “pay automatically with my saved card” on or off',
        description:
          'On needs a saved card (409 NO_SAVED_CARD). Orders invoiced from then on are charged off-session the house’s delay after the invoice; off also switches off orders still waiting for a charge.',
        body: autopaySwitchSchema,
        response: { 200: autopayPreferenceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await autopay.setPreference(currentUser(request).userId, request.body.enabled);
      return { message: data.enabled ? m.preferenceOn : m.preferenceOff, data };
    },
  );

  app.get(
    '/order/:id/autopay',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Where autopay stands for one of my orders: when it charges, and every attempt',
        description: "Another user's order answers 404, like a missing one.",
        params: orderIdParamSchema,
        response: { 200: orderAutopayResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await autopay.forOrder(currentUser(request).userId, request.params.id),
    }),
  );

  app.put(
    '/order/:id/autopay',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Switch autopay off (or on again) for one of my orders',
        description:
          'Only while the order awaits payment and no charge is in flight (409 AUTOPAY_CHARGING) or finished (409 AUTOPAY_FINISHED); on needs a saved card.',
        params: orderIdParamSchema,
        body: autopaySwitchSchema,
        response: { 200: orderAutopayResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await autopay.switchOrder(
        currentUser(request).userId,
        request.params.id,
        request.body.enabled,
      );
      return { message: data.enabled ? m.orderOn : m.orderOff, data };
    },
  );
  return Promise.resolve();
};
export default routes;
