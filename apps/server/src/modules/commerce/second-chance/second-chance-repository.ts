import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';

/** Only the token's hash is stored: the token mailed to the underbidder is the capability. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'expired';

export interface OfferRow {
  id: string;
  status: OfferStatus;
  order_id: string;
  lot_id: string;
  user_id: string;
  price: string | number;
  max_amount: string | number;
  new_order_id: string | null;
  expires_ms: string | number;
  now_ms: string | number;
  rug_id: string;
  rug_title: string;
  lot_number: number;
  premium_pct: string | number;
  currency: string;
}

/** An offer by its token, with its lot, rug and sale; `lock` takes the offer's row lock. */
export async function findOffer(db: Db, token: string, lock: boolean): Promise<OfferRow | undefined> {
  const [row] = await rows<OfferRow>(
    db,
    sql`select s.id, s.status, s.order_id, s.lot_id, s.user_id, s.price, s.max_amount, s.new_order_id,
          extract(epoch from s.expires_at) * 1000 as expires_ms, extract(epoch from clock_timestamp()) * 1000 as now_ms,
          l.rug_id, r.title as rug_title, l.lot_number, a.buyers_premium_pct as premium_pct, o.currency
        from second_chance_offers s join lots l on l.id = s.lot_id join rugs r on r.id = l.rug_id
        join auctions a on a.id = l.auction_id join orders o on o.id = s.order_id
        where s.token_hash = ${hashToken(token)} ${lock ? sql`for update of s` : sql``}`,
  );
  return row;
}

export interface LatestOfferRow {
  status: OfferStatus;
  user_id: string;
  name: string;
  price: string | number;
  max_amount: string | number;
  expires_ms: string | number;
  now_ms: string | number;
  new_order_id: string | null;
}

/** The newest offer made from an order, with the underbidder's name. */
export async function latestOfferRow(db: Db, orderId: string): Promise<LatestOfferRow | undefined> {
  const [row] = await rows<LatestOfferRow>(
    db,
    sql`select s.status, s.user_id, trim(u.first_name || ' ' || u.last_name) as name, s.price, s.max_amount,
          extract(epoch from s.expires_at) * 1000 as expires_ms, extract(epoch from clock_timestamp()) * 1000 as now_ms,
          s.new_order_id
        from second_chance_offers s join users u on u.id = s.user_id
        where s.order_id = ${orderId}::uuid order by s.created_at desc limit 1`,
  );
  return row;
}

/** The order an offer is made from, under its row lock. */
export async function lockOfferOrder(
  tx: Db,
  orderId: string,
): Promise<
  { kind: string; status: string; lot_id: string | null; user_id: string; rug_id: string } | undefined
> {
  const [order] = await rows<{
    kind: string;
    status: string;
    lot_id: string | null;
    user_id: string;
    rug_id: string;
  }>(
    tx,
    sql`select kind, status, lot_id, user_id, rug_id from orders where id = ${orderId}::uuid for update`,
  );
  return order;
}

/** The rug under its row lock, and whether an order other than a cancelled or expired one holds it. */
export async function lockOfferRug(
  tx: Db,
  rugId: string,
): Promise<{ status: string; live: boolean } | undefined> {
  const [rug] = await rows<{ status: string; live: boolean }>(
    tx,
    sql`select r.status, exists (select 1 from orders x where x.rug_id = r.id and x.status not in ('cancelled', 'expired')) as live
        from rugs r where r.id = ${rugId}::uuid for update`,
  );
  return rug;
}

/** The lot's underbidder: the highest other accepted maximum, the earlier bid on a tie. */
export async function underbidderOf(
  tx: Db,
  lotId: string,
  winnerId: string,
): Promise<{ bidder_id: string; max_amount: string | number } | undefined> {
  const [under] = await rows<{ bidder_id: string; max_amount: string | number }>(
    tx,
    sql`select bidder_id, max(max_amount) as max_amount from bids
        where lot_id = ${lotId}::uuid and status = 'accepted' and bidder_id <> ${winnerId}::uuid
        group by bidder_id order by max(max_amount) desc, min(event_seq) limit 1`,
  );
  return under;
}

/** A new pending offer valid `ttlMs`; undefined when the order has a pending one already (on conflict). */
export async function insertOffer(
  tx: Db,
  o: {
    token: string;
    orderId: string;
    lotId: string;
    userId: string;
    price: number;
    maxAmount: number;
    staffId: string;
    ttlMs: number;
  },
): Promise<{ id: string; expires_ms: string | number } | undefined> {
  const [offer] = await rows<{ id: string; expires_ms: string | number }>(
    tx,
    sql`insert into second_chance_offers (token_hash, order_id, lot_id, user_id, price, max_amount, staff_id, expires_at)
        values (${hashToken(o.token)}, ${o.orderId}::uuid, ${o.lotId}::uuid, ${o.userId}::uuid, ${o.price}, ${o.maxAmount},
          ${o.staffId}::uuid, clock_timestamp() + make_interval(secs => ${o.ttlMs / 1000}))
        on conflict do nothing
        returning id, extract(epoch from expires_at) * 1000 as expires_ms`,
  );
  return offer;
}

export async function markOfferExpired(tx: Db, offerId: string): Promise<void> {
  await tx.execute(sql`update second_chance_offers set status = 'expired' where id = ${offerId}::uuid`);
}

export async function markOfferDeclined(tx: Db, offerId: string): Promise<void> {
  await tx.execute(
    sql`update second_chance_offers set status = 'declined', responded_at = clock_timestamp() where id = ${offerId}::uuid`,
  );
}

export async function markOfferAccepted(tx: Db, offerId: string, newOrderId: string): Promise<void> {
  await tx.execute(
    sql`update second_chance_offers set status = 'accepted', responded_at = clock_timestamp(), new_order_id = ${newOrderId}::uuid
        where id = ${offerId}::uuid`,
  );
}

/** The accepted offer's order: an auction order on the lot at the offer's price, due `dueMs` from now. */
export async function insertOfferOrder(
  tx: Db,
  o: {
    userId: string;
    rugId: string;
    lotId: string;
    hammer: number;
    premium: number;
    currency: string;
    dueMs: number;
  },
): Promise<string> {
  const [order] = await rows<{ id: string }>(
    tx,
    sql`insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at)
        values (${o.userId}::uuid, ${o.rugId}::uuid, ${o.lotId}::uuid, 'auction', ${o.hammer}, ${o.premium},
          ${o.hammer + o.premium}, ${o.currency}, clock_timestamp() + make_interval(secs => ${o.dueMs / 1000}))
        returning id`,
  );
  return order!.id;
}
