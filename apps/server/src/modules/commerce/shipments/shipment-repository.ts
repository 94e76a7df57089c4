import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@knotwork/shared/schemas/bidding';
import type { ShippingAddressCopy, ShippingMethod } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { isUuid, rows } from '../../../db/raw.ts';

export interface ShipmentOrderRow {
  id: string;
  status: OrderStatus;
  rug_title: string;
  lot_number: number | null;
  sale_title: string | null;
  shipped: boolean;
  delivered: boolean;
}

/** The orders a checkout paid for, in packing order; `lock` takes their row locks. */
export async function ordersOfCheckout(
  db: Db,
  checkoutId: string,
  lock = false,
): Promise<ShipmentOrderRow[]> {
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

export interface ShipmentCheckoutRow {
  id: string;
  user_id: string;
  reference: string;
  status: 'open' | 'paid' | 'superseded';
  shipping_method: ShippingMethod;
  shipping_address: ShippingAddressCopy | null;
}

/** The checkout a shipment is (its id is the shipment's); `lock` takes its row lock. Undefined for a malformed id. */
export async function shipmentCheckout(
  db: Db,
  id: string,
  lock = false,
): Promise<ShipmentCheckoutRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await rows<ShipmentCheckoutRow>(
    db,
    sql`select id, user_id, reference, status, shipping_method, shipping_address from checkouts where id = ${id}::uuid
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export interface ShipmentRow {
  carrier: string;
  carrier_name: string | null;
  tracking_number: string;
  shipped_ms: string | number;
  delivered_ms: string | number | null;
}

export async function findShipment(db: Db, checkoutId: string): Promise<ShipmentRow | undefined> {
  const [row] = await rows<ShipmentRow>(
    db,
    sql`select carrier, carrier_name, tracking_number, extract(epoch from shipped_at) * 1000 as shipped_ms,
          extract(epoch from delivered_at) * 1000 as delivered_ms
        from shipments where checkout_id = ${checkoutId}::uuid`,
  );
  return row;
}

/** The buyer's phone from their address book (default first, then newest), for a collection without an address. */
export async function buyerPhone(db: Db, userId: string): Promise<string | null> {
  const found = await rows<{ phone: string }>(
    db,
    sql`select phone from addresses where user_id = ${userId}::uuid order by is_default desc, created_at desc limit 1`,
  );
  return found[0]?.phone ?? null;
}

/** The checkout that paid an order: null while unpaid, undefined when there is no such order. */
export async function payingCheckoutOf(db: Db, orderId: string): Promise<string | null | undefined> {
  const [o] = await rows<{ checkout_id: string | null }>(
    db,
    sql`select checkout_id from orders where id = ${orderId}::uuid`,
  );
  return o ? o.checkout_id : undefined;
}

export async function insertShipment(
  tx: Db,
  s: {
    checkoutId: string;
    userId: string;
    carrier: string;
    carrierName: string | null;
    trackingNumber: string;
    staffId: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into shipments (checkout_id, user_id, carrier, carrier_name, tracking_number, shipped_by)
        values (${s.checkoutId}::uuid, ${s.userId}::uuid, ${s.carrier}, ${s.carrierName},
          ${s.trackingNumber}, ${s.staffId}::uuid)`,
  );
}

export async function markShipmentDelivered(tx: Db, checkoutId: string, staffId: string): Promise<void> {
  await tx.execute(
    sql`update shipments set delivered_at = clock_timestamp(), delivered_by = ${staffId}::uuid where checkout_id = ${checkoutId}::uuid`,
  );
}
