import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { paymentMessages as m, type SecondChanceOffer } from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-error.ts';
import { isoFromMs, isUuid, num } from '../../../db/raw.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buyersPremium, PAYMENT_DUE_MS } from '../orders/pricing.ts';
import { buyerOf } from '../documents/documents-repository.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import { recordStaffAction } from '../../audit/audit-writer.ts';
import {
  findOffer,
  insertOffer,
  insertOfferOrder,
  latestOfferRow,
  lockOfferOrder,
  lockOfferRug,
  markOfferAccepted,
  markOfferDeclined,
  markOfferExpired,
  underbidderOf,
  type OfferRow,
} from './second-chance-repository.ts';

/** How long the underbidder has to answer (decision 025). */
export const SECOND_CHANCE_TTL_MS = 48 * 3_600_000;

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
  const row = await latestOfferRow(db, orderId);
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
        const order = await lockOfferOrder(tx, orderId);
        if (!order) throw notFound(m.orderNotFound);
        if (order.kind !== 'auction' || !order.lot_id)
          throw conflict(m.notAuctionOrder, { code: 'NOT_AUCTION_ORDER' });
        if (order.status !== 'cancelled')
          throw conflict(m.orderNotCancelled, { code: 'ORDER_NOT_CANCELLED' });
        const rug = await lockOfferRug(tx, order.rug_id);
        if (!rug || rug.status !== 'sold' || rug.live)
          throw conflict(m.rugNotRelistable, { code: 'RUG_NOT_AVAILABLE' });
        const under = await underbidderOf(tx, order.lot_id, order.user_id);
        if (!under) throw conflict(m.noUnderbidder, { code: 'NO_UNDERBIDDER' });
        const max = num(under.max_amount);
        const price = input.price ?? max;
        if (price > max) throw badRequest(m.priceAboveMaximum, { errors: { price: m.priceAboveMaximum } });
        const offer = await insertOffer(tx, {
          token,
          orderId,
          lotId: order.lot_id,
          userId: under.bidder_id,
          price,
          maxAmount: max,
          staffId,
          ttlMs: SECOND_CHANCE_TTL_MS,
        });
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
          await markOfferExpired(tx, offer.id);
          return 'closed' as const;
        }
        if (!accept) {
          await markOfferDeclined(tx, offer.id);
          return 'declined' as const;
        }
        const price = num(offer.price);
        const premium = buyersPremium(price, num(offer.premium_pct));
        const orderId = await insertOfferOrder(tx, {
          userId: offer.user_id,
          rugId: offer.rug_id,
          lotId: offer.lot_id,
          hammer: price,
          premium,
          currency: offer.currency,
          dueMs: PAYMENT_DUE_MS,
        });
        await markOfferAccepted(tx, offer.id, orderId);
        return 'accepted' as const;
      });
      if (outcome === 'closed') throw conflict(m.offerClosed, { code: 'OFFER_CLOSED' });
      const data = toApiOffer((await findOffer(db, token, false))!);
      return { message: outcome === 'accepted' ? m.offerAccepted : m.offerDeclined, data };
    },
  };
}
export type SecondChanceService = ReturnType<typeof createSecondChanceService>;
