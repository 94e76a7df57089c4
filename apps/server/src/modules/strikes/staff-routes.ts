import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminClearStrikeBodySchema,
  adminClearStrikeResponseSchema,
  adminStrikesResponseSchema,
  strikeMessages as m,
} from '@knotwork/shared/schemas/strikes';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/**
 * Strikes on the bidder's page (issue 28 §4, decision 092): read with the bidder, cleared by the roles that manage
 * bidders, with a reason. Lifting the block is the bidder page's existing unblock.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const strikes = app.services.strikes;

  app.get(
    '/users/:id/strikes',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary:
          "A bidder's strikes (orders unpaid past their due date), newest first, cleared or not and why",
        params: adminIdParamSchema,
        response: { 200: adminStrikesResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await strikes.forStaff(request.params.id) }),
  );

  app.post(
    '/strikes/:id/clear',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary: 'Clear a strike, with the reason (does not lift a block: unblock the bidder for that)',
        params: adminIdParamSchema,
        body: adminClearStrikeBodySchema,
        response: { 200: adminClearStrikeResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => ({
      message: m.strikeCleared,
      data: await strikes.clear(currentUser(request).userId, request.params.id, request.body.reason),
    }),
  );
  return Promise.resolve();
};
export default routes;
