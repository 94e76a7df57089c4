import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminBidderDetailResponseSchema,
  adminBidderMessages as m,
  adminBidderNoteCreateSchema,
  adminBidderNoteResponseSchema,
} from '@knotwork/shared/schemas/bidders-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';
import { createBidderDetail } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** A bidder's page in the back office (issue 11): bids, wins, orders, notes. Block/unblock live in admin/. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const bidders = createBidderDetail(app.ctx.db);
  app.addHook('onRequest', app.requireStaff);

  app.get(
    '/admin/users/:id',
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

  app.post(
    '/admin/users/:id/notes',
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
