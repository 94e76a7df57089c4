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
  refundOrderSchema,
  secondChanceCreatedResponseSchema,
  secondChanceCreateSchema,
  shipOrderSchema,
  taxRateInputSchema,
  taxRateListResponseSchema,
  taxRateResponseSchema,
} from '@knotwork/shared/schemas/admin-orders';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
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
    await app.ctx.bus.publish(STAFF_DASHBOARD_CHANNEL, 'dashboard.changed', { at: Date.now() }).catch(() => undefined);
  });
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/admin/orders',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'Orders, newest first; filter by status, buyer, overdue, or search buyer, rug or payment reference',
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
          'Applied exactly once per transferId (default: the reference). The amount and currency must equal the checkout total: otherwise nothing is marked paid (outcome refused, staff mailed). On success every order of the checkout is paid, the invoice numbered and mailed.',
        body: recordBankTransferSchema,
        response: { 200: paymentOutcomeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await orders.recordBankTransfer(staffId(request), request.body);
      const message =
        result.outcome === 'paid'
          ? m.paymentRecorded
          : result.outcome === 'duplicate'
            ? m.paymentDuplicate
            : result.refusal === 'amount_mismatch'
              ? m.paymentRefusedAmount
              : m.paymentRefusedNotPayable;
      return {
        message,
        data: {
          outcome: result.outcome,
          paymentId: result.paymentId,
          checkoutId: result.checkoutId,
          invoiceNumber: result.outcome === 'paid' ? result.invoiceNumber : null,
          refusal: result.outcome === 'refused' ? result.refusal : null,
        },
      };
    },
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
    async (request) => ({ message: m.shipped, data: await orders.ship(staffId(request), request.params.id, request.body) }),
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
        description: 'Its open checkouts are closed: a transfer quoting their reference is then refused and staff are told.',
        params: adminIdParamSchema,
        body: cancelOrderSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: m.cancelled, data: await orders.cancel(staffId(request), request.params.id, request.body.reason) }),
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
          200: z.object({ message: z.string(), data: z.object({ order: adminOrderActionResponseSchema.shape.data, creditNoteNumber: z.string() }) }),
          ...errors,
        },
      },
    },
    async (request) => ({ message: m.refunded, data: await orders.refund(staffId(request), request.params.id, request.body) }),
  );

  app.post(
    '/admin/orders/:id/second-chance',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: "Offer a cancelled auction order's lot to its underbidder, at no more than their maximum",
        description: 'price defaults to the underbidder\u2019s maximum. The underbidder is mailed a link valid 48 hours (GET/POST /second-chance/{token}).',
        params: adminIdParamSchema,
        body: secondChanceCreateSchema,
        response: { 201: secondChanceCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: m.offerMade, data: await secondChance.offer(staffId(request), request.params.id, request.body) }),
  );

  app.post(
    '/admin/orders/:id/relist',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Put the rug of a cancelled or expired order back for sale (available again)',
        params: adminIdParamSchema,
        body: optionalNoteSchema,
        response: { 200: adminOrderActionResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: m.relisted, data: await orders.relist(staffId(request), request.params.id, request.body?.reason ?? null) }),
  );

  app.get(
    '/admin/tax-rates',
    { config: { ability: ['read', 'settings'] }, schema: { ...staff, summary: 'Tax rates by destination (none by default)', response: { 200: taxRateListResponseSchema, ...errors } } },
    async () => ({ data: await orders.taxRates() }),
  );

  app.put(
    '/admin/tax-rates',
    {
      config: { ability: ['manage', 'settings'] },
      schema: {
        ...staff,
        summary: 'Set the tax rate of a destination (country, or country and state)',
        description: 'appliesTo premium_and_shipping (auctioneers\u2019 margin scheme) or whole. Used by checkouts created afterwards; frozen quotes keep theirs.',
        body: taxRateInputSchema,
        response: { 200: taxRateResponseSchema, ...errors },
      },
    },
    async (request) => ({ message: m.taxRateSaved, data: await orders.setTaxRate(staffId(request), request.body) }),
  );

  app.delete(
    '/admin/tax-rates/:id',
    { config: { ability: ['manage', 'settings'] }, schema: { ...staff, summary: 'Delete a tax rate', params: adminIdParamSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await orders.deleteTaxRate(staffId(request), request.params.id);
      return { message: m.taxRateDeleted };
    },
  );
  return Promise.resolve();
};
export default routes;
