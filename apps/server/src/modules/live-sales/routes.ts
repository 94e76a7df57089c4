import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { bidRefusalSchema, idempotencyHeadersSchema } from '@knotwork/shared/schemas/bidding';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  liveBidResponseSchema,
  liveOnlineBidSchema,
  liveSaleResponseSchema,
} from '@knotwork/shared/schemas/live-sales';
import { liveBidAnswer, sendAnswer } from '../../lib/http-answers.ts';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { requestHash } from '../bidding/idempotency.ts';
import { spendBidBudget } from '../bidding/bid-limits.ts';
import type { RouteDeps } from '../../route-deps.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  // OVER_LIMIT's figures, as on a timed bid (decision 090).
  403: bidRefusalSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** The online bidders' side of a live sale (decision 051): the room's view and a bid at the ask. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'rateLimits'>> = (app, { rateLimits }) => {
  const { live } = app.services;

  app.get(
    '/live/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['live sales'],
        summary:
          'A live sale as the room sees it: the lot on the block, the ask, the bid lines, the lots to come',
        description:
          'id is the sale id or slug. Changes arrive on the live socket channel live:<saleId> as live.state events carrying the whole view; after a reconnect, fetch this again.',
        params: idParamSchema,
        response: { 200: liveSaleResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const auctionId = await live.findSaleId(request.params.id);
      if (!auctionId) throw notFound(apiMessages.notFound);
      return { data: await live.view(auctionId, request.auth?.userId ?? null) };
    },
  );

  app.post(
    '/live/:id/bids',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['live sales'],
        summary: 'Bid the current ask on the lot on the block',
        description:
          'The body names the lot and the ask the bidder saw: if the auctioneer has moved on, the bid is refused (409 ASK_CHANGED or WRONG_LOT) rather than placed at another price. Send an Idempotency-Key to make retries safe.',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: liveOnlineBidSchema,
        response: { 201: liveBidResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const auctionId = await live.findSaleId(request.params.id);
      if (!auctionId) throw notFound(apiMessages.notFound);
      const limited = await spendBidBudget(rateLimits, userId, request.body.lotId);
      if (limited) {
        return reply
          .code(429)
          .header('retry-after', String(limited.retryAfterSeconds))
          .send({ message: 'Too many bids at once. Wait a moment.', code: 'BID_RATE_LIMITED' });
      }
      const key = request.headers['idempotency-key'];
      const outcome = await live.onlineBid(
        auctionId,
        userId,
        request.body,
        key ? { key, hash: requestHash('liveBid', auctionId, request.body), answer: liveBidAnswer } : null,
      );
      return sendAnswer(reply, liveBidAnswer(outcome));
    },
  );
  return Promise.resolve();
};

export default routes;
