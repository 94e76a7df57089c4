import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/admin';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  adminOrderActionResponseSchema,
  adminOrderDetailResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  cancelOrderSchema,
  optionalNoteSchema,
  paymentOutcomeResponseSchema,
  recordBankTransferSchema,
  paymentBalanceResponseSchema,
  refundCreditSchema,
  refundOrderSchema,
  writeOffSchema,
  secondChanceCreatedResponseSchema,
  secondChanceCreateSchema,
  shipOrderSchema,
  taxRateInputSchema,
  taxRateListResponseSchema,
  taxRateResponseSchema,
} from '@knotwork/shared/schemas/admin-orders';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { idempotencyHeadersSchema } from '@knotwork/shared/schemas/bidding';
import { STAFF_DASHBOARD_CHANNEL } from '@knotwork/shared/realtime/events';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const staff = { tags: ['staff: orders'], security: [{ bearerAuth: [] }] };

/** Staff's order desk under /admin (decision 025): every route needs an admin; every change is audited. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { staffOrders: orders, secondChance } = app.services;
  app.addHook('onRequest', app.requireStaff);
  // An order's money moved (payment recorded, cancelled, refunded...): open dashboards refetch (decision 064).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return;
    await app.ctx.bus
      .publish(STAFF_DASHBOARD_CHANNEL, 'dashboard.changed', { at: Date.now() })
      .catch(() => undefined);
  });
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/admin/orders',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary:
          'Orders, newest first; filter by status, buyer, overdue, or search buyer, rug or payment reference',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...errors },
      },
    },
    async (request) => orders.list(request.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'One order with its buyer, history, payments (applied and refused) and refunds',
        params: adminIdParamSchema,
        response: { 200: adminOrderDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await orders.detail(request.params.id) }),
  );

  app.post(
    '/admin/payments/bank-transfer',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Record a bank transfer that arrived, by its payment reference',
        description:
          'Counted whatever its amount (decision 072): short, it leaves a balance due (outcome partial, the buyer mailed what is left); several add up; when the balance reaches zero every order of the checkout is paid and the invoice numbered and mailed, once (outcome paid); above the total, the rest is a credit to refund; on a checkout already paid, all of it is credit. Recorded once per transferId (the bank\u2019s id), else per Idempotency-Key; with neither, the reference names the first transfer only. A replay answers 200 duplicate; the same transferId with another amount 409. Another currency, or orders no longer payable: 409 with the reason, the attempt kept for the record (it never blocks the right one) and staff mailed.',
        headers: idempotencyHeadersSchema,
        body: recordBankTransferSchema,
        response: { 200: paymentOutcomeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await orders.recordBankTransfer(
        staffId(request),
        request.body,
        request.headers['idempotency-key'],
      );
      const data = {
        outcome: result.outcome,
        paymentId: result.paymentId,
        checkoutId: result.checkoutId,
        invoiceNumber: result.outcome === 'paid' ? result.invoiceNumber : null,
        refusal: result.outcome === 'refused' ? result.refusal : null,
        balance: result.balance,
      };
      if (result.outcome === 'refused') {
        const message =
          result.refusal === 'currency_mismatch'
            ? m.paymentRefusedCurrency
            : result.refusal === 'amount_mismatch'
              ? m.paymentRefusedAmount
              : m.paymentRefusedNotPayable;
        return reply.code(409).send({ message, code: `PAYMENT_${result.refusal.toUpperCase()}` });
      }
      const message =
        result.outcome === 'paid'
          ? result.balance.credit > 0
            ? m.paymentOverpaid
            : m.paymentRecorded
          : result.outcome === 'partial'
            ? m.paymentPartial
            : result.outcome === 'credit'
              ? m.paymentCredit
              : m.paymentDuplicate;
      return { message, data };
    },
  );

  app.post(
    '/admin/orders/:id/write-off',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Write off a small shortfall on an order\u2019s checkout, with a reason (audited)',
        description:
          'Accounts staff settle what a transfer left unpaid (a wire fee): at most the balance due and the limit in Settings (bank transfer, writeOffLimit), only once something was received. Appended to the ledger, never edited. When the balance reaches zero the orders are paid and the invoice issued, once. Idempotency-Key: a retried request writes nothing more.',
        params: adminIdParamSchema,
        headers: idempotencyHeadersSchema,
        body: writeOffSchema,
        response: { 200: paymentBalanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      orders.writeOff(staffId(request), request.params.id, request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/admin/orders/:id/refund-credit',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Record an overpayment\u2019s credit sent back to the buyer',
        description:
          'Staff send the money back from the bank, then record it here: at most the credit (what was received above what is owed). Appended and audited; Idempotency-Key: a retried request writes nothing more.',
        params: adminIdParamSchema,
        headers: idempotencyHeadersSchema,
        body: refundCreditSchema,
        response: { 200: paymentBalanceResponseSchema, ...errors },
      },
    },
    async (request) =>
      orders.refundCredit(
        staffId(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/admin/orders/:id/ship',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: 'Mark a paid order shipped, with carrier and tracking number; the buyer is mailed',
        params: adminIdParamSchema,
        body: shipOrderSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.shipped,
      data: await orders.ship(staffId(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/orders/:id/deliver',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: 'Mark a shipped order delivered',
        params: adminIdParamSchema,
        body: optionalNoteSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.delivered,
      data: await orders.deliver(staffId(request), request.params.id, request.body?.reason ?? null),
    }),
  );

  app.post(
    '/admin/orders/:id/cancel',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: 'Cancel an unpaid order (a paid one is refunded instead)',
        description:
          'Its open checkouts are closed: a transfer quoting their reference is then refused and staff are told.',
        params: adminIdParamSchema,
        body: cancelOrderSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.cancelled,
      data: await orders.cancel(staffId(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      config: { ability: ['manage', 'payment'] },
      schema: {
        ...staff,
        summary: 'Refund a paid order, fully or in part; issues a credit note (CN-) mailed to the buyer',
        description:
          'Through the provider that took the money; a bank transfer is sent by staff from the bank and recorded here. The amount may not exceed what is left to refund.',
        params: adminIdParamSchema,
        body: refundOrderSchema,
        response: {
          200: z.object({
            message: z.string(),
            data: z.object({
              order: adminOrderActionResponseSchema.shape.data,
              creditNoteNumber: z.string(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      message: m.refunded,
      data: await orders.refund(staffId(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/orders/:id/second-chance',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: "Offer a cancelled auction order's lot to its underbidder, at no more than their maximum",
        description:
          'price defaults to the underbidder\u2019s maximum. The underbidder is mailed a link valid 48 hours (GET/POST /second-chance/{token}).',
        params: adminIdParamSchema,
        body: secondChanceCreateSchema,
        response: { 201: secondChanceCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: m.offerMade,
        data: await secondChance.offer(staffId(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/admin/orders/:id/relist',
    {
      // An order action, as the README's role table has it: the order desk (accounts) closes out a cancelled or
      // expired order; the rug's catalogue entry is not edited (issue 25 section 4).
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: 'Put the rug of a cancelled or expired order back for sale (available again)',
        params: adminIdParamSchema,
        body: optionalNoteSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.relisted,
      data: await orders.relist(staffId(request), request.params.id, request.body?.reason ?? null),
    }),
  );

  app.get(
    '/admin/tax-rates',
    {
      config: { ability: ['read', 'settings'] },
      schema: {
        ...staff,
        summary: 'Tax rates by destination (none by default)',
        response: { 200: taxRateListResponseSchema, ...errors },
      },
    },
    async () => ({ data: await orders.taxRates() }),
  );

  app.put(
    '/admin/tax-rates',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Set the tax rate of a destination (country, or country and state)',
        description:
          'appliesTo premium_and_shipping (auctioneers\u2019 margin scheme) or whole. Used by checkouts created afterwards; frozen quotes keep theirs.',
        body: taxRateInputSchema,
        response: { 200: taxRateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.taxRateSaved,
      data: await orders.setTaxRate(staffId(request), request.body),
    }),
  );

  app.delete(
    '/admin/tax-rates/:id',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Delete a tax rate',
        params: adminIdParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await orders.deleteTaxRate(staffId(request), request.params.id);
      return { message: m.taxRateDeleted };
    },
  );
  return Promise.resolve();
};
export default routes;
