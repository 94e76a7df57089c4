import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  addressDeleteResponseSchema,
  addressIdParamsSchema,
  addressInputSchema,
  addressListResponseSchema,
  addressMessages,
  addressResponseSchema,
  shippingQuerySchema,
  shippingQuoteResponseSchema,
} from '@knotwork/shared/schemas/addresses';
import { currentUser } from '../../plugins/auth.ts';

/** The signed-in user's saved addresses and the shipping quote to one of them. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const addresses = app.services.addresses;
  const common = { tags: ['addresses'], security: [{ bearerAuth: [] }] };
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

  app.get(
    '/address/get',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'My saved addresses, the default first, then the newest',
        response: { 200: addressListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await addresses.list(currentUser(request).userId) }),
  );

  app.post(
    '/address/add',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Save a new address (the first one becomes the default)',
        body: addressInputSchema,
        response: {
          201: addressResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await addresses.add(currentUser(request).userId, request.body);
      return reply.status(201).send({ message: addressMessages.added, data });
    },
  );

  app.put(
    '/address/update/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Replace one of my addresses; isDefault: true makes it the default',
        params: addressIdParamsSchema,
        body: addressInputSchema,
        response: { 200: addressResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: addressMessages.updated,
      data: await addresses.update(currentUser(request).userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/address/delete/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary:
          'Delete one of my addresses; answers the remaining ones (the newest becomes default if needed)',
        params: addressIdParamsSchema,
        response: { 200: addressDeleteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: addressMessages.deleted,
      data: await addresses.remove(currentUser(request).userId, request.params.id),
    }),
  );

  app.get(
    '/address/shipping',
    {
      preHandler: app.authenticate,
      schema: {
        ...common,
        summary: 'Shipping cost to one of my addresses: a flat insured courier rate by zone',
        querystring: shippingQuerySchema,
        response: { 200: shippingQuoteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await addresses.shipping(currentUser(request).userId, request.query.addressId),
    }),
  );
  return Promise.resolve();
};
export default routes;
