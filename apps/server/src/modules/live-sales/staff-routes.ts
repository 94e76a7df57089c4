import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { idParamSchema } from '@knotwork/shared/schemas/common';
import {
  liveClerkActionSchema,
  liveStaffResponseSchema,
  liveSaleViewSchema,
} from '@knotwork/shared/schemas/live-sales';
import { z } from 'zod';
import { valueOrThrow } from '../../lib/http-answers.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** The clerk's console of a live sale (decision 051): staff with the `live` ability only. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { live } = app.services;

  app.get(
    '/live/:id',
    {
      config: { ability: ['read', 'live'] },
      schema: {
        ...staff,
        summary:
          "The clerk's view: the lot on the block, its book of absentee bids, the lots to come, online count",
        params: idParamSchema,
        response: { 200: liveStaffResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const auctionId = await live.findSaleId(request.params.id);
      const view = auctionId ? await live.staffView(auctionId) : null;
      if (!view) throw notFound(apiMessages.notFound);
      return { data: view };
    },
  );

  app.post(
    '/live/:id/actions',
    {
      config: { ability: ['manage', 'live'] },
      schema: {
        ...staff,
        summary:
          'A clerk action: open a lot, set the ask, a floor bid, fair warning, sold, pass, undo, pause, resume',
        description:
          'Refusals answer 409 with the clerk engine code. sold carries the bid count the clerk saw: a bid that arrived since answers 409 NEW_BID.',
        params: idParamSchema,
        body: liveClerkActionSchema,
        response: { 200: z.object({ data: liveSaleViewSchema }), ...staffErrors },
      },
    },
    async (request) => {
      const auctionId = await live.findSaleId(request.params.id);
      if (!auctionId) throw notFound(apiMessages.notFound);
      return { data: valueOrThrow(await live.clerk(auctionId, currentUser(request).userId, request.body)) };
    },
  );
  return Promise.resolve();
};

export default routes;
