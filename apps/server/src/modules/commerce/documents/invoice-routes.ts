import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@knotwork/shared/abilities/staff';
import { documentLanguageQuerySchema } from '@knotwork/shared/schemas/common';
import { orderIdParamSchema, paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { notFound } from '../../../lib/http-error.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { buyerErrors as errors, buyerRoute as buyer } from '../route-parts.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * An order's invoice as a PDF, for its buyer and for staff, in the reader's language (`?lang=`, the page's), else the
 * one frozen with the invoice (the buyer's when it was issued). Only the words change: the figures are the invoice's.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { orders } = app.services;

  app.get(
    '/order/:id/invoice',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: "The order's invoice as a PDF (the buyer, or staff)",
        description:
          'Issued when the payment arrives; 404 before that, and for anyone but the buyer and staff.',
        params: orderIdParamSchema,
        querystring: documentLanguageQuerySchema,
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const invoice = await orders.invoice(request.params.id);
      if (!invoice || (!can(caller.role, 'read', 'order') && invoice.order_user_id !== caller.userId))
        throw notFound(m.invoiceNotFound);
      const language = request.query.lang ?? invoice.snapshot.language;
      const pdf = await renderInvoicePdf({ ...invoice.snapshot, language });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  return Promise.resolve();
};
export default routes;
