import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import type { ShippingAddressCopy, ShippingMethod } from '@knotwork/shared/schemas/payments';
import {
  shipmentMessages as m,
  type Shipment,
  type ShipShipmentInput,
} from '@knotwork/shared/schemas/shipments';
import { carrierName, isCarrier, trackingUrl } from '@knotwork/shared/shipping/carriers';
import type { Db } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/http-error.ts';
import { isoOrNullFromMs, isUuid, rows } from '../../../db/raw.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buyerOf } from '../documents/documents-repository.ts';
import { moveOrder } from '../orders/order-transitions.ts';
import { paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { shipmentMail } from './shipment-mail.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';

export interface ShipmentDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}

interface ShipmentOrderRow {
  id: string;
  status: OrderStatus;
  rug_title: string;
  lot_number: number | null;
  sale_title: string | null;
  shipped: boolean;
  delivered: boolean;
}

/** Orders that may leave with the parcel: paid (or partly refunded) and not shipped yet. */
const shippable = (o: ShipmentOrderRow) =>
  (o.status === 'paid' || o.status === 'partially_refunded') && !o.shipped;
/** Orders on their way: shipped (or partly refunded after shipping) and not delivered yet. */
const onTheWay = (o: ShipmentOrderRow) =>
  (o.status === 'shipped' || o.status === 'partially_refunded') && o.shipped && !o.delivered;

async function ordersOf(db: Db, checkoutId: string, lock = false): Promise<ShipmentOrderRow[]> {
  return rows<ShipmentOrderRow>(
    db,
    sql`select o.id, o.status, r.title as rug_title, l.lot_number, a.title as sale_title,
          o.shipped_at is not null as shipped, o.delivered_at is not null as delivered
        from orders o join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id left join auctions a on a.id = l.auction_id
        where o.checkout_id = ${checkoutId}::uuid
        order by l.lot_number nulls last, r.title, o.id
        ${lock ? sql`for update of o` : sql``}`,
  );
}

interface CheckoutRow {
  id: string;
  user_id: string;
  reference: string;
  status: 'open' | 'paid' | 'superseded';
  shipping_method: ShippingMethod;
  shipping_address: ShippingAddressCopy | null;
}

async function checkoutOf(db: Db, id: string, lock = false): Promise<CheckoutRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await rows<CheckoutRow>(
    db,
    sql`select id, user_id, reference, status, shipping_method, shipping_address from checkouts where id = ${id}::uuid
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

interface ShipmentRow {
  carrier: string;
  carrier_name: string | null;
  tracking_number: string;
  shipped_ms: string | number;
  delivered_ms: string | number | null;
}

async function shipmentRow(db: Db, checkoutId: string): Promise<ShipmentRow | undefined> {
  const [row] = await rows<ShipmentRow>(
    db,
    sql`select carrier, carrier_name, tracking_number, extract(epoch from shipped_at) * 1000 as shipped_ms,
          extract(epoch from delivered_at) * 1000 as delivered_ms
        from shipments where checkout_id = ${checkoutId}::uuid`,
  );
  return row;
}

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
    const checkout = await checkoutOf(db, checkoutId);
    if (!checkout) throw notFound(m.notFound);
    const [orders, row, buyer, phone] = await Promise.all([
      ordersOf(db, checkoutId),
      shipmentRow(db, checkoutId),
      buyerOf(db, checkout.user_id),
      rows<{ phone: string }>(
        db,
        sql`select phone from addresses where user_id = ${checkout.user_id}::uuid order by is_default desc, created_at desc limit 1`,
      ),
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
        phone: checkout.shipping_address?.phone ?? phone[0]?.phone ?? null,
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

    /** The shipment an order leaves in: its paying checkout's (null while unpaid). */
    async ofOrder(orderId: string): Promise<Shipment | null> {
      if (!isUuid(orderId)) throw notFound(m.notFound);
      const [o] = await rows<{ checkout_id: string | null }>(
        db,
        sql`select checkout_id from orders where id = ${orderId}::uuid`,
      );
      if (!o) throw notFound(m.notFound);
      return o.checkout_id ? view(o.checkout_id) : null;
    },

    async ship(
      staffId: string,
      checkoutId: string,
      input: ShipShipmentInput,
    ): Promise<{ shipment: Shipment; changed: boolean }> {
      const done = await db.transaction(async (tx) => {
        // The checkout's row lock first (as a payment or a cancel takes it), then its orders: two staff marking the
        // same shipment at once run one after the other, and the second finds the shipment row.
        const checkout = await checkoutOf(tx, checkoutId, true);
        if (!checkout) throw notFound(m.notFound);
        if (checkout.status !== 'paid') throw conflict(m.notPaid, { code: 'SHIPMENT_NOT_PAID' });
        if (checkout.shipping_method === 'collect') throw conflict(m.collect, { code: 'SHIPMENT_COLLECT' });
        if (await shipmentRow(tx, checkoutId)) return null;
        const orders = (await ordersOf(tx, checkoutId, true)).filter(shippable);
        if (orders.length === 0) throw conflict(m.nothingToShip, { code: 'SHIPMENT_NOTHING_TO_SHIP' });
        await tx.execute(
          sql`insert into shipments (checkout_id, user_id, carrier, carrier_name, tracking_number, shipped_by)
              values (${checkoutId}::uuid, ${checkout.user_id}::uuid, ${input.carrier}, ${input.carrier === 'other' ? (input.carrierName ?? null) : null},
                ${input.trackingNumber}, ${staffId}::uuid)`,
        );
        const carrier = storedCarrier(input);
        for (const o of orders) {
          await moveOrder(tx, {
            orderId: o.id,
            to: 'shipped',
            actorId: staffId,
            reason: `${carrierName(carrier)} ${input.trackingNumber}`,
            set: sql`carrier = ${carrier}, tracking_number = ${input.trackingNumber}, shipped_at = clock_timestamp()`,
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
        const checkout = await checkoutOf(tx, checkoutId, true);
        if (!checkout) throw notFound(m.notFound);
        const row = await shipmentRow(tx, checkoutId);
        if (!row) throw conflict(m.notShipped, { code: 'SHIPMENT_NOT_SHIPPED' });
        if (row.delivered_ms !== null) return false;
        for (const o of (await ordersOf(tx, checkoutId, true)).filter(onTheWay)) {
          await moveOrder(tx, {
            orderId: o.id,
            to: 'delivered',
            actorId: staffId,
            set: sql`delivered_at = clock_timestamp()`,
          });
          await recordStaffAction(tx, {
            staffId,
            action: 'deliver_order',
            orderId: o.id,
            userId: checkout.user_id,
            details: { shipment: checkoutId },
          });
        }
        await tx.execute(
          sql`update shipments set delivered_at = clock_timestamp(), delivered_by = ${staffId}::uuid where checkout_id = ${checkoutId}::uuid`,
        );
        return true;
      });
      return { shipment: await view(checkoutId), changed };
    },
  };
}
export type ShipmentService = ReturnType<typeof createShipmentService>;
