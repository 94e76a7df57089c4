import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import {
  auctionDetailResponseSchema,
  auctionListQuerySchema,
  auctionListResponseSchema,
  lotListQuerySchema,
  lotListResponseSchema,
} from '@knotwork/shared/schemas/sales';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.sales;

  app.get(
    '/rug/upcoming/list',
    {
      schema: {
        tags: ['sales'],
        summary:
          'Sales with dates, type, cover and lot count; by default those not yet finished, soonest first',
        querystring: auctionListQuerySchema,
        response: { 200: auctionListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => service.listAuctions(request.query),
  );

  app.get(
    '/rug/upcoming/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['sales'],
        summary: "One sale by id or slug, with its lots in lot-number order and each lot's rug",
        params: idParamSchema,
        response: { 200: auctionDetailResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => service.auctionDetail(request.params.id, new Date(), request.auth?.userId),
  );

  app.get(
    '/rug/lot/list',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags: ['sales'],
        summary: 'Lots open for bidding now across sales, soonest end first',
        querystring: lotListQuerySchema,
        response: { 200: lotListResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => service.openLots(request.query, new Date(), request.auth?.userId),
  );
  return Promise.resolve();
};
export default routes;
