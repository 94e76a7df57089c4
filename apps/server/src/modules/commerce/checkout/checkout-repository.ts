import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OrderKind, OrderStatus } from '../../../db/schema/index.ts';
import type {
  CheckoutQuote,
  PaymentProvider,
  ShippingAddressCopy,
  ShippingMethod,
} from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { num, numOrNull, rows } from '../../../db/raw.ts';

/** An order as the checkout reads it (under lock), with what its quote line shows. */
export interface PayableOrderRow {
  id: string;
  user_id: string;
  rug_id: string;
  kind: OrderKind;
  status: OrderStatus;
  hammer_price: string | number | null;
  buyers_premium: string | number;
  item_price: string | number;
  currency: string;
  reserved_ms: string | number | null;
  now_ms: string | number;
  rug_title: string;
  lot_number: number | null;
}

/** The orders, locked in id order (two checkouts sharing an order cannot deadlock). Missing ids are simply absent. */
export async function lockOrders(tx: Db, orderIds: readonly string[]): Promise<PayableOrderRow[]> {
  return rows<PayableOrderRow>(
    tx,
    sql`select o.id, o.user_id, o.rug_id, o.kind, o.status, o.hammer_price, o.buyers_premium, o.item_price, o.currency,
          extract(epoch from o.reserved_until) * 1000 as reserved_ms, extract(epoch from clock_timestamp()) * 1000 as now_ms,
          r.title as rug_title, l.lot_number
        from orders o join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id
        where o.id = any(${sql.param([...orderIds])}::uuid[])
        order by o.id
        for update of o`,
  );
}

export interface CheckoutDbRow {
  id: string;
  user_id: string;
  order_ids: string[];
  reference: string;
  shipping_method: ShippingMethod;
  address_id: string | null;
  shipping_address: ShippingAddressCopy | null;
  quote: CheckoutQuote;
  total: string | number;
  currency: string;
  method: PaymentProvider;
  status: 'open' | 'paid' | 'superseded';
  created_ms: string | number;
  paid_ms: string | number | null;
  invoice_number: string | null;
}

const CHECKOUT_COLUMNS =
  sql.raw(`c.id, c.user_id, c.order_ids::text[] as order_ids, c.reference, c.shipping_method,
  c.address_id, c.shipping_address, c.quote, c.total, c.currency, c.method, c.status,
  extract(epoch from c.created_at) * 1000 as created_ms, extract(epoch from c.paid_at) * 1000 as paid_ms,
  (select number from invoices i where i.checkout_id = c.id) as invoice_number`);

/** Postgres arrays come back as arrays from both drivers once cast to text[]; PGlite may hand a string form. */
function normalise(row: CheckoutDbRow): CheckoutDbRow {
  const ids = row.order_ids as unknown;
  const orderIds = Array.isArray(ids)
    ? (ids as string[])
    : String(ids).replace(/[{}]/g, '').split(',').filter(Boolean);
  return { ...row, order_ids: orderIds };
}

export async function findCheckout(
  db: Db,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<CheckoutDbRow | undefined> {
  const lock = opts.lock ? sql`for update of c` : sql``;
  const [row] = await rows<CheckoutDbRow>(
    db,
    sql`select ${CHECKOUT_COLUMNS} from checkouts c where c.id = ${id}::uuid ${lock}`,
  );
  return row && normalise(row);
}

export async function findCheckoutByReference(db: Db, reference: string): Promise<CheckoutDbRow | undefined> {
  const [row] = await rows<CheckoutDbRow>(
    db,
    sql`select ${CHECKOUT_COLUMNS} from checkouts c where c.reference = ${reference}`,
  );
  return row && normalise(row);
}

/** The buyer's open checkout for exactly these orders, method, shipping and total (a retried request gets it back). */
export async function findSameOpenCheckout(
  tx: Db,
  c: {
    userId: string;
    orderIds: readonly string[];
    method: PaymentProvider;
    shippingMethod: ShippingMethod;
    addressId: string | null;
    total: number;
  },
): Promise<CheckoutDbRow | undefined> {
  const sorted = [...c.orderIds].sort();
  const [row] = await rows<CheckoutDbRow>(
    tx,
    sql`select ${CHECKOUT_COLUMNS} from checkouts c
        where c.user_id = ${c.userId}::uuid and c.status = 'open' and c.method = ${c.method}
          and c.shipping_method = ${c.shippingMethod} and c.address_id is not distinct from ${c.addressId}::uuid
          and c.total = ${c.total} and c.order_ids = ${sql.param(sorted)}::uuid[]
        order by c.created_at desc limit 1`,
  );
  return row && normalise(row);
}

/** The open checkout holding an order, newest first (what the order page shows as "pay with this reference"). */
export async function openCheckoutOf(db: Db, orderId: string): Promise<CheckoutDbRow | undefined> {
  const [row] = await rows<CheckoutDbRow>(
    db,
    sql`select ${CHECKOUT_COLUMNS} from checkouts c
        where c.status = 'open' and c.order_ids @> array[${orderId}::uuid] order by c.created_at desc limit 1`,
  );
  return row && normalise(row);
}

// Crockford-like alphabet: no 0/O, 1/I/L, so a reference read over the phone or typed from a statement survives.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export function newReference(): string {
  const bytes = crypto.randomBytes(6);
  return `KW-${Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

export interface NewCheckout {
  userId: string;
  orderIds: readonly string[];
  shippingMethod: ShippingMethod;
  addressId: string | null;
  shippingAddress: ShippingAddressCopy | null;
  quote: CheckoutQuote;
  method: PaymentProvider;
}

export async function insertCheckout(tx: Db, c: NewCheckout): Promise<CheckoutDbRow> {
  const sorted = [...c.orderIds].sort();
  // A reference collision (1 in ~900 million) is skipped without aborting the transaction: on conflict do nothing.
  for (;;) {
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into checkouts (user_id, order_ids, reference, shipping_method, address_id, shipping_address, quote,
            subtotal, shipping_amount, tax_amount, total, currency, method)
          values (${c.userId}::uuid, ${sql.param(sorted)}::uuid[], ${newReference()}, ${c.shippingMethod}, ${c.addressId}::uuid,
            ${c.shippingAddress === null ? null : JSON.stringify(c.shippingAddress)}::jsonb, ${JSON.stringify(c.quote)}::jsonb,
            ${c.quote.subtotal}, ${c.quote.shippingAmount}, ${c.quote.taxAmount}, ${c.quote.total}, ${c.quote.currency}, ${c.method})
          on conflict (reference) do nothing
          returning id`,
    );
    if (row) return (await findCheckout(tx, row.id))!;
  }
}

export const checkoutTotal = (c: CheckoutDbRow) => num(c.total);
export const checkoutPaidMs = (c: CheckoutDbRow) => numOrNull(c.paid_ms);

/** Locks the fixed-price rugs of some orders, in id order (buy now takes the rug before the order, and so do payments). */
export async function lockFixedPriceRugs(tx: Db, orderIds: readonly string[]): Promise<void> {
  await tx.execute(
    sql`select r.id from rugs r join orders o on o.rug_id = r.id
        where o.id = any(${sql.param([...orderIds])}::uuid[]) and o.kind = 'fixed_price' order by r.id for update of r`,
  );
}

export async function markCheckoutPaid(tx: Db, checkoutId: string): Promise<void> {
  await tx.execute(
    sql`update checkouts set status = 'paid', paid_at = clock_timestamp(), updated_at = clock_timestamp() where id = ${checkoutId}::uuid`,
  );
}

/** The other open checkouts sharing one of this checkout's orders: superseded once it is paid. */
export async function supersedeOtherOpenCheckouts(tx: Db, checkout: CheckoutDbRow): Promise<void> {
  await tx.execute(
    sql`update checkouts set status = 'superseded', updated_at = clock_timestamp()
        where status = 'open' and id <> ${checkout.id}::uuid and order_ids && ${sql.param(checkout.order_ids)}::uuid[]`,
  );
}

/** Locks the open checkouts holding an order, in id order (as a payment takes them, so the two cannot deadlock). */
export async function lockOpenCheckoutsOfOrder(tx: Db, orderId: string): Promise<void> {
  await tx.execute(
    sql`select id from checkouts where status = 'open' and order_ids @> array[${orderId}::uuid] order by id for update`,
  );
}

/** Closes the open checkouts holding an order: a transfer quoting their reference is then refused (not payable). */
export async function supersedeOpenCheckoutsOfOrder(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`update checkouts set status = 'superseded', updated_at = clock_timestamp()
    where status = 'open' and order_ids @> array[${orderId}::uuid]`);
}
