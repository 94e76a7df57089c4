import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { documentLanguageQuerySchema, errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  shipmentActionResponseSchema,
  shipmentMessages as m,
  shipmentResponseSchema,
  shipShipmentSchema,
} from '@knotwork/shared/schemas/shipments';
import { currentUser } from '../../../plugins/auth.ts';
import { notFound } from '../../../lib/http-error.ts';
import { renderPackingSlipPdf } from '../documents/packing-slip-pdf.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const staff = { tags: ['staff: orders'], security: [{ bearerAuth: [] }] };

/**
 * Shipments under /admin (issue 24 §2, decision 073): the orders one checkout paid for leave together. A
 * shipment's id is its checkout's id. Marking it shipped or delivered twice changes nothing the second time.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const shipments = app.services.shipments;

  app.get(
    '/orders/:id/shipment',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'The shipment an order leaves in (its paying checkout\u2019s orders), null while unpaid',
        params: adminIdParamSchema,
        response: { 200: shipmentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await shipments.ofOrder(request.params.id) }),
  );

  app.get(
    '/shipments/:id',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'One shipment: address, buyer, carrier and tracking, its orders',
        params: adminIdParamSchema,
        response: { 200: shipmentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await shipments.view(request.params.id) }),
  );

  app.post(
    '/shipments/:id/ship',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary:
          'Mark a shipment shipped, with carrier and tracking number: every order in it; one mail to the buyer',
        description:
          'Once: a second call (or two at once) changes nothing and sends nothing (changed: false).',
        params: adminIdParamSchema,
        body: shipShipmentSchema,
        response: { 200: shipmentActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { shipment, changed } = await shipments.ship(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return { message: changed ? m.shipped : m.alreadyShipped, data: shipment, changed };
    },
  );

  app.post(
    '/shipments/:id/deliver',
    {
      config: { ability: ['manage', 'order'] },
      schema: {
        ...staff,
        summary: 'Mark a shipped shipment delivered: every order on its way in it',
        params: adminIdParamSchema,
        response: { 200: shipmentActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { shipment, changed } = await shipments.deliver(currentUser(request).userId, request.params.id);
      return { message: changed ? m.delivered : m.alreadyDelivered, data: shipment, changed };
    },
  );

  app.get(
    '/shipments/:id/packing-slip',
    {
      config: { ability: ['read', 'order'] },
      schema: {
        ...staff,
        summary: 'The shipment\u2019s packing slip as a PDF (every rug, lot number, title, ship-to address)',
        params: adminIdParamSchema,
        querystring: documentLanguageQuerySchema,
        response: { 200: z.any().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const shipment = await shipments.view(request.params.id);
      if (shipment.shippingMethod === 'collect' && shipment.orders.length === 0) throw notFound(m.notFound);
      const pdf = await renderPackingSlipPdf(shipment, await shipments.house(), request.query.lang ?? 'en');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="packing-slip-${shipment.reference}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
  return Promise.resolve();
};
export default routes;
