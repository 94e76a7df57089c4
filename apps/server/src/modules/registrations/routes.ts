import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  myRegistrationListResponseSchema,
  registrationCreateSchema,
  registrationResponseSchema,
  registrationStandingResponseSchema,
} from '@knotwork/shared/schemas/registrations';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['registrations'];
const signedIn = { security: [{ bearerAuth: [] }] };

/** Registration to bid (issue 28 §1, decision 090): a sale's terms, the caller's standing, and registering. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const registrations = app.services.registrations;

  app.get(
    '/rug/upcoming/:id/registration',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Whether a sale (id or slug) requires registration to bid, and the caller’s registration',
        params: idParamSchema,
        response: {
          200: registrationStandingResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await registrations.standing(request.params.id, request.auth?.userId) }),
  );

  app.post(
    '/rug/upcoming/:id/registration',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary:
          'Register to bid in a sale: accept its terms, confirm an address and a phone; a paddle number, approved at once by the house’s rules or pending review',
        params: idParamSchema,
        body: registrationCreateSchema,
        response: {
          200: registrationResponseSchema,
          201: registrationResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await registrations.register(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/rug/offer/registrations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary: 'My registrations to bid, newest sale first, with paddle numbers and status',
        response: { 200: myRegistrationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await registrations.mine(currentUser(request).userId) }),
  );
  return Promise.resolve();
};
export default routes;
