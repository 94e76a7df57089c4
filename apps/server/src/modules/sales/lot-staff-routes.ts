import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBidHistoryResponseSchema,
  adminIdParamSchema,
  adminLotActionResponseSchema,
  adminMessages,
  adminOptionalReasonSchema,
  adminReasonSchema,
} from '@knotwork/shared/schemas/sales-staff';
import { valueOrThrow } from '../../lib/http-answers.ts';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/**
 * Staff corrections of a lot under way (under /admin): withdraw a lot, read its full bid history, void a bid. The
 * corrections go through the lot core like every other change of a lot (lot-corrections.ts).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const corrections = app.services.lotCorrections;
  const bidHistory = app.services.bidHistory;

  app.post(
    '/lots/:id/withdraw',
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
    '/lots/:id/bids',
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
    '/bids/:id/void',
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
  return Promise.resolve();
};
export default routes;
