import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  taxRateInputSchema,
  taxRateListResponseSchema,
  taxRateResponseSchema,
} from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/** The tax rates checkouts are priced with, by destination. Registered by ../staff-routes.ts (staff only). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { staffOrders: orders } = app.services;

  app.get(
    '/tax-rates',
    {
      config: { ability: ['read', 'settings'] },
      schema: {
        ...staff,
        summary: 'Tax rates by destination (none by default)',
        response: { 200: taxRateListResponseSchema, ...errors },
      },
    },
    async () => ({ data: await orders.taxRates() }),
  );

  app.put(
    '/tax-rates',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Set the tax rate of a destination (country, or country and state)',
        description:
          'appliesTo premium_and_shipping (auctioneers\u2019 margin scheme) or whole. Used by checkouts created afterwards; frozen quotes keep theirs.',
        body: taxRateInputSchema,
        response: { 200: taxRateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.taxRateSaved,
      data: await orders.setTaxRate(currentUser(request).userId, request.body),
    }),
  );

  app.delete(
    '/tax-rates/:id',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Delete a tax rate',
        params: adminIdParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await orders.deleteTaxRate(currentUser(request).userId, request.params.id);
      return { message: m.taxRateDeleted };
    },
  );
  return Promise.resolve();
};
export default routes;
