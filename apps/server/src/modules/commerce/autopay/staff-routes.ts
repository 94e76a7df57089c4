import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderAutopayResponseSchema } from '@knotwork/shared/schemas/autopay';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/** Staff read an order's autopay: its state, when it charges next, every attempt (decision 096). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { autopay } = app.services;

  app.get(
    '/orders/:id/autopay',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'An order’s autopay: state, next charge and every attempt with its outcome',
        params: adminIdParamSchema,
        response: { 200: orderAutopayResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await autopay.forStaff(request.params.id) }),
  );
  return Promise.resolve();
};
export default routes;
