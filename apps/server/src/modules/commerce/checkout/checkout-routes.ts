import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankTransferResponseSchema,
  checkoutQuoteResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  orderIdParamSchema,
  paymentMessages as m,
} from '@knotwork/shared/schemas/payments';
import { notFound } from '../../../lib/http-error.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { buyerErrors as errors, buyerRoute as buyer } from '../route-parts.ts';
import { toApiCheckout } from './checkout-service.ts';

/** The buyer's checkout: a quote, a bank-transfer checkout, and a checkout once made (decision 025). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { checkouts } = app.services;

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
      const checkout = await app.services.checkouts.find(request.params.id);
      if (!checkout || checkout.user_id !== currentUser(request).userId) throw notFound(m.checkoutNotFound);
      return { data: toApiCheckout(checkout) };
    },
  );
  return Promise.resolve();
};
export default routes;
