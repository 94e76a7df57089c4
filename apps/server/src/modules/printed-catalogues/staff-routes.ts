import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { adminPrintedListResponseSchema } from '@knotwork/shared/schemas/printed-catalogues';

const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** A sale's printed matter in the back office (issue 29 §3): every PDF with its progress while it is made. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const printed = app.services.printedCatalogues;

  app.get(
    '/auctions/:id/printed',
    {
      config: { ability: ['read', 'sale'] },
      schema: {
        ...staff,
        summary: 'A sale’s catalogue and realised-prices PDFs in every language asked for, with progress',
        params: adminIdParamSchema,
        response: {
          200: adminPrintedListResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await printed.list(request.params.id) }),
  );
  return Promise.resolve();
};
export default routes;
