import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { exchangeRateListResponseSchema } from '@knotwork/shared/schemas/exchange-rates';

/**
 * GET /exchange-rates (issue 14 section 6): the display rates, public. Cached five minutes by browsers and
 * proxies: an approximate figure a few minutes old is still approximate, and the header asks on every page.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const rates = app.services.exchangeRates;

  app.get(
    '/exchange-rates',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Display exchange rates against the house currency (prices are always charged in the sale\u2019s)',
        response: { 200: exchangeRateListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const list = await rates.list();
      return {
        data: { base: rates.base, rates: list.map(({ updatedBy: _hidden, ...rate }) => rate) },
      };
    },
  );
  return Promise.resolve();
};
export default routes;
