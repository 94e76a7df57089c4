import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminIdParamSchema,
  adminListQuerySchema,
  adminMessages,
  adminOptionalReasonSchema,
  adminUserListResponseSchema,
  adminUserResponseSchema,
} from '@knotwork/shared/schemas/sales-staff';
import {
  adminBidderDetailResponseSchema,
  adminBidderLimitBodySchema,
  adminBidderLimitResponseSchema,
  adminBidderMessages as m,
  adminBidderNoteCreateSchema,
  adminBidderNoteResponseSchema,
} from '@knotwork/shared/schemas/bidders-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/**
 * Bidders in the back office (issue 11, under /admin): the user list, a bidder's page (bids, wins, orders, notes),
 * blocking and unblocking.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const bidders = app.services.bidderDetail;
  const accounts = app.services.bidderAccounts;

  app.get(
    '/users',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Users, newest first; q searches name and e-mail',
        querystring: adminListQuerySchema,
        response: { 200: adminUserListResponseSchema, ...staffErrors },
      },
    },
    async (request) => accounts.list(request.query.page, request.query.pageSize, request.query.q),
  );

  app.post(
    '/users/:id/block',
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
      data: await accounts.block(currentUser(request).userId, request.params.id, request.body?.reason),
    }),
  );

  app.delete(
    '/users/:id/block',
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
      data: await accounts.unblock(currentUser(request).userId, request.params.id),
    }),
  );

  app.get(
    '/users/:id',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary: 'One bidder: counts, the 50 newest bids and orders, staff notes',
        params: adminIdParamSchema,
        response: { 200: adminBidderDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await bidders.detail(request.params.id) }),
  );

  app.put(
    '/users/:id/limit',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary: "Set or clear a bidder's bidding limit (their bids past it answer 403 OVER_LIMIT)",
        params: adminIdParamSchema,
        body: adminBidderLimitBodySchema,
        response: { 200: adminBidderLimitResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: request.body.limitCents === null ? m.limitCleared : m.limitSet,
      data: await bidders.setLimit(currentUser(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/users/:id/notes',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Add a staff note to a bidder (never shown to them)',
        params: adminIdParamSchema,
        body: adminBidderNoteCreateSchema,
        response: { 201: adminBidderNoteResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: m.noteAdded,
        data: await bidders.addNote(currentUser(request).userId, request.params.id, request.body.body),
      }),
  );
  return Promise.resolve();
};
export default routes;
