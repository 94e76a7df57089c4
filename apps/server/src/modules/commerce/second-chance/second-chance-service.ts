import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { paymentMessages as m, type SecondChanceOffer } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-error.ts';
import { isoFromMs, isUuid, num, rows } from '../../../db/raw.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buyersPremium, PAYMENT_DUE_MS } from '../orders/pricing.ts';
import { buyerOf } from '../documents/documents-repository.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';

/** How long the underbidder has to answer (decision 025). */
export const SECOND_CHANCE_TTL_MS = 48 * 3_600_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

interface OfferRow {
  id: string;
  status: 'pending' | 'accepted' | 'declined' | 'expired';
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

async function findOffer(db: Db, token: string, lock: boolean): Promise<OfferRow | undefined> {
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

function toApiOffer(o: OfferRow): SecondChanceOffer {
  const price = num(o.price);
  const premium = buyersPremium(price, num(o.premium_pct));
  const expired = o.status === 'pending' && num(o.expires_ms) <= num(o.now_ms);
  return {
    status: expired ? 'expired' : o.status,
    rug: { id: o.rug_id, title: o.rug_title },
    lotNumber: num(o.lot_number),
    price,
    buyersPremium: premium,
    total: price + premium,
    currency: o.currency,
    expiresAt: isoFromMs(o.expires_ms),
    orderId: o.new_order_id,
  };
}

/** The newest offer made from an order, for staff's order page (a pending one past its time reads as expired). */
export async function latestOfferOfOrder(db: Db, orderId: string) {
  const [row] = await rows<{
    status: OfferRow['status'];
    user_id: string;
    name: string;
    price: string | number;
    max_amount: string | number;
    expires_ms: string | number;
    now_ms: string | number;
    new_order_id: string | null;
  }>(
    db,
    sql`select s.status, s.user_id, trim(u.first_name || ' ' || u.last_name) as name, s.price, s.max_amount,
          extract(epoch from s.expires_at) * 1000 as expires_ms, extract(epoch from clock_timestamp()) * 1000 as now_ms,
          s.new_order_id
        from second_chance_offers s join users u on u.id = s.user_id
        where s.order_id = ${orderId}::uuid order by s.created_at desc limit 1`,
  );
  if (!row) return null;
  const expired = row.status === 'pending' && num(row.expires_ms) <= num(row.now_ms);
  return {
    status: expired ? ('expired' as const) : row.status,
    userId: row.user_id,
    name: row.name,
    price: num(row.price),
    maxAmount: num(row.max_amount),
    expiresAt: isoFromMs(row.expires_ms),
    newOrderId: row.new_order_id,
  };
}

/**
 * Second-chance offers: when a winner does not pay, staff cancel the order and offer the lot to its underbidder
 * (the highest other maximum on the lot, the earlier on a tie) at no more than that maximum. The underbidder
 * accepts or declines within 48 hours from the link mailed to them; the token is the capability (only its hash is
 * stored). Accepting creates a new auction order on the lot, due in 3 days like any other.
 */
export function createSecondChanceService(deps: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { db } = deps;
  return {
    async offer(
      staffId: string,
      orderId: string,
      input: { price?: number | undefined; reason?: string | undefined },
    ) {
      if (!isUuid(orderId)) throw notFound(m.orderNotFound);
      const token = crypto.randomBytes(32).toString('base64url');
      const made = await db.transaction(async (tx) => {
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
        if (!order) throw notFound(m.orderNotFound);
        if (order.kind !== 'auction' || !order.lot_id)
          throw conflict(m.notAuctionOrder, { code: 'NOT_AUCTION_ORDER' });
        if (order.status !== 'cancelled')
          throw conflict(m.orderNotCancelled, { code: 'ORDER_NOT_CANCELLED' });
        const [rug] = await rows<{ status: string; live: boolean }>(
          tx,
          sql`select r.status, exists (select 1 from orders x where x.rug_id = r.id and x.status not in ('cancelled', 'expired')) as live
              from rugs r where r.id = ${order.rug_id}::uuid for update`,
        );
        if (!rug || rug.status !== 'sold' || rug.live)
          throw conflict(m.rugNotRelistable, { code: 'RUG_NOT_AVAILABLE' });
        const [under] = await rows<{ bidder_id: string; max_amount: string | number }>(
          tx,
          sql`select bidder_id, max(max_amount) as max_amount from bids
              where lot_id = ${order.lot_id}::uuid and status = 'accepted' and bidder_id <> ${order.user_id}::uuid
              group by bidder_id order by max(max_amount) desc, min(event_seq) limit 1`,
        );
        if (!under) throw conflict(m.noUnderbidder, { code: 'NO_UNDERBIDDER' });
        const max = num(under.max_amount);
        const price = input.price ?? max;
        if (price > max) throw badRequest(m.priceAboveMaximum, { errors: { price: m.priceAboveMaximum } });
        const [offer] = await rows<{ id: string; expires_ms: string | number }>(
          tx,
          sql`insert into second_chance_offers (token_hash, order_id, lot_id, user_id, price, max_amount, staff_id, expires_at)
              values (${hashToken(token)}, ${orderId}::uuid, ${order.lot_id}::uuid, ${under.bidder_id}::uuid, ${price}, ${max},
                ${staffId}::uuid, clock_timestamp() + make_interval(secs => ${SECOND_CHANCE_TTL_MS / 1000}))
              on conflict do nothing
              returning id, extract(epoch from expires_at) * 1000 as expires_ms`,
        );
        if (!offer) throw conflict(m.offerPending, { code: 'OFFER_PENDING' });
        await recordStaffAction(tx, {
          staffId,
          action: 'second_chance_offer',
          orderId,
          userId: under.bidder_id,
          lotId: order.lot_id,
          reason: input.reason ?? null,
          details: { price, maxAmount: max },
        });
        return {
          offerId: offer.id,
          userId: under.bidder_id,
          price,
          maxAmount: max,
          expiresAt: isoFromMs(offer.expires_ms),
        };
      });
      const view = await findOffer(db, token, false);
      const buyer = await buyerOf(db, made.userId);
      const api = toApiOffer(view!);
      await sendAfterCommit(deps.mailer, deps.log, {
        to: buyer.email,
        ...paymentMails.secondChance({
          firstName: buyer.firstName,
          rugTitle: api.rug.title,
          lotNumber: api.lotNumber,
          price: api.price,
          premium: api.buyersPremium,
          currency: api.currency,
          expiresAt: new Date(api.expiresAt),
          url: new URL(paymentWebPaths.secondChance(token), deps.publicUrl).toString(),
          language: buyer.language,
        }),
      });
      return made;
    },

    async view(token: string): Promise<SecondChanceOffer> {
      const offer = await findOffer(db, token, false);
      if (!offer) throw notFound(m.offerNotFound);
      return toApiOffer(offer);
    },

    async answer(token: string, accept: boolean): Promise<{ message: string; data: SecondChanceOffer }> {
      const outcome = await db.transaction(async (tx) => {
        const offer = await findOffer(tx, token, true);
        if (!offer) throw notFound(m.offerNotFound);
        if (offer.status !== 'pending') return 'closed' as const;
        if (num(offer.expires_ms) <= num(offer.now_ms)) {
          // Kept: the expiry is recorded even though the answer is refused.
          await tx.execute(
            sql`update second_chance_offers set status = 'expired' where id = ${offer.id}::uuid`,
          );
          return 'closed' as const;
        }
        if (!accept) {
          await tx.execute(
            sql`update second_chance_offers set status = 'declined', responded_at = clock_timestamp() where id = ${offer.id}::uuid`,
          );
          return 'declined' as const;
        }
        const price = num(offer.price);
        const premium = buyersPremium(price, num(offer.premium_pct));
        const [order] = await rows<{ id: string }>(
          tx,
          sql`insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at)
              values (${offer.user_id}::uuid, ${offer.rug_id}::uuid, ${offer.lot_id}::uuid, 'auction', ${price}, ${premium},
                ${price + premium}, ${offer.currency}, clock_timestamp() + make_interval(secs => ${PAYMENT_DUE_MS / 1000}))
              returning id`,
        );
        await tx.execute(
          sql`update second_chance_offers set status = 'accepted', responded_at = clock_timestamp(), new_order_id = ${order!.id}::uuid
              where id = ${offer.id}::uuid`,
        );
        return 'accepted' as const;
      });
      if (outcome === 'closed') throw conflict(m.offerClosed, { code: 'OFFER_CLOSED' });
      const data = toApiOffer((await findOffer(db, token, false))!);
      return { message: outcome === 'accepted' ? m.offerAccepted : m.offerDeclined, data };
    },
  };
}
export type SecondChanceService = ReturnType<typeof createSecondChanceService>;
