import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  applyDepositBodySchema,
  bankDepositBodySchema,
  depositResponseSchema,
  depositSummaryResponseSchema,
  depositsToApplyResponseSchema,
  releaseDepositBodySchema,
  saleDepositBodySchema,
  saleDepositResponseSchema,
} from '@knotwork/shared/schemas/deposits';
import { staffErrors, staffId, staffRoutes } from '../../lib/staff-route.ts';

const errors = { ...staffErrors, 502: errorResponseSchema };
const bidders = staffRoutes('staff', 'bidder');
const payments = staffRoutes('staff', 'payment');
const sales = staffRoutes('staff', 'sale');

/**
 * Deposits in the back office (issue 28 §2, decision 091): a bidder's deposits on their page, a bank transfer
 * recorded as a deposit, a deposit released or refunded, a bank deposit applied to an order as a payment (accounts
 * and admin: the payment ability), and a sale's deposit.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const deposits = app.services.deposits;

  app.get(
    '/users/:id/deposits',
    bidders.read(
      'A bidder\u2019s deposits (card holds and bank transfers), what is held and the limit it gives',
      {
        params: adminIdParamSchema,
        response: { 200: depositSummaryResponseSchema, ...errors },
      },
    ),
    async (request) => ({ data: await deposits.summary(request.params.id) }),
  );

  app.post(
    '/users/:id/deposits',
    payments.manage(
      'Record a bank transfer received as the bidder\u2019s deposit (for a sale, or house-wide)',
      {
        description:
          'Held from now: the bidder\u2019s limit becomes the deposits held times the house\u2019s multiple, unless the limit set by hand is larger. Audited (record_deposit).',
        params: adminIdParamSchema,
        body: bankDepositBodySchema,
        response: { 201: depositResponseSchema, ...errors },
      },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await deposits.recordBankDeposit(staffId(request), request.params.id, request.body)),
  );

  app.post(
    '/deposits/:id/release',
    payments.manage('Release a card hold (cancelled at Stripe) or record a bank deposit sent back', {
      description:
        'The limit goes back to what it was without this deposit. 409 DEPOSIT_NOT_HELD when it already ended; 502 when Stripe could not cancel the hold (nothing changed). Audited (release_deposit).',
      params: adminIdParamSchema,
      body: releaseDepositBodySchema,
      response: { 200: depositResponseSchema, ...errors },
    }),
    async (request) => deposits.release(staffId(request), request.params.id, request.body?.reference),
  );

  app.post(
    '/deposits/:id/apply',
    payments.manage('Apply a bank deposit to one of the bidder\u2019s orders, as a bank-transfer payment', {
      description:
        'Recorded once through the payment desk (the transfer id is the deposit\u2019s) against the order\u2019s checkout: the buyer must have checked out by bank transfer (409 NO_CHECKOUT otherwise). Short of the total it leaves a balance due; above it, a credit to refund. Audited (apply_deposit).',
      params: adminIdParamSchema,
      body: applyDepositBodySchema,
      response: { 200: depositResponseSchema, ...errors },
    }),
    async (request) => deposits.applyToOrder(staffId(request), request.params.id, request.body.orderId),
  );

  app.get(
    '/deposits/to-apply',
    payments.read('Bank deposits still held after their sale: apply each to the order won, or send it back', {
      response: { 200: depositsToApplyResponseSchema, ...errors },
    }),
    async () => ({ data: await deposits.toApply() }),
  );

  app.get(
    '/auctions/:id/deposit',
    sales.read('The deposit a bidder needs to bid in this sale (null: none)', {
      params: adminIdParamSchema,
      response: {
        200: z.object({ data: z.object({ depositCents: z.number().int().nullable() }) }),
        ...errors,
      },
    }),
    async (request) => ({ data: await deposits.saleDeposit(request.params.id) }),
  );

  app.put(
    '/auctions/:id/deposit',
    sales.manage('Set the deposit a bidder needs to bid in this sale (null: none)', {
      params: adminIdParamSchema,
      body: saleDepositBodySchema,
      response: { 200: saleDepositResponseSchema, ...errors },
    }),
    async (request) =>
      deposits.setSaleDeposit(staffId(request), request.params.id, request.body.depositCents),
  );

  return Promise.resolve();
};
export default routes;
