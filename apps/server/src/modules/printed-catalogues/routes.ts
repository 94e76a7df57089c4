import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageFromAcceptLanguage } from '@knotwork/shared/constants/languages';
import { documentLanguageQuerySchema, errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  printedParamsSchema,
  printedStatusResponseSchema,
} from '@knotwork/shared/schemas/printed-catalogues';

const tags = ['sales'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * A sale's printed catalogue and realised prices (issue 29 §3, decision 094), in the reader's language: `?lang=`,
 * else the browser's. Asking for the status queues the PDF when there is none of the sale as it is now.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const printed = app.services.printedCatalogues;

  app.get(
    '/rug/upcoming/:id/printed/:kind',
    {
      schema: {
        tags,
        summary: 'Where a sale’s catalogue or realised-prices PDF stands; queues it when the sale changed',
        description:
          'The realised prices exist once the sale is over (409 before). `state` is ready (with `url`), producing (lots prepared of the total) or failed.',
        params: printedParamsSchema,
        querystring: documentLanguageQuerySchema,
        response: { 200: printedStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const language = request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language']);
      return { data: await printed.status(request.params.id, request.params.kind, language) };
    },
  );

  app.get(
    '/rug/upcoming/:id/printed/:kind/pdf',
    {
      schema: {
        tags,
        summary: 'A sale’s catalogue or realised prices as a PDF, in the reader’s language',
        description: '409 while the PDF of the sale as it is now is being made: ask for its status.',
        params: printedParamsSchema,
        querystring: documentLanguageQuerySchema,
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language']);
      const file = await printed.download(request.params.id, request.params.kind, language);
      return (
        reply
          .type('application/pdf')
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          // The same URL serves a new file once the sale changes: caches ask again each time.
          .header('cache-control', 'public, no-cache')
          .send(file.body)
      );
    },
  );
  return Promise.resolve();
};
export default routes;
