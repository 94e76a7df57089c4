import { sql } from 'drizzle-orm';
import { liveLotIdOfRug, lotIsLive } from '../lots/lot-sql.ts';
import { apiMessages } from '@knotwork/shared/messages/api';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { isUuid, num, rows } from '../../db/raw.ts';
import { expireOrder, insertOrder, openFixedPriceHold, toApiOrder } from '../orders/repository.ts';
import { FIXED_PRICE_HOLD_MS } from '../orders/pricing.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { DeliverNotifications, PendingNotification } from '../notifications/notifier.ts';
import { findStoredKey, isKeyConflict, isTransient, replayStored, storeKey, type Answer, type IdempotencyRequest } from './idempotency.ts';
import { announceLotChange, applyLotAction, type CommittedLotChange, type LotActionDeps } from '../lots/lot-actions.ts';
import { callerFieldsFromState, lotPayload } from '../lots/lot-payload.ts';
import type { Tx } from '../lots/lot-repository.ts';
import { blockedAnswer, busyAnswer, refusalAnswer, staffAnswer } from './http-answers.ts';

export interface BuyNowRequest {
  userId: string;
  /** Rug id (or lot id). */
  target: string;
  idempotency?: IdempotencyRequest;
}

interface Outcome {
  answer: Answer;
  committed: CommittedLotChange | null;
  pending: PendingNotification[];
}

const notFoundAnswer = (): Answer => ({ statusCode: 404, body: { message: apiMessages.notFound } });
const notForSale = (): Answer => ({ statusCode: 409, body: { message: biddingMessages.notForSale, code: 'NOT_FOR_SALE' } });

/**
 * Buy now: on a rug's scheduled/open lot through the engine (same row lock as bids, so a racing bid and buy
 * cannot both win), else at the rug's fixed price with a 15-minute hold for the first buyer.
 */
export function createBuyNowService(deps: LotActionDeps & { deliver: DeliverNotifications }) {
  const { db } = deps;

  async function buyLot(tx: Tx, lotId: string, userId: string, liked: boolean): Promise<Outcome> {
    const result = await applyLotAction(tx, lotId, { type: 'buyNow', buyerId: userId }, deps);
    if (!result.ok) return { answer: refusalAnswer(result.refusal), committed: null, pending: [] };
    const { committed } = result;
    // order_created to the buyer, lost to any bidder (with a reserve, bids may precede a buy now), watchers if
    // the purchase opened a due lot: written with the sale, delivered after commit.
    const pending = await notifyLotChange(tx, committed, { currency: deps.currency });
    const lot = lotPayload(committed.row, committed.nowMs, callerFieldsFromState(committed.state, userId, liked));
    const answer: Answer = {
      statusCode: 201,
      body: { message: biddingMessages.boughtNow, data: { order: toApiOrder(committed.order!), lot } },
    };
    return { answer, committed, pending };
  }

  async function buyFixedPrice(tx: Tx, rugId: string, userId: string): Promise<Answer> {
    const [rug] = await rows<{ status: string; fixed_price: string | number | null; in_lot: boolean; now_ms: string | number }>(
      tx,
      sql`with r as materialized (select id, status, fixed_price from rugs where id = ${rugId}::uuid for update)
          select r.status, r.fixed_price,
            ${liveLotIdOfRug(sql`r.id`)} is not null as in_lot,
            extract(epoch from clock_timestamp()) * 1000 as now_ms
          from r`,
    );
    if (!rug) return notFoundAnswer();
    if (rug.fixed_price === null || rug.status !== 'available' || rug.in_lot) return notForSale();
    const nowMs = Math.floor(num(rug.now_ms));
    const hold = await openFixedPriceHold(tx, rugId);
    if (hold && hold.reserved_ms !== null && num(hold.reserved_ms) > nowMs) {
      if (hold.user_id !== userId) return { statusCode: 409, body: { message: biddingMessages.rugReserved, code: 'RUG_RESERVED' } };
      return { statusCode: 201, body: { message: biddingMessages.reserved, data: { order: toApiOrder(hold), lot: null } } };
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
    return { statusCode: 201, body: { message: biddingMessages.reserved, data: { order: toApiOrder(order), lot: null } } };
  }

  async function transact(request: BuyNowRequest): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const [found] = await rows<{ lot_id: string | null; rug_id: string | null; blocked: boolean; staff: boolean; liked: boolean }>(
        tx,
        sql`select coalesce((select id from lots l where l.id = ${request.target}::uuid and ${lotIsLive('l')}),
                            ${liveLotIdOfRug(sql`${request.target}::uuid`)}) as lot_id,
                   coalesce((select rug_id from lots where id = ${request.target}::uuid),
                            (select id from rugs where id = ${request.target}::uuid)) as rug_id,
                   u.bidding_blocked_at is not null as blocked, u.role <> 'user' as staff,
                   exists (select 1 from likes k where k.user_id = u.id and (k.rug_id = ${request.target}::uuid
                     or k.rug_id = (select rug_id from lots where id = ${request.target}::uuid))) as liked
            from users u where u.id = ${request.userId}::uuid`,
      );
      if (!found || found.rug_id === null) return { answer: notFoundAnswer(), committed: null, pending: [] };
      let outcome: Outcome;
      if (found.blocked) outcome = { answer: blockedAnswer(), committed: null, pending: [] };
      else if (found.lot_id) {
        outcome = found.staff
          ? { answer: staffAnswer(), committed: null, pending: [] }
          : await buyLot(tx, found.lot_id, request.userId, found.liked);
      } else outcome = { answer: await buyFixedPrice(tx, found.rug_id, request.userId), committed: null, pending: [] };
      if (request.idempotency && outcome.answer.statusCode !== 404) await storeKey(tx, request.userId, request.idempotency, outcome.answer);
      return outcome;
    });
  }

  return {
    async buy(request: BuyNowRequest): Promise<Answer> {
      if (!isUuid(request.target)) return notFoundAnswer();
      if (request.idempotency) {
        const stored = await findStoredKey(db, request.userId, request.idempotency.key);
        if (stored) return replayStored(stored, request.idempotency.hash);
      }
      try {
        const { answer, committed, pending } = await transact(request);
        if (committed) await announceLotChange(deps, committed);
        // Not awaited (never throws): the buyer's answer must not wait for Web Push round trips (up to 10 s).
        void deps.deliver(pending);
        return answer;
      } catch (err) {
        if (request.idempotency && isKeyConflict(err)) {
          const stored = await findStoredKey(db, request.userId, request.idempotency.key);
          if (stored) return replayStored(stored, request.idempotency.hash);
        }
        if (isTransient(err)) return busyAnswer();
        // Two first buyers of a fixed-price rug: the unique hold index refuses the second.
        if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
          return { statusCode: 409, body: { message: biddingMessages.rugReserved, code: 'RUG_RESERVED' } };
        }
        throw err;
      }
    },
  };
}
export type BuyNowService = ReturnType<typeof createBuyNowService>;
