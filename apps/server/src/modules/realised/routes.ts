import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  comparablesResponseSchema,
  realisedChartQuerySchema,
  realisedChartResponseSchema,
  realisedListResponseSchema,
  realisedQuerySchema,
} from '@knotwork/shared/schemas/realised';

/**
 * Realised prices (issue 14 section 5), public: sold lots' hammer prices, a rug's comparables and the price chart.
 * Cached briefly by browsers and proxies: the record changes only when a lot closes.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.realised;
  const cache = 'public, max-age=60';

  app.get(
    '/realised',
    {
      schema: {
        tags: ['realised'],
        summary: 'Realised prices: sold lots with their hammer prices, filtered and paged',
        querystring: realisedQuerySchema,
        response: { 200: realisedListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cache);
      return service.list(request.query);
    },
  );

  app.get(
    '/realised/chart',
    {
      schema: {
        tags: ['realised'],
        summary: 'Hammer price per square metre by year of sale (median and range), for an origin or a style',
        querystring: realisedChartQuerySchema,
        response: { 200: realisedChartResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cache);
      return { data: await service.chart(request.query) };
    },
  );

  app.get(
    '/rug/:id/comparables',
    {
      schema: {
        tags: ['realised'],
        summary:
          'Up to six sold comparables of a rug (same origin or style, similar size and age, last five years)',
        params: idParamSchema,
        response: { 200: comparablesResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', cache);
      return { data: await service.comparables(request.params.id) };
    },
  );
  return Promise.resolve();
};
export default routes;
