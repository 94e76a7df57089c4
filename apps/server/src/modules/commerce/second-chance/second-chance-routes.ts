import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  secondChanceAnswerSchema,
  secondChanceResponseSchema,
  secondChanceTokenParamSchema,
} from '@knotwork/shared/schemas/payments';
import { buyerErrors as errors } from '../route-parts.ts';

/** The underbidder's side of a second-chance offer: the mailed token is the capability, no sign-in needed. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { secondChance } = app.services;

  app.get(
    '/second-chance/:token',
    {
      schema: {
        tags: ['payments'],
        summary: 'A second-chance offer, by the token mailed to the underbidder',
        description: 'The token is the capability: no sign-in needed. 404 for an unknown token.',
        params: secondChanceTokenParamSchema,
        response: { 200: secondChanceResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await secondChance.view(request.params.token) }),
  );

  app.post(
    '/second-chance/:token',
    {
      schema: {
        tags: ['payments'],
        summary: 'Accept or decline a second-chance offer (within 48 hours)',
        description:
          'Accepting creates an order due in 3 days (data.orderId): pay it like any other. 409 OFFER_CLOSED once answered or expired.',
        params: secondChanceTokenParamSchema,
        body: secondChanceAnswerSchema,
        response: { 200: secondChanceResponseSchema, ...errors },
      },
    },
    async (request) => secondChance.answer(request.params.token, request.body.accept),
  );
  return Promise.resolve();
};
export default routes;
