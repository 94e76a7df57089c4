import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, pageQuerySchema } from '@knotwork/shared/schemas/common';
import { myOrdersResponseSchema } from '@knotwork/shared/schemas/orders';
import { currentUser } from '../../../plugins/auth.ts';

/** The caller's orders: auction wins, buy-now purchases and fixed-price holds (My Items > Purchases). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const orders = app.services.orders;

  app.get(
    '/order/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema,
        response: { 200: myOrdersResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => orders.myOrders(currentUser(request).userId, request.query),
  );
  return Promise.resolve();
};
export default routes;
