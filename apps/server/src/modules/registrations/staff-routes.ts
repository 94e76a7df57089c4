import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminRegistrationCreateSchema,
  adminRegistrationDecisionSchema,
  adminRegistrationListResponseSchema,
  adminRegistrationParamsSchema,
  adminRegistrationQuerySchema,
  adminRegistrationResponseSchema,
} from '@knotwork/shared/schemas/registrations-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { myRegistrationListResponseSchema } from '@knotwork/shared/schemas/registrations';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const createErrors = { ...errors, 409: errorResponseSchema };
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** A sale's registrations to bid in the back office (issue 28 §1, §5): the approval queue and decisions. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const registrations = app.services.registrations;

  app.get(
    '/auctions/:id/registrations',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary: 'A sale’s registrations to bid, pending first, with what staff need to decide',
        params: adminIdParamSchema,
        querystring: adminRegistrationQuerySchema,
        response: { 200: adminRegistrationListResponseSchema, ...errors },
      },
    },
    async (request) => registrations.list(request.params.id, request.query),
  );

  app.post(
    '/auctions/:id/registrations',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary:
          'Register a bidder with an account by e-mail, approved at once, with a chosen paddle or the next one',
        params: adminIdParamSchema,
        body: adminRegistrationCreateSchema,
        response: { 201: adminRegistrationResponseSchema, ...createErrors },
      },
    },
    async (request, reply) => {
      const result = await registrations.registerByStaff(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/auctions/:id/registrations/:registrationId/decision',
    {
      config: { ability: ['manage', 'bidder'] },
      schema: {
        ...staff,
        summary:
          'Approve a registration (optionally with a bidding limit) or reject it with a reason; the bidder is told',
        params: adminRegistrationParamsSchema,
        body: adminRegistrationDecisionSchema,
        response: { 200: adminRegistrationResponseSchema, ...errors },
      },
    },
    async (request) =>
      registrations.decide(
        currentUser(request).userId,
        request.params.id,
        request.params.registrationId,
        request.body,
      ),
  );
  app.get(
    '/users/:id/registrations',
    {
      config: { ability: ['read', 'bidder'] },
      schema: {
        ...staff,
        summary: 'A bidder’s registrations to bid, newest sale first, with paddle numbers and status',
        params: adminIdParamSchema,
        response: { 200: myRegistrationListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await registrations.mine(request.params.id) }),
  );
  return Promise.resolve();
};
export default routes;
