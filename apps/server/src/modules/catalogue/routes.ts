import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  relatedRugsResponseSchema,
  rugDetailResponseSchema,
  rugFacetsResponseSchema,
  rugListResponseSchema,
} from '@knotwork/shared/schemas/catalogue';
import { parseRugFilterQuery, rugFilterQuerySchema } from './filter-request.ts';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.rugs;
  const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

  app.get(
    '/rug',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['catalogue'],
        summary: 'Rugs matching a filter, paged',
        description:
          'The filter is a RugFilter JSON object in `data` (URL-encoded, as in the web URL /rug-listings?data=...), and/or the same keys as plain parameters. A bad filter answers 400 with `errors` per field.',
        querystring: rugFilterQuerySchema,
        response: { 200: rugListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => service.list(parseRugFilterQuery(request.query), new Date(), request.auth?.userId),
  );

  app.get(
    '/rug/facets',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Counts per filter value for a filter (each facet ignoring its own selection), size and price bounds',
        querystring: rugFilterQuerySchema,
        response: { 200: rugFacetsResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({ data: await service.facets(parseRugFilterQuery(request.query)) }),
  );

  app.get(
    '/rug/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['catalogue'],
        summary:
          'One rug by id or slug: every field, images, collections, its current or last lot, related rugs',
        params: idParamSchema,
        response: { 200: rugDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.detail(request.params.id, new Date(), request.auth?.userId) }),
  );

  app.get(
    '/rug/:id/related',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Rugs like this one (same collection, weaving centre or style; then closest in price)',
        params: idParamSchema,
        response: { 200: relatedRugsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.related(request.params.id) }),
  );
  return Promise.resolve();
};
export default routes;
