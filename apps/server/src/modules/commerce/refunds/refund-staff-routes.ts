import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { adminOrderActionResponseSchema, refundOrderSchema } from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/** Staff refund a paid order. Registered by ../staff-routes.ts (staff only). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { staffOrders: orders } = app.services;

  app.post(
    '/orders/:id/refund',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Refund a paid order, fully or in part; issues a credit note (CN-) mailed to the buyer',
        description:
          'Through the provider that took the money; a bank transfer is sent by staff from the bank and recorded here. The amount may not exceed what is left to refund.',
        params: adminIdParamSchema,
        body: refundOrderSchema,
        response: {
          200: z.object({
            message: z.string(),
            data: z.object({
              order: adminOrderActionResponseSchema.shape.data,
              creditNoteNumber: z.string(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      message: m.refunded,
      data: await orders.refund(currentUser(request).userId, request.params.id, request.body),
    }),
  );
  return Promise.resolve();
};
export default routes;
