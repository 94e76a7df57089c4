import { checkBiddingLimit, type LimitExceeded } from '@knotwork/shared/bidding/exposure';
import { registrationGate, type BuyNowOutcome } from '@knotwork/shared/bidding/outcomes';
import { isUuid, num } from '../../db/raw.ts';
import {
  expireOrder,
  insertOrder,
  openFixedPriceHold,
  toApiOrder,
} from '../commerce/orders/order-repository.ts';
import { FIXED_PRICE_HOLD_MS } from '../commerce/orders/pricing.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { DeliverNotifications, PendingNotification } from '../notifications/notifier.ts';
import { isKeyConflict, isTransient, replayOf, type KeyedRequest } from './idempotency.ts';
import { findStoredKey, storeKey } from './idempotency-repository.ts';
import { buyNowTarget, lockFixedPriceRug } from './buy-now-repository.ts';
import {
  announceLotChange,
  applyLotAction,
  type CommittedLotChange,
  type LotActionDeps,
} from '../lots/lot-actions.ts';
import { callerFieldsFromState, lotPayload } from '../lots/lot-payload.ts';
import { lockLot, type Tx } from '../lots/lot-repository.ts';
import { lockBidderLimits } from '../lots/bidder-limit-repository.ts';

export interface BuyNowRequest {
  userId: string;
  /** Rug id (or lot id). */
  target: string;
  /** With an Idempotency-Key: the route's adapter makes the answer stored with it. */
  idempotency?: KeyedRequest<BuyNowOutcome>;
}

interface Outcome {
  outcome: BuyNowOutcome;
  committed: CommittedLotChange | null;
  pending: PendingNotification[];
}

/** An outcome that changed nothing. */
const only = (outcome: BuyNowOutcome): Outcome => ({ outcome, committed: null, pending: [] });

/**
 * Buy now: on a rug's scheduled/open lot through the engine (same row lock as bids, so a racing bid and buy
 * cannot both win), else at the rug's fixed price with a 15-minute hold for the first buyer. Answers domain
 * outcomes; the route maps them to HTTP (lib/http-answers.ts's buyNowAnswer), and hands the same adapter in with an
 * Idempotency-Key for the answer stored with it.
 */
export function createBuyNowService(deps: LotActionDeps & { deliver: DeliverNotifications }) {
  const { db } = deps;

  /**
   * A limited buyer: the lot locked first (the bid path's order: the lot, then bidder rows), then their row and
   * exposure; the buy-now price is the maximum checked (decision 090). Null when the buy may go ahead.
   */
  async function overLimit(tx: Tx, lotId: string, userId: string): Promise<LimitExceeded | null> {
    const lot = await lockLot(tx, lotId);
    const limit = (await lockBidderLimits(tx, [userId])).get(userId);
    if (!lot || lot.buy_now_price === null || !limit) return null;
    return checkBiddingLimit({ ...limit, lotId, amountCents: num(lot.buy_now_price) });
  }

  async function buyLot(
    tx: Tx,
    lotId: string,
    userId: string,
    liked: boolean,
    limited: boolean,
  ): Promise<Outcome> {
    const over = limited ? await overLimit(tx, lotId, userId) : null;
    if (over) return only({ kind: 'over_limit', limit: over });
    const result = await applyLotAction(tx, lotId, { type: 'buyNow', buyerId: userId }, deps);
    if (!result.ok) return only({ kind: 'refused', refusal: result.refusal });
    const { committed } = result;
    // order_created to the buyer, lost to any bidder (with a reserve, bids may precede a buy now), watchers if
    // the purchase opened a due lot: written with the sale, delivered after commit.
    const pending = await notifyLotChange(tx, committed, { currency: deps.currency });
    const lot = lotPayload(
      committed.row,
      committed.nowMs,
      callerFieldsFromState(committed.state, userId, liked),
    );
    return { outcome: { kind: 'bought', order: toApiOrder(committed.order!), lot }, committed, pending };
  }

  async function buyFixedPrice(tx: Tx, rugId: string, userId: string): Promise<BuyNowOutcome> {
    const rug = await lockFixedPriceRug(tx, rugId);
    if (!rug) return { kind: 'not_found' };
    if (rug.fixed_price === null || rug.status !== 'available' || rug.in_lot) return { kind: 'not_for_sale' };
    const nowMs = Math.floor(num(rug.now_ms));
    const hold = await openFixedPriceHold(tx, rugId);
    if (hold && hold.reserved_ms !== null && num(hold.reserved_ms) > nowMs) {
      if (hold.user_id !== userId) return { kind: 'rug_reserved' };
      return { kind: 'reserved', order: toApiOrder(hold) };
    }
    if (hold) await expireOrder(tx, hold.id, nowMs);
    const reservedUntil = nowMs + FIXED_PRICE_HOLD_MS;
    const order = await insertOrder(tx, {
      userId,
      rugId,
      lotId: null,
      kind: 'fixed_price',
      hammerPrice: null,
      buyersPremium: 0,
      itemPrice: num(rug.fixed_price),
      currency: deps.currency,
      at: nowMs,
      reservedUntil,
      dueAt: reservedUntil,
    });
    return { kind: 'reserved', order: toApiOrder(order) };
  }

  async function transact(request: BuyNowRequest): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const found = await buyNowTarget(tx, request.target, request.userId);
      if (!found || found.rug_id === null) return only({ kind: 'not_found' });
      let result: Outcome;
      if (found.blocked) result = only({ kind: 'blocked' });
      else if (found.lot_id && found.staff) result = only({ kind: 'staff' });
      // At auction or at its fixed price: a consignor buying their own rug is the same conflict as bidding on it.
      else if (found.own_lot) result = only({ kind: 'own_lot' });
      else if (found.lot_id && found.unregistered?.[0])
        result = only({ kind: registrationGate(found.unregistered[0].status) });
      else if (found.lot_id && found.undeposited) result = only({ kind: 'deposit_required' });
      else if (found.lot_id)
        result = await buyLot(tx, found.lot_id, request.userId, found.liked, found.limited);
      else result = only(await buyFixedPrice(tx, found.rug_id, request.userId));
      if (request.idempotency && result.outcome.kind !== 'not_found')
        await storeKey(tx, request.userId, request.idempotency, request.idempotency.answer(result.outcome));
      return result;
    });
  }

  return {
    /** Buy now; the route maps the outcome to HTTP with lib/http-answers.ts's buyNowAnswer. */
    async buy(request: BuyNowRequest): Promise<BuyNowOutcome> {
      if (!isUuid(request.target)) return { kind: 'not_found' };
      if (request.idempotency) {
        const stored = await findStoredKey(db, request.userId, request.idempotency.key);
        if (stored) return replayOf(stored, request.idempotency.hash);
      }
      try {
        const { outcome, committed, pending } = await transact(request);
        if (committed) await announceLotChange(deps, committed);
        // Not awaited (never throws): the buyer's answer must not wait for Web Push round trips (up to 10 s).
        void deps.deliver(pending);
        return outcome;
      } catch (err) {
        if (request.idempotency && isKeyConflict(err)) {
          const stored = await findStoredKey(db, request.userId, request.idempotency.key);
          if (stored) return replayOf(stored, request.idempotency.hash);
        }
        if (isTransient(err)) return { kind: 'busy' };
        // Two first buyers of a fixed-price rug: the unique hold index refuses the second.
        if (
          (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (err as { cause?: { code?: string } }).cause?.code === '23505'
        ) {
          return { kind: 'rug_reserved' };
        }
        throw err;
      }
    },
  };
}
export type BuyNowService = ReturnType<typeof createBuyNowService>;
