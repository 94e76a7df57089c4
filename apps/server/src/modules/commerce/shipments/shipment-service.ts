import type { FastifyBaseLogger } from 'fastify';
import {
  shipmentMessages as m,
  type Shipment,
  type ShipShipmentInput,
} from '@knotwork/shared/schemas/shipments';
import { carrierName, isCarrier, trackingUrl } from '@knotwork/shared/shipping/carriers';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { isoOrNullFromMs, isUuid } from '../../../db/raw.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buyerOf, houseIdentity } from '../documents/documents-repository.ts';
import { moveOrder } from '../orders/order-transitions.ts';
import { paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { shipmentMail } from './shipment-mail.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import {
  buyerPhone,
  findShipment,
  insertShipment,
  markShipmentDelivered,
  ordersOfCheckout,
  payingCheckoutOf,
  shipmentCheckout,
  type ShipmentOrderRow,
} from './shipment-repository.ts';

export interface ShipmentDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/** Orders that may leave with the parcel: paid (or partly refunded) and not shipped yet. */
const shippable = (o: ShipmentOrderRow) =>
  (o.status === 'paid' || o.status === 'partially_refunded') && !o.shipped;
/** Orders on their way: shipped (or partly refunded after shipping) and not delivered yet. */
const onTheWay = (o: ShipmentOrderRow) =>
  (o.status === 'shipped' || o.status === 'partially_refunded') && o.shipped && !o.delivered;

/** What an order stores as its carrier: the code, or the name typed for `other` (carriers.ts reads both). */
const storedCarrier = (input: ShipShipmentInput) =>
  input.carrier === 'other' ? (input.carrierName ?? 'other') : input.carrier;

/**
 * Shipments (issue 24 §2, decision 073): one paid checkout's orders leave together. Staff mark the shipment shipped
 * once (carrier, tracking number): every order that can leave moves to shipped in one transaction under the
 * checkout's row lock, and the buyer gets one "on its way" mail listing every rug. Marking it again, or two staff
 * at once, finds the shipment row and changes nothing (no second mail). Delivered likewise, once.
 */
export function createShipmentService(deps: ShipmentDeps) {
  const { db } = deps;

  async function view(checkoutId: string): Promise<Shipment> {
    const checkout = await shipmentCheckout(db, checkoutId);
    if (!checkout) throw notFound(m.notFound);
    const [orders, row, buyer, phone] = await Promise.all([
      ordersOfCheckout(db, checkoutId),
      findShipment(db, checkoutId),
      buyerOf(db, checkout.user_id),
      buyerPhone(db, checkout.user_id),
    ]);
    const stored = row ? (row.carrier_name ?? row.carrier) : null;
    return {
      id: checkout.id,
      reference: checkout.reference,
      status: !row ? 'to_ship' : row.delivered_ms === null ? 'shipped' : 'delivered',
      shippingMethod: checkout.shipping_method,
      address: checkout.shipping_address,
      buyer: {
        id: checkout.user_id,
        name: buyer.name,
        email: buyer.email,
        phone: checkout.shipping_address?.phone ?? phone,
      },
      carrier: row && isCarrier(row.carrier) ? row.carrier : null,
      carrierName: stored ? carrierName(stored) : null,
      trackingNumber: row?.tracking_number ?? null,
      trackingUrl: row ? trackingUrl(row.carrier, row.tracking_number) : null,
      shippedAt: row ? isoOrNullFromMs(row.shipped_ms) : null,
      deliveredAt: row ? isoOrNullFromMs(row.delivered_ms) : null,
      orders: orders.map((o) => ({
        id: o.id,
        status: o.status,
        rugTitle: o.rug_title,
        lotNumber: o.lot_number,
        saleTitle: o.sale_title,
      })),
    };
  }

  return {
    view,

    /** The house's name and address as its documents print them (the packing slip's sender). */
    house: () => houseIdentity(db),

    /** The shipment an order leaves in: its paying checkout's (null while unpaid). */
    async ofOrder(orderId: string): Promise<Shipment | null> {
      if (!isUuid(orderId)) throw notFound(m.notFound);
      const checkoutId = await payingCheckoutOf(db, orderId);
      if (checkoutId === undefined) throw notFound(m.notFound);
      return checkoutId ? view(checkoutId) : null;
    },

    async ship(
      staffId: string,
      checkoutId: string,
      input: ShipShipmentInput,
    ): Promise<{ shipment: Shipment; changed: boolean }> {
      const done = await db.transaction(async (tx) => {
        // The checkout's row lock first (as a payment or a cancel takes it), then its orders: two staff marking the
        // same shipment at once run one after the other, and the second finds the shipment row.
        const checkout = await shipmentCheckout(tx, checkoutId, true);
        if (!checkout) throw notFound(m.notFound);
        if (checkout.status !== 'paid') throw conflict(m.notPaid, { code: 'SHIPMENT_NOT_PAID' });
        if (checkout.shipping_method === 'collect') throw conflict(m.collect, { code: 'SHIPMENT_COLLECT' });
        if (await findShipment(tx, checkoutId)) return null;
        const orders = (await ordersOfCheckout(tx, checkoutId, true)).filter(shippable);
        if (orders.length === 0) throw conflict(m.nothingToShip, { code: 'SHIPMENT_NOTHING_TO_SHIP' });
        await insertShipment(tx, {
          checkoutId,
          userId: checkout.user_id,
          carrier: input.carrier,
          carrierName: input.carrier === 'other' ? (input.carrierName ?? null) : null,
          trackingNumber: input.trackingNumber,
          staffId,
        });
        const carrier = storedCarrier(input);
        for (const o of orders) {
          await moveOrder(tx, {
            orderId: o.id,
            to: 'shipped',
            actorId: staffId,
            reason: `${carrierName(carrier)} ${input.trackingNumber}`,
            set: { carrier, trackingNumber: input.trackingNumber, shippedAt: 'now' },
          });
          await recordStaffAction(tx, {
            staffId,
            action: 'ship_order',
            orderId: o.id,
            userId: checkout.user_id,
            details: { shipment: checkoutId, carrier, trackingNumber: input.trackingNumber },
          });
        }
        return { checkout, orders };
      });
      const shipment = await view(checkoutId);
      if (!done) return { shipment, changed: false };
      // After commit, once: only the transaction that wrote the shipment row gets here.
      const buyer = await buyerOf(db, done.checkout.user_id);
      await sendAfterCommit(deps.mailer, deps.log, {
        to: buyer.email,
        ...shipmentMail({
          firstName: buyer.firstName,
          language: buyer.language,
          rugs: done.orders.map((o) => ({ title: o.rug_title, lotNumber: o.lot_number })),
          carrier: shipment.carrierName ?? '',
          trackingNumber: shipment.trackingNumber ?? '',
          trackingUrl: shipment.trackingUrl,
          address: done.checkout.shipping_address,
          orderUrl: new URL(paymentWebPaths.order(done.orders[0]!.id), deps.publicUrl).toString(),
        }),
      });
      return { shipment, changed: true };
    },

    async deliver(staffId: string, checkoutId: string): Promise<{ shipment: Shipment; changed: boolean }> {
      const changed = await db.transaction(async (tx) => {
        const checkout = await shipmentCheckout(tx, checkoutId, true);
        if (!checkout) throw notFound(m.notFound);
        const row = await findShipment(tx, checkoutId);
        if (!row) throw conflict(m.notShipped, { code: 'SHIPMENT_NOT_SHIPPED' });
        if (row.delivered_ms !== null) return false;
        for (const o of (await ordersOfCheckout(tx, checkoutId, true)).filter(onTheWay)) {
          await moveOrder(tx, {
            orderId: o.id,
            to: 'delivered',
            actorId: staffId,
            set: { deliveredAt: 'now' },
          });
          await recordStaffAction(tx, {
            staffId,
            action: 'deliver_order',
            orderId: o.id,
            userId: checkout.user_id,
            details: { shipment: checkoutId },
          });
        }
        await markShipmentDelivered(tx, checkoutId, staffId);
        return true;
      });
      return { shipment: await view(checkoutId), changed };
    },
  };
}
export type ShipmentService = ReturnType<typeof createShipmentService>;
