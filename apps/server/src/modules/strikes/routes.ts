import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { biddingStandingResponseSchema } from '@knotwork/shared/schemas/strikes';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';

/**
 * The collector's bidding standing (issue 28 §4, decision 092): whether they may bid, why not, and the orders to pay.
 * The bid's own refusal (403 BIDDING_BLOCKED) stays one code for every block; the page reads this for the why.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/rug/offer/standing',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['bidding'],
        summary: 'My bidding standing: blocked or not and why (unpaid orders), my strikes, the orders to pay',
        security: [{ bearerAuth: [] }],
        response: { 200: biddingStandingResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await app.services.strikes.standing(currentUser(request).userId) }),
  );
  return Promise.resolve();
};
export default routes;
