/**
 * Shipments (issue 24 §2, decision 073): the orders one checkout paid for leave together, as one parcel with one
 * carrier and tracking number. Staff routes under /api/v1/admin; the shipment's id is its checkout's id.
 */
import { z } from 'zod';
import { textField } from './text.ts';
import { ORDER_STATUSES } from './bidding.ts';
import { isoTime, SHIPPING_METHODS, shippingAddressCopySchema } from './payments.ts';
import { CARRIERS } from '../shipping/carriers.ts';

export const shipmentMessages = {
  carrierInvalid: 'Choose the carrier',
  carrierNameRequired: 'Give the carrier\u2019s name',
  trackingInvalid: 'Give the tracking number: 4 to 40 letters, digits, spaces or hyphens',
  shipped: 'Shipment marked shipped; the buyer has been told',
  alreadyShipped: 'This shipment was already marked shipped: nothing changed',
  delivered: 'Shipment marked delivered',
  alreadyDelivered: 'This shipment was already marked delivered: nothing changed',
  notFound: 'Shipment not found',
  notPaid: 'Nothing to ship yet: the order is not paid',
  collect: 'These rugs are collected in person: there is nothing to ship',
  nothingToShip: 'Nothing in this shipment can be shipped (refunded or cancelled)',
  notShipped: 'Mark the shipment shipped first',
} as const;
const m = shipmentMessages;

export const shipShipmentSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: m.carrierInvalid }),
    /** Required with `other`: the carrier's name as the buyer should read it. */
    carrierName: textField().trim().max(80, m.carrierNameRequired).optional(),
    /** Spaces are kept as typed for the label; the link encodes them. */
    trackingNumber: textField({ error: m.trackingInvalid })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, m.trackingInvalid)
      .transform((v) => v.replace(/\s+/g, ' ').toUpperCase()),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.carrier === 'other' && !v.carrierName) {
      ctx.addIssue({ code: 'custom', path: ['carrierName'], message: m.carrierNameRequired });
    }
  })
  .meta({ id: 'ShipShipment' });
export type ShipShipmentInput = z.infer<typeof shipShipmentSchema>;

export const SHIPMENT_STATUSES = ['to_ship', 'shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const shipmentSchema = z
  .object({
    /** The checkout's id. */
    id: textField(),
    reference: textField(),
    status: z.enum(SHIPMENT_STATUSES),
    shippingMethod: z.enum(SHIPPING_METHODS),
    address: shippingAddressCopySchema.nullable(),
    buyer: z.object({
      id: textField(),
      name: textField(),
      email: textField(),
      phone: textField().nullable(),
    }),
    /** The carrier's code (see carriers.ts), its name as people read it, and its tracking page (null: none known). */
    carrier: z.enum(CARRIERS).nullable(),
    carrierName: textField().nullable(),
    trackingNumber: textField().nullable(),
    trackingUrl: textField().nullable(),
    shippedAt: isoTime.nullable(),
    deliveredAt: isoTime.nullable(),
    orders: z.array(
      z.object({
        id: textField(),
        status: z.enum(ORDER_STATUSES),
        rugTitle: textField(),
        lotNumber: z.number().int().nullable(),
        saleTitle: textField().nullable(),
      }),
    ),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentResponseSchema = z
  .object({ data: shipmentSchema.nullable() })
  .meta({ id: 'ShipmentResponse' });
export const shipmentActionResponseSchema = z
  .object({ message: textField(), data: shipmentSchema, changed: z.boolean() })
  .meta({ id: 'ShipmentAction' });
