import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@knotwork/shared/schemas/common';
import { liveSaleViewSchema } from '@knotwork/shared/schemas/live-sales';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminTelephoneAssignSchema,
  adminTelephoneParamsSchema,
  adminTelephoneSaleResponseSchema,
  adminTelephoneSavedSchema,
  operatorBidSchema,
  operatorDeskResponseSchema,
  operatorReadySchema,
} from '@knotwork/shared/schemas/telephone-bids';
import { staffErrors, staffId } from '../../lib/staff-route.ts';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/**
 * Telephone bids in the back office (issue 29 §1, decision 097): a sale's bookings and who calls each bidder (the
 * clerk's side, `live`), and the operator's desk (`phone`: every staff role may be put on a line).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const telephone = app.services.telephone;

  app.get(
    '/auctions/:id/telephone',
    {
      config: { ability: ['read', 'live'] },
      schema: {
        ...staff,
        summary:
          'A live sale’s telephone bookings by lot (bidder, paddle, phone, language, operator, ready) and the staff who may operate',
        params: adminIdParamSchema,
        response: { 200: adminTelephoneSaleResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ data: await telephone.staffSale(request.params.id) }),
  );

  app.put(
    '/auctions/:id/telephone/:bookingId/operator',
    {
      config: { ability: ['manage', 'live'] },
      schema: {
        ...staff,
        summary:
          'Assign a telephone booking to an operator, or take it back (null), until its lot is offered',
        params: adminTelephoneParamsSchema,
        body: adminTelephoneAssignSchema,
        response: { 200: adminTelephoneSavedSchema, ...staffErrors },
      },
    },
    async (request) =>
      telephone.assign(
        staffId(request),
        request.params.id,
        request.params.bookingId,
        request.body.operatorId,
      ),
  );

  app.get(
    '/telephone/:id',
    {
      config: { ability: ['read', 'phone'] },
      schema: {
        ...staff,
        summary:
          'The operator’s desk in a live sale (id or slug): their bidders by lot, with phones and readiness',
        params: idParamSchema,
        response: { 200: operatorDeskResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ data: await telephone.desk(staffId(request), request.params.id) }),
  );

  app.post(
    '/telephone/:id/ready',
    {
      config: { ability: ['manage', 'phone'] },
      schema: {
        ...staff,
        summary: 'Mark my telephone lines of a lot ready (the bidders are on the line) or not ready',
        params: idParamSchema,
        body: operatorReadySchema,
        response: { 200: operatorDeskResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({ data: await telephone.ready(staffId(request), request.params.id, request.body) }),
  );

  app.post(
    '/telephone/:id/bids',
    {
      config: { ability: ['manage', 'phone'] },
      schema: {
        ...staff,
        summary: 'Bid the ask for the bidder on one of my telephone lines, on the lot on the block',
        description:
          'A telephone bid through the live sale’s bid path: the bidder’s registration, deposit and limit are checked (403 OVER_LIMIT ...), the ask and lot must be the current ones (409 ASK_CHANGED, WRONG_LOT), and the entry is audited. 403 NOT_YOUR_BIDDER when the booking is not assigned to the caller.',
        params: idParamSchema,
        body: operatorBidSchema,
        response: { 200: z.object({ data: liveSaleViewSchema }), ...staffErrors },
      },
    },
    async (request) => ({ data: await telephone.bid(staffId(request), request.params.id, request.body) }),
  );
  return Promise.resolve();
};
export default routes;
