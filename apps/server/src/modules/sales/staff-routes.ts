import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuctionCreateSchema,
  adminAuctionDetailResponseSchema,
  adminAuctionListResponseSchema,
  adminAuctionResponseSchema,
  adminAuctionUpdateSchema,
  adminBidHistoryResponseSchema,
  adminIdParamSchema,
  adminListQuerySchema,
  adminLotActionResponseSchema,
  adminLotCreateSchema,
  adminLotResponseSchema,
  adminLotUpdateSchema,
  adminMessages,
  adminOptionalReasonSchema,
  adminReasonSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
} from '@knotwork/shared/schemas/sales-staff';
import { valueOrThrow } from '../../lib/http-answers.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createBidHistory } from '../lots/bid-history.ts';
import { createBidderAdmin } from '../bidders/bidder-accounts.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** The staff API under /admin: every route needs a signed-in admin (401 without a session, 403 for others). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.ctx;
  const auctions = app.services.adminAuctions;
  const corrections = app.services.lotCorrections;
  const bidders = createBidderAdmin(db);
  const bidHistory = createBidHistory(db);
  // onRequest: refuse callers without the route's ability before the body is even validated (a 403, not a 400,
  // for a stranger's bad input). Each route names its ability in config (packages/shared abilities, decision 035).
  app.addHook('onRequest', app.requireStaff);

  app.get(
    '/admin/auctions',
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
    '/admin/auctions',
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
    '/admin/auctions/:id',
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
    '/admin/auctions/:id',
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
    '/admin/auctions/:id/lots',
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
    '/admin/lots/:id',
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

  app.post(
    '/admin/lots/:id/withdraw',
    {
      config: { ability: ['manage', 'lot'] },
      schema: {
        ...staff,
        summary: 'Withdraw a lot (any time before it closes); its bidders are notified',
        params: adminIdParamSchema,
        body: adminOptionalReasonSchema,
        response: { 200: adminLotActionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: adminMessages.lotWithdrawn,
      data: valueOrThrow(
        await corrections.withdraw(currentUser(request).userId, request.params.id, request.body?.reason),
      ),
    }),
  );

  app.get(
    '/admin/lots/:id/bids',
    {
      config: { ability: ['read', 'lot'] },
      schema: {
        ...staff,
        summary: "A lot's full bid history: bidders' names, e-mails and maxima, voided bids, history lines",
        params: adminIdParamSchema,
        response: { 200: adminBidHistoryResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ data: await bidHistory(request.params.id) }),
  );

  app.post(
    '/admin/bids/:id/void',
    {
      config: { ability: ['manage', 'bid'] },
      schema: {
        ...staff,
        summary: 'Void a bid of an open lot; the lot is recomputed from the remaining bids',
        params: adminIdParamSchema,
        body: adminReasonSchema,
        response: { 200: adminLotActionResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: adminMessages.bidVoided,
      data: valueOrThrow(
        await corrections.voidBid(currentUser(request).userId, request.params.id, request.body.reason),
      ),
    }),
  );

  app.get(
    '/admin/users',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Users, newest first; q searches name and e-mail',
        querystring: adminListQuerySchema,
        response: { 200: adminUserListResponseSchema, ...staffErrors },
      },
    },
    async (request) => bidders.list(request.query.page, request.query.pageSize, request.query.q),
  );

  app.post(
    '/admin/users/:id/block',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Stop a user bidding (their bids answer 403 BIDDING_BLOCKED)',
        params: adminIdParamSchema,
        body: adminOptionalReasonSchema,
        response: { 200: adminUserResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: adminMessages.bidderBlocked,
      data: await bidders.block(currentUser(request).userId, request.params.id, request.body?.reason),
    }),
  );

  app.delete(
    '/admin/users/:id/block',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Let a blocked user bid again',
        params: adminIdParamSchema,
        response: { 200: adminUserResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: adminMessages.bidderUnblocked,
      data: await bidders.unblock(currentUser(request).userId, request.params.id),
    }),
  );
  return Promise.resolve();
};
export default routes;
