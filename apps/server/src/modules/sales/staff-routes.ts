import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuctionCreateSchema,
  adminAuctionDetailResponseSchema,
  adminAuctionListResponseSchema,
  adminAuctionResponseSchema,
  adminAuctionUpdateSchema,
  adminIdParamSchema,
  adminListQuerySchema,
  adminLotCreateSchema,
  adminLotResponseSchema,
  adminLotUpdateSchema,
} from '@knotwork/shared/schemas/sales-staff';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/**
 * Building sales in the back office (under /admin, behind the one staff guard of staff-routes.ts): the sale list,
 * a sale's settings, its lots before it starts. Publishing, deleting and renumbering are in staff-sale-ops-routes.ts.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const auctions = app.services.adminAuctions;

  app.get(
    '/auctions',
    {
      config: { ability: ['read', 'sale'] },
      schema: {
        ...staff,
        summary: 'Every sale, newest start first',
        querystring: adminListQuerySchema,
        response: { 200: adminAuctionListResponseSchema, ...staffErrors },
      },
    },
    async (request) => auctions.list(request.query.page, request.query.pageSize, request.query.q),
  );

  app.post(
    '/auctions',
    {
      config: { ability: ['manage', 'sale'] },
      schema: {
        ...staff,
        summary: 'Create a sale',
        description:
          'Lot n ends at endsAt + (n - 1) * staggerSeconds. increments: null uses the house table; a table must start at 0 and ascend.',
        body: adminAuctionCreateSchema,
        response: { 201: adminAuctionResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await auctions.create(currentUser(request).userId, request.body) }),
  );

  app.get(
    '/auctions/:id',
    {
      config: { ability: ['read', 'sale'] },
      schema: {
        ...staff,
        summary: 'A sale with all its lots (reserves and leaders included)',
        params: adminIdParamSchema,
        response: { 200: adminAuctionDetailResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ data: await auctions.detail(request.params.id) }),
  );

  app.patch(
    '/auctions/:id',
    {
      config: { ability: ['manage', 'sale'] },
      schema: {
        ...staff,
        summary: 'Edit or reschedule a sale',
        description:
          'Title and description at any time; schedule and rules only before the sale starts (409 AUCTION_STARTED). Rescheduling moves every lot.',
        params: adminIdParamSchema,
        body: adminAuctionUpdateSchema,
        response: { 200: adminAuctionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      data: await auctions.update(currentUser(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/auctions/:id/lots',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Add a lot to a sale that has not started',
        description:
          'lotNumber defaults to the next free number. The rug must be available and in no other scheduled or open lot.',
        params: adminIdParamSchema,
        body: adminLotCreateSchema,
        response: { 201: adminLotResponseSchema, ...staffErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await auctions.createLot(currentUser(request).userId, request.params.id, request.body),
      }),
  );

  app.patch(
    '/lots/:id',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Edit a lot before its sale starts',
        params: adminIdParamSchema,
        body: adminLotUpdateSchema,
        response: { 200: adminLotResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      data: await auctions.updateLot(currentUser(request).userId, request.params.id, request.body),
    }),
  );

  return Promise.resolve();
};
export default routes;
