import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import {
  biddingMessages,
  bidHistoryResponseSchema,
  bidRefusalSchema,
  bidResponseSchema,
  buyNowResponseSchema,
  idempotencyHeadersSchema,
  myBidsResponseSchema,
  myBiddingLimitResponseSchema,
  myListQuerySchema,
  placeBidBodySchema,
  wonLotsResponseSchema,
} from '@knotwork/shared/schemas/bidding';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { spendBidBudget } from './bid-limits.ts';
import { bidAnswer, buyNowAnswer, sendAnswer } from '../../lib/http-answers.ts';
import { requestHash } from './idempotency.ts';
import type { RouteDeps } from '../../route-deps.ts';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'rateLimits'>> = (app, { rateLimits }) => {
  const { bids, buyNow, myLists: lists } = app.services;
  // On shutdown, after the last requests: let accepted bids' notices (live events, outbid mail and push) go out
  // before the database and the bus close.
  app.addHook('onClose', () => bids.drain());
  const refusals = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: bidRefusalSchema,
    404: errorResponseSchema,
    409: bidRefusalSchema,
    422: bidRefusalSchema,
  };
  const signedIn = { security: [{ bearerAuth: [] }] };
  /**
   * The bodies of accepted bids this process just built (bidAnswer on the batch's outcome): the lot payload
   * (lots/lot-mapper.ts toApiLot) has exactly the response schema's keys, in its order, with no transforms, so
   * the schema's parse (a full copy of the lot, on every bid) would give the same JSON; they are stringified as
   * they are (issue 30 section 2, decision 100). Every other body (refusals, replayed answers, whose stored JSON
   * has jsonb's key order) goes through the schema as before. test/bidding/bids.test.ts checks the bytes match.
   */
  const builtBodies = new WeakSet<object>();

  app.post(
    '/rug/add-offer/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary: 'Place a bid: the amount is your maximum (proxy bidding); id is the rug or the lot',
        description:
          "Amount in cents, a whole number of currency units, at least the lot's nextMinimumBid. The system bids for you only as much as needed to lead. Refusals answer { message, code } with the engine's codes (BID_TOO_LOW adds nextMinimum). Send an Idempotency-Key header to make retries safe. More than 10 bids on one lot in 10 s, or 60 in a minute over all lots, answer 429 BID_RATE_LIMITED with Retry-After.",
        ...signedIn,
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        body: placeBidBodySchema,
        response: { 201: bidResponseSchema, ...refusals, 429: errorResponseSchema },
      },
      serializerCompiler: (route) => {
        // The response schema's own serializer (zod), typed as it is registered app-wide in app.ts.
        const throughSchema = serializerCompiler(
          route as unknown as Parameters<typeof serializerCompiler>[0],
        );
        return (data) => (builtBodies.has(data as object) ? JSON.stringify(data) : throughSchema(data));
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const limited = await spendBidBudget(rateLimits, userId, request.params.id);
      if (limited) {
        return reply
          .code(429)
          .header('retry-after', String(limited.retryAfterSeconds))
          .send({ message: biddingMessages.rateLimited, code: 'BID_RATE_LIMITED' });
      }
      const key = request.headers['idempotency-key'];
      // The one answer this bid gets: sent, and (with a key) the same adapter stores it in the bid's batch. The
      // service counts the outcomes once per batch (bid-service.ts), not here once per request.
      const outcome = await bids.place({
        userId,
        target: request.params.id,
        amount: request.body.amount,
        ...(key
          ? {
              idempotency: {
                key,
                hash: requestHash('bid', request.params.id, request.body),
                answer: bidAnswer,
              },
            }
          : {}),
      });
      const answer = bidAnswer(outcome);
      if (outcome.kind === 'accepted') builtBodies.add(answer.body as object);
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/rug/buy-now/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary:
          'Buy a rug now: from its open lot at the buy-now price, or at its fixed price (held 15 minutes)',
        description:
          'Creates an order awaiting payment. On a lot: only while open and without bids (with a reserve: until met). At a fixed price: the first buyer holds the rug for 15 minutes; others get 409 RUG_RESERVED meanwhile.',
        ...signedIn,
        params: idParamSchema,
        headers: idempotencyHeadersSchema,
        response: { 201: buyNowResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { userId } = currentUser(request);
      const key = request.headers['idempotency-key'];
      const answer = buyNowAnswer(
        await buyNow.buy({
          userId,
          target: request.params.id,
          ...(key
            ? {
                idempotency: {
                  key,
                  hash: requestHash('buyNow', request.params.id, null),
                  answer: buyNowAnswer,
                },
              }
            : {}),
        }),
      );
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/rug/:id/bids',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['bidding'],
        summary:
          'Public bid history of a lot (id of the rug or the lot), pseudonymous; your own lines read "You"',
        params: idParamSchema,
        response: { 200: bidHistoryResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const data = await app.services.bids.history(request.params.id, request.auth?.userId);
      if (!data) throw notFound(apiMessages.notFound);
      return { data };
    },
  );

  app.get(
    '/rug/offer/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary: 'My bids: one row per lot (leading, outbid, won or lost), latest activity first',
        ...signedIn,
        querystring: myListQuerySchema,
        response: { 200: myBidsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => lists.myBids(currentUser(request).userId, request.query),
  );

  app.get(
    '/rug/offer/limit',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary:
          'My bidding limit: what I may commit, what I have committed (leading maxima, won and unpaid), what is left',
        ...signedIn,
        response: { 200: myBiddingLimitResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await lists.myLimit(currentUser(request).userId) }),
  );

  app.get(
    '/rug/winner/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary: 'Lots I won (or bought now), with their order and its payment status',
        ...signedIn,
        querystring: myListQuerySchema,
        response: { 200: wonLotsResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => lists.wonLots(currentUser(request).userId, request.query),
  );
  return Promise.resolve();
};
export default routes;
