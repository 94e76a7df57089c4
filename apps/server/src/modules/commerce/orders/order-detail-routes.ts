import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderDetailResponseSchema, orderIdParamSchema } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { buyerErrors as errors, buyerRoute as buyer } from '../route-parts.ts';

/** One of the buyer's orders, with its money, shipping and history. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { orders } = app.services;

  app.get(
    '/order/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'One of my orders: prices, shipping, tax, tracking, invoice number and its history',
        description: "Another user's order answers 404, like a missing one.",
        params: orderIdParamSchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId: _owner, ...data } = await orders.detail(request.params.id, {
        userId: currentUser(request).userId,
        staff: false,
      });
      return { data };
    },
  );
  return Promise.resolve();
};
export default routes;
