import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  bankTransferResponseSchema,
  checkoutQuoteResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  orderDetailResponseSchema,
  orderIdParamSchema,
  paymentMessages as m,
  secondChanceAnswerSchema,
  secondChanceResponseSchema,
  secondChanceTokenParamSchema,
} from '@knotwork/shared/schemas/payments';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { can } from '@knotwork/shared/abilities/staff';
import { isUuid } from '../../db/raw.ts';
import { findCheckout } from './checkout/checkout-repository.ts';
import { toApiCheckout } from './checkout/checkout-service.ts';
import { invoiceOfOrder } from './documents/documents-repository.ts';
import { renderInvoicePdf } from './documents/invoice-pdf.ts';
import { orderDetail } from './orders/order-detail.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const buyer = { tags: ['payments'], security: [{ bearerAuth: [] }] };

/** The buyer's side of checkout and payment (decision 025). Staff routes are in staff-routes.ts. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { db, config } = app.ctx;
  const { checkouts, secondChance } = app.services;

  app.post(
    '/checkout/quote',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Price a checkout: lines, one combined shipping charge, tax and total (nothing is stored)',
        description:
          'Every amount is computed by the server from the orders, the address (courier: flat insured rate by zone, one charge for all the rugs) and the tax settings. shippingMethod collect needs no address and costs nothing.',
        body: checkoutRequestSchema,
        response: { 200: checkoutQuoteResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await checkouts.quote(currentUser(request).userId, request.body) }),
  );

  app.post(
    '/payment/bank-transfer',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'Pay by bank transfer: freeze the quote and get a payment reference and the instructions',
        description:
          'The orders stay awaiting payment until staff record the transfer (POST /admin/payments/bank-transfer). The same request again answers the same checkout. A fixed-price hold is extended to the payment due date.',
        body: checkoutRequestSchema,
        response: { 201: bankTransferResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: m.bankTransferCreated,
        data: await checkouts.bankTransfer(currentUser(request).userId, request.body),
      }),
  );

  app.get(
    '/checkout/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'One of my checkouts (the success page: what was paid, reference, invoice number)',
        params: orderIdParamSchema,
        response: { 200: checkoutResponseSchema, ...errors },
      },
    },
    async (request) => {
      const checkout = isUuid(request.params.id) ? await findCheckout(db, request.params.id) : undefined;
      if (!checkout || checkout.user_id !== currentUser(request).userId) throw notFound(m.checkoutNotFound);
      return { data: toApiCheckout(checkout) };
    },
  );

  app.get(
    '/order/:id',
    {
      onRequest: app.authenticate,
      schema: {
        ...buyer,
        summary: 'One of my orders: prices, shipping, tax, tracking, invoice number and its history',
        description: "Another user's order answers 404, like a missing one.",
        params: orderIdParamSchema,
        response: { 200: orderDetailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId: _owner, ...data } = await orderDetail(
        db,
        request.params.id,
        { userId: currentUser(request).userId, staff: false },
        config.MEDIA_BASE_URL,
      );
      return { data };
    },
  );

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
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const invoice = isUuid(request.params.id) ? await invoiceOfOrder(db, request.params.id) : undefined;
      if (!invoice || (!can(caller.role, 'read', 'order') && invoice.order_user_id !== caller.userId))
        throw notFound(m.invoiceNotFound);
      const pdf = await renderInvoicePdf(invoice.snapshot);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/second-chance/:token',
    {
      schema: {
        tags: ['payments'],
        summary: 'A second-chance offer, by the token mailed to the underbidder',
        description: 'The token is the capability: no sign-in needed. 404 for an unknown token.',
        params: secondChanceTokenParamSchema,
        response: { 200: secondChanceResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await secondChance.view(request.params.token) }),
  );

  app.post(
    '/second-chance/:token',
    {
      schema: {
        tags: ['payments'],
        summary: 'Accept or decline a second-chance offer (within 48 hours)',
        description:
          'Accepting creates an order due in 3 days (data.orderId): pay it like any other. 409 OFFER_CLOSED once answered or expired.',
        params: secondChanceTokenParamSchema,
        body: secondChanceAnswerSchema,
        response: { 200: secondChanceResponseSchema, ...errors },
      },
    },
    async (request) => secondChance.answer(request.params.token, request.body.accept),
  );
  return Promise.resolve();
};
export default routes;
