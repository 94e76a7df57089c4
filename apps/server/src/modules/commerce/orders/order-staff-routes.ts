import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminOrderActionResponseSchema,
  adminOrderDetailResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  cancelOrderSchema,
  optionalNoteSchema,
  shipOrderSchema,
} from '@knotwork/shared/schemas/orders-staff';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { currentUser } from '../../../plugins/auth.ts';
import { staffErrors as errors, staffRoute as staff } from '../route-parts.ts';

/** Staff's order desk: the list, one order, and its moves. Registered by ../staff-routes.ts (staff only). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { staffOrders: orders } = app.services;
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/orders',
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
    '/orders/:id',
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
    '/orders/:id/ship',
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
    '/orders/:id/deliver',
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
    '/orders/:id/cancel',
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
    '/orders/:id/relist',
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
  return Promise.resolve();
};
export default routes;
