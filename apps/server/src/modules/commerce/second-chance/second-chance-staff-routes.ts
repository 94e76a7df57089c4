import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  secondChanceCreatedResponseSchema,
  secondChanceCreateSchema,
} from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/** Staff offer a cancelled order's lot to its underbidder. Registered by ../staff-routes.ts (staff only). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { secondChance } = app.services;

  app.post(
    '/orders/:id/second-chance',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: "Offer a cancelled auction order's lot to its underbidder, at no more than their maximum",
        description:
          'price defaults to the underbidder\u2019s maximum. The underbidder is mailed a link valid 48 hours (GET/POST /second-chance/{token}).',
        params: adminIdParamSchema,
        body: secondChanceCreateSchema,
        response: { 201: secondChanceCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: m.offerMade,
        data: await secondChance.offer(currentUser(request).userId, request.params.id, request.body),
      }),
  );
  return Promise.resolve();
};
export default routes;
