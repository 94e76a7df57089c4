import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  myTelephoneLineListResponseSchema,
  myTelephoneQuerySchema,
  telephoneBookingCreateSchema,
  telephoneBookingParamsSchema,
  telephoneStandingResponseSchema,
  telephoneStandingSavedSchema,
} from '@knotwork/shared/schemas/telephone-bids';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['telephone bids'];
const signedIn = { security: [{ bearerAuth: [] }] };
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Telephone bids, the bidder's side (issue 29 §1, decision 097): the lots that take lines, booking and cancelling. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const telephone = app.services.telephone;

  app.get(
    '/rug/telephone',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary:
          'My telephone lines across sales, one per lot (the live booking, else the last cancelled), newest sale first; `lotId` keeps one lot',
        querystring: myTelephoneQuerySchema,
        response: {
          200: myTelephoneLineListResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await telephone.mine(currentUser(request).userId, request.query.lotId) }),
  );

  app.get(
    '/rug/upcoming/:id/telephone',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary:
          'A live sale’s lots as a bidder booking telephone lines sees them: which take lines, lines left, and mine',
        params: idParamSchema,
        response: {
          200: telephoneStandingResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await telephone.standing(request.params.id, request.auth?.userId) }),
  );

  app.post(
    '/rug/upcoming/:id/telephone',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary:
          'Book a telephone line for these lots of a live sale (registered and approved bidders), called on this phone',
        description:
          'All or none: 403 NOT_REGISTERED or REGISTRATION_PENDING without an approved registration; 409 BELOW_PHONE_MINIMUM, LOT_STARTED or PHONE_LINES_FULL naming why a lot cannot take a line. A lot already booked stays as it is.',
        params: idParamSchema,
        body: telephoneBookingCreateSchema,
        response: { 201: telephoneStandingSavedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await telephone.book(currentUser(request).userId, request.params.id, request.body)),
  );

  app.delete(
    '/rug/upcoming/:id/telephone/:bookingId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary: 'Cancel my telephone line for a lot, until the lot is offered',
        params: telephoneBookingParamsSchema,
        response: { 200: telephoneStandingSavedSchema, ...errors },
      },
    },
    async (request) =>
      telephone.cancel(currentUser(request).userId, request.params.id, request.params.bookingId),
  );
  return Promise.resolve();
};
export default routes;
