import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { idempotencyHeadersSchema } from '@knotwork/shared/schemas/bidding';
import {
  cardHoldBodySchema,
  depositResponseSchema,
  depositSummaryResponseSchema,
} from '@knotwork/shared/schemas/deposits';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};
const collector = { tags: ['deposits'], security: [{ bearerAuth: [] }] };

/**
 * A collector's deposits (issue 28 §2, decision 091): what they hold, the limit it gives, and a hold on their saved
 * card to raise it.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const deposits = app.services.deposits;

  app.get(
    '/deposits',
    {
      onRequest: app.authenticate,
      schema: {
        ...collector,
        summary: 'My deposits, what they hold and the bidding limit they give',
        response: { 200: depositSummaryResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await deposits.summary(currentUser(request).userId) }),
  );

  app.post(
    '/deposits/card-hold',
    {
      onRequest: app.authenticate,
      schema: {
        ...collector,
        summary: 'Hold a deposit on my saved card (for a sale, or house-wide) to raise my bidding limit',
        description:
          'A manual-capture PaymentIntent confirmed with the saved card: nothing is charged, the amount is held until the sale is over (or staff release it). While held the limit is the deposits held times the house\u2019s multiple (never below a larger limit the house set). Send an Idempotency-Key per attempt: the same key makes one hold. A card that is declined or needs the bank\u2019s confirmation answers 409 CARD_DECLINED / CARD_NEEDS_ACTION and holds nothing; no saved card 409 NO_SAVED_CARD; the provider unreachable 502.',
        headers: idempotencyHeadersSchema,
        body: cardHoldBodySchema,
        response: { 201: depositResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await deposits.placeCardHold(
            currentUser(request).userId,
            request.body,
            request.headers['idempotency-key'],
          ),
        ),
  );
  return Promise.resolve();
};
export default routes;
