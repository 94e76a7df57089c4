import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminLotOrderSchema,
  adminSaleActionResponseSchema,
  adminSaleDeleteResponseSchema,
  adminSaleMessages as m,
} from '@knotwork/shared/schemas/sale-building-staff';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** Publishing a draft sale, taking it back, deleting it, renumbering its lots (decisions 037, 074). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const ops = app.services.saleOps;

  app.post(
    '/auctions/:id/publish',
    {
      config: { ability: ['manage', 'sale'] },
      schema: {
        ...staff,
        summary: 'Publish a draft sale (visitors see it at once)',
        description:
          'Needs at least one lot and a start still ahead. 409 NOT_DRAFT, NO_LOTS, START_PASSED (a draft whose start has passed: reschedule it first).',
        params: adminIdParamSchema,
        response: { 200: adminSaleActionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: m.published,
      data: await ops.publish(currentUser(request).userId, request.params.id),
    }),
  );

  app.post(
    '/auctions/:id/unpublish',
    {
      config: { ability: ['manage', 'sale'] },
      schema: {
        ...staff,
        summary: 'Take a published sale that has not started back to draft',
        params: adminIdParamSchema,
        response: { 200: adminSaleActionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: m.unpublished,
      data: await ops.unpublish(currentUser(request).userId, request.params.id),
    }),
  );

  app.delete(
    '/auctions/:id',
    {
      config: { ability: ['manage', 'sale'] },
      schema: {
        ...staff,
        summary: 'Delete a draft sale and its lots (their rugs are free for another sale)',
        description:
          'Only a draft, whatever its dates (a draft never opens by itself). 409 UNPUBLISH_FIRST for a published sale that has not started, AUCTION_STARTED, SALE_CLOSED, SALE_CANCELLED.',
        params: adminIdParamSchema,
        response: { 200: adminSaleDeleteResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: m.deleted,
      data: await ops.remove(currentUser(request).userId, request.params.id),
    }),
  );

  app.put(
    '/auctions/:id/lot-order',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Renumber every lot of a sale that has not started: lotIds[0] becomes lot 1',
        description: 'Each lot\u2019s end follows its new number (end of lot 1 + (n - 1) \u00d7 stagger).',
        params: adminIdParamSchema,
        body: adminLotOrderSchema,
        response: { 200: adminSaleActionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: m.renumbered,
      data: await ops.renumber(currentUser(request).userId, request.params.id, request.body.lotIds),
    }),
  );
  return Promise.resolve();
};
export default routes;
