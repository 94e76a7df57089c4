import type { FastifyBaseLogger } from 'fastify';
import {
  applyLiveAction,
  liveLot,
  reserveMet,
  type LiveAction,
  type LiveLotState,
} from '@knotwork/shared/bidding/live/clerk';
import { checkBiddingLimit } from '@knotwork/shared/bidding/exposure';
import { lotIsLive } from '@knotwork/shared/bidding/lot-phase';
import { liveSaleChannel } from '@knotwork/shared/realtime/events';
import type { LiveClerkAction, LiveSaleView, LiveStaffView } from '@knotwork/shared/schemas/live-sales';
import type { Db } from '../../db/client.ts';
import { num, numOrNull } from '../../db/raw.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { replayOf, type KeyedRequest } from '../bidding/idempotency.ts';
import { findStoredKey, storeKey } from '../bidding/idempotency-repository.ts';
import { lockBidderLimits } from '../lots/bidder-limit-repository.ts';
import {
  REGISTRATION_GATE_CODES,
  registrationGate,
  refusal,
  type DomainRefusal,
  type LiveBidOutcome,
  type Outcome,
} from '@knotwork/shared/bidding/outcomes';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { PendingNotification } from '../notifications/notifier.ts';
import { announceLotChange, applyLotAction, type CommittedLotChange } from '../lots/lot-actions.ts';
import type { Hammer } from '../lots/hammer.ts';
import { putLotOnBlock } from '../lots/lot-repository.ts';
import {
  absenteeBids,
  bidderFacts,
  bidderNames,
  consignedBy,
  paddleHolder,
  phoneLines,
  salePaddles,
  unregisteredIn,
  undepositedIn,
  findSaleId,
  hasBidInSale,
  lockSale,
  readSale,
  recordEvent,
  saleLots,
  toAbsentee,
  writeLiveLot,
  type SaleLotRow,
} from './repository.ts';
import { bidLine, bidderNumbers, labelOf, publicView, staffView, stateOf } from './views.ts';

export interface LiveSalesDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  currency: string;
  mediaBaseUrl: string;
  deliver(pending: readonly PendingNotification[]): Promise<void>;
  /** Sockets of this process following a channel (the live hub), read at call time. */
  watchers(channel: `live:${string}`): number;
}

type Refused = { ok: false; refusal: DomainRefusal };
type Applied = {
  ok: true;
  view: LiveSaleView;
  lots: SaleLotRow[];
  pending: PendingNotification[];
  winnerId: string | null;
  /** The lot's change when the hammer or a pass closed it, announced on the lot's channels after commit. */
  closed: CommittedLotChange | null;
};

const refused = (code: Parameters<typeof refusal>[0]): Refused => ({ ok: false, refusal: refusal(code) });

/** A telephone operator's bid for the bidder on their line (issue 29 §1, decision 097). */
type PhoneBidAction = { type: 'phoneBid'; lotId: string; ask: number; bidderId: string };
const notFound = refused('NOT_FOUND');

export function createLiveSalesService(deps: LiveSalesDeps) {
  const { db } = deps;

  async function viewInTx(tx: Db, auctionId: string): Promise<{ view: LiveSaleView; lots: SaleLotRow[] }> {
    const sale = await readSale(tx, auctionId);
    const lots = await saleLots(tx, auctionId);
    return { view: publicView(sale!, lots, deps.mediaBaseUrl), lots };
  }

  /** After commit: every watcher gets the new view; the notifications (won, lost, unsold) go out. */
  async function announce(applied: Applied): Promise<void> {
    const { view } = applied;
    const sends = [
      deps.bus.publish(liveSaleChannel(view.auctionId), 'live.state', {
        auctionId: view.auctionId,
        seq: view.seq,
        view,
      }),
    ];
    await Promise.allSettled(sends).then((results) => {
      for (const r of results)
        if (r.status === 'rejected') deps.log.error({ err: r.reason }, 'live publish failed');
    });
    if (applied.closed) await announceLotChange(deps, applied.closed);
    await deps
      .deliver(applied.pending)
      .catch((err: unknown) => deps.log.error({ err }, 'live notifications failed'));
  }

  /**
   * Closes the lot on the hammer or a pass through the lot core's one close path (lots/lot-actions.ts), as the
   * timed close job does: the lot's state and its lot_closed line, the rug sold and the winner's order (an online
   * or absentee winner; a floor buyer settles in the room), then the notifications (won, lost, unsold).
   */
  async function closeOnHammer(
    tx: Db,
    lot: SaleLotRow,
    state: LiveLotState,
  ): Promise<Refused | { ok: true; closed: CommittedLotChange; pending: PendingNotification[] }> {
    const hammer = state.hammer;
    const winnerId = hammer && hammer.source.kind !== 'floor' ? hammer.source.bidderId : null;
    const highest = new Map<string, number>();
    for (const bid of state.bids)
      if (bid.source.kind !== 'floor')
        highest.set(bid.source.bidderId, Math.max(highest.get(bid.source.bidderId) ?? 0, bid.amount));
    const result: Hammer = {
      outcome: state.status === 'sold' ? 'sold' : 'unsold',
      price: hammer?.amount ?? state.bids.at(-1)?.amount ?? null,
      winnerId,
      bidCount: state.bids.length,
      reserveMet: reserveMet(state),
      bidders: [...bidderNumbers(state).keys()].map((bidderId) => ({
        bidderId,
        amount: highest.get(bidderId) ?? 0,
      })),
    };
    const closed = await applyLotAction(tx, lot.id, { type: 'hammer', hammer: result }, deps);
    if (!closed.ok) return { ok: false, refusal: closed.refusal };
    const pending = await notifyLotChange(tx, closed.committed, { currency: deps.currency });
    return { ok: true, closed: closed.committed, pending };
  }

  /** One action under the sale's lock: the engine decides, the rows follow, the log records it. */
  async function apply(
    tx: Db,
    auctionId: string,
    actorId: string,
    action: LiveClerkAction | { type: 'onlineBid'; lotId: string; ask: number } | PhoneBidAction,
  ): Promise<Applied | Refused> {
    const sale = await lockSale(tx, auctionId);
    if (!sale) return notFound;
    if (sale.type !== 'live') return refused('NOT_LIVE_SALE');
    const lots = await saleLots(tx, auctionId);
    const current = lots.find((l) => l.id === sale.current_lot_id) ?? null;
    const currentState = current ? stateOf(current, sale.increments) : null;

    let lot: SaleLotRow;
    let next: LiveLotState;
    if (action.type === 'open') {
      const target = lots.find((l) => l.id === action.lotId);
      if (!target) return refused('LOT_NOT_IN_SALE');
      if (currentState && (currentState.status === 'open' || currentState.status === 'paused'))
        return refused('LOT_IN_PROGRESS');
      if (target.live_state || !lotIsLive(target)) return refused('NOT_WAITING');
      // Telephone lines booked on the lot wait for their operators (decision 097), unless the clerk overrides,
      // which is audited with what was not ready.
      const lines = (await phoneLines(tx, auctionId, target.id)).get(target.id);
      if (lines && lines.ready < lines.lines) {
        if (!action.override) return refused('OPERATORS_NOT_READY');
        await recordStaffAction(tx, {
          staffId: actorId,
          action: 'open_lot_override',
          auctionId,
          lotId: target.id,
          details: { lotNumber: target.lot_number, ...lines },
        });
      }
      const book = await absenteeBids(tx, [target.id]);
      const waiting = liveLot({
        openingBid: num(target.opening_bid),
        reserve: numOrNull(target.reserve),
        increments: sale.increments,
        absentee: book.map(toAbsentee),
      });
      const outcome = applyLiveAction(waiting, { type: 'open' });
      if (!outcome.ok) return refused(outcome.reason);
      await putLotOnBlock(tx, target.id);
      lot = target;
      next = outcome.state;
    } else {
      if (!current || !currentState) return refused('NO_CURRENT_LOT');
      // The bidder an online or telephone bid is for: the caller online, the operator's bidder on the phone.
      const bidder =
        action.type === 'onlineBid' ? actorId : action.type === 'phoneBid' ? action.bidderId : null;
      if ((action.type === 'onlineBid' || action.type === 'phoneBid') && action.lotId !== current.id)
        return refused('WRONG_LOT');
      if (bidder) {
        // Under the sale's lock, in the bid's transaction: a consignor does not bid on their own rug.
        if (await consignedBy(tx, current.rug_id, bidder)) return refused('OWN_LOT');
        // Registered and approved, where the sale requires it (decision 090).
        const status = await unregisteredIn(tx, auctionId, bidder);
        if (status !== undefined) return refused(REGISTRATION_GATE_CODES[registrationGate(status)]);
        if (await undepositedIn(tx, current.id, bidder)) return refused('DEPOSIT_REQUIRED');
      }
      // And within their bidding limit, their row locked after the sale's (decision 090); a floor entry on a
      // registered paddle is a bid on that bidder's behalf, at the ask, as is a telephone operator's.
      const onBehalf = bidder
        ? { userId: bidder, amount: currentState.ask }
        : action.type === 'floorBid'
          ? await paddleHolder(tx, auctionId, action.paddle).then((userId) =>
              userId ? { userId, amount: currentState.ask } : null,
            )
          : null;
      if (onBehalf) {
        const limit = (await lockBidderLimits(tx, [onBehalf.userId])).get(onBehalf.userId);
        const over =
          limit && checkBiddingLimit({ ...limit, lotId: current.id, amountCents: onBehalf.amount });
        if (over) return { ok: false, refusal: { ...refusal('OVER_LIMIT'), limit: over } };
      }
      // The hammer falls only on the bids the clerk saw: one that slipped in first is shown before selling.
      if (action.type === 'sold' && action.bidCount !== currentState.bids.length) return refused('NEW_BID');
      const engineAction: LiveAction =
        action.type === 'onlineBid'
          ? { type: 'onlineBid', bidderId: actorId, ask: action.ask }
          : action.type === 'phoneBid'
            ? { type: 'phoneBid', bidderId: action.bidderId, ask: action.ask }
            : action.type === 'sold'
              ? { type: 'sold' }
              : action;
      const outcome = applyLiveAction(currentState, engineAction);
      if (!outcome.ok) return refused(outcome.reason);
      lot = current;
      next = outcome.state;
    }

    let pending: PendingNotification[] = [];
    let closed: CommittedLotChange | null = null;
    if (next.status === 'sold' || next.status === 'passed') {
      // Before anything is written: a lot the core will not close leaves the sale as it was.
      const hammered = await closeOnHammer(tx, lot, next);
      if (!hammered.ok) return hammered;
      ({ pending, closed } = hammered);
    }
    await writeLiveLot(tx, lot.id, auctionId, next);
    const numbers = bidderNumbers(next);
    const lead = next.bids.at(-1);
    await recordEvent(
      tx,
      sale,
      {
        lotId: lot.id,
        type: action.type,
        actorId,
        payload: {
          ...action,
          ask: next.ask,
          leading: lead ? bidLine(lead, numbers) : null,
          status: next.status,
        },
      },
      lot.id,
    );
    const { view, lots: after } = await viewInTx(tx, auctionId);
    const winnerId = closed?.state.outcome === 'sold' ? closed.state.winner : null;
    return { ok: true, view, lots: after, pending, winnerId, closed };
  }

  return {
    findSaleId: (ref: string) => findSaleId(db, ref),

    async view(auctionId: string, userId: string | null) {
      const { view, lots } = await viewInTx(db, auctionId);
      return {
        ...view,
        myLabel: userId ? labelOf(view, lots, userId) : null,
        hasBid: userId ? await hasBidInSale(db, auctionId, userId) : false,
      };
    },

    async staffView(auctionId: string): Promise<LiveStaffView | null> {
      const sale = await readSale(db, auctionId);
      if (!sale) return null;
      const lots = await saleLots(db, auctionId);
      const waiting = lots.filter((l) => !l.live_state && lotIsLive(l));
      const book = await absenteeBids(
        db,
        waiting.map((l) => l.id),
      );
      const current = lots.find((l) => l.id === sale.current_lot_id);
      const state = current?.live_state;
      const ids = new Set<string>();
      for (const b of state?.bids ?? []) if (b.source.kind !== 'floor') ids.add(b.source.bidderId);
      for (const a of state?.absentee ?? []) ids.add(a.bidderId);
      const [names, paddles, lines] = await Promise.all([
        bidderNames(db, [...ids]),
        salePaddles(db, auctionId),
        phoneLines(db, auctionId),
      ]);
      const online = deps.watchers(liveSaleChannel(auctionId));
      return staffView(
        sale,
        lots,
        book,
        names,
        online,
        deps.mediaBaseUrl,
        paddles,
        Object.fromEntries(lines),
      );
    },

    /** A clerk's action: the sale's new view, or why not (the route maps it with lib/http-answers.ts). */
    async clerk(auctionId: string, actorId: string, action: LiveClerkAction): Promise<Outcome<LiveSaleView>> {
      const result = await db.transaction((tx) => apply(tx, auctionId, actorId, action));
      if (!result.ok) return result;
      await announce(result);
      return { ok: true, value: result.view };
    },

    /**
     * A telephone operator's bid at the ask for the bidder on their line (issue 29 §1, decision 097): the online
     * bid's path under the sale's lock, the bidder's registration, deposit and limit checked, and the operator's entry
     * audited in the same transaction (who entered what for whom). The caller has checked the booking is theirs.
     */
    async phoneBid(
      auctionId: string,
      operatorId: string,
      bid: { lotId: string; ask: number; bidderId: string; bookingId: string; paddle: number },
    ): Promise<Outcome<LiveSaleView>> {
      const facts = await bidderFacts(db, bid.bidderId);
      if (!facts) return refused('NOT_FOUND');
      if (facts.role !== 'user') return refused('STAFF_CANNOT_BID');
      if (facts.blocked) return refused('BIDDING_BLOCKED');
      const result = await db.transaction(async (tx) => {
        const applied = await apply(tx, auctionId, operatorId, {
          type: 'phoneBid',
          lotId: bid.lotId,
          ask: bid.ask,
          bidderId: bid.bidderId,
        });
        if (applied.ok)
          await recordStaffAction(tx, {
            staffId: operatorId,
            action: 'phone_bid',
            auctionId,
            lotId: bid.lotId,
            userId: bid.bidderId,
            details: { amount: bid.ask, paddle: bid.paddle, bookingId: bid.bookingId },
          });
        return applied;
      });
      if (!result.ok) return result;
      await announce(result);
      return { ok: true, value: result.view };
    },

    /**
     * A change beside the bidding that the clerk and the operators must see at once (a telephone line made ready or
     * handed to another operator): `write` runs under the sale's lock, the change goes into the live log and bumps
     * the sale's seq, and the new view is announced, so every console following the sale refetches.
     */
    async aside<T>(
      auctionId: string,
      actorId: string,
      write: (tx: Db) => Promise<T>,
      event: (written: T) => { type: string; lotId: string | null; payload: Record<string, unknown> },
    ): Promise<T> {
      const { value, applied } = await db.transaction(async (tx) => {
        const sale = await lockSale(tx, auctionId);
        const written = await write(tx);
        if (!sale) return { value: written, applied: null };
        await recordEvent(tx, sale, { ...event(written), actorId }, sale.current_lot_id);
        const { view, lots } = await viewInTx(tx, auctionId);
        const done: Applied = { ok: true, view, lots, pending: [], winnerId: null, closed: null };
        return { value: written, applied: done };
      });
      if (applied) await announce(applied);
      return value;
    },

    /**
     * An online bid at the ask. With an Idempotency-Key the first answer is stored in the same transaction, so a
     * retry (a double tap, a lost response) replays it instead of bidding again.
     */
    async onlineBid(
      auctionId: string,
      userId: string,
      bid: { lotId: string; ask: number },
      idempotency: KeyedRequest<LiveBidOutcome> | null,
    ): Promise<LiveBidOutcome> {
      const facts = await bidderFacts(db, userId);
      if (!facts) return { kind: 'refused', refusal: refusal('SIGNED_OUT') };
      if (facts.role !== 'user') return { kind: 'refused', refusal: refusal('STAFF_CANNOT_BID') };
      if (facts.blocked) return { kind: 'refused', refusal: refusal('BIDDING_BLOCKED') };
      const outcome = await db.transaction(async (tx) => {
        if (idempotency) {
          // Read under the sale's lock (re-taken by apply in the same transaction): two tries of one key never
          // both bid, the second replays the first one's answer.
          await lockSale(tx, auctionId);
          const stored = await findStoredKey(tx, userId, idempotency.key);
          if (stored) return { result: null, outcome: replayOf(stored, idempotency.hash) };
        }
        const result = await apply(tx, auctionId, userId, { type: 'onlineBid', ...bid });
        const outcome: LiveBidOutcome = result.ok
          ? { kind: 'accepted', view: result.view, label: labelOf(result.view, result.lots, userId) ?? '' }
          : { kind: 'refused', refusal: result.refusal };
        if (idempotency) await storeKey(tx, userId, idempotency, idempotency.answer(outcome));
        return { result, outcome };
      });
      if (outcome.result?.ok) await announce(outcome.result);
      return outcome.outcome;
    },
  };
}

export type LiveSalesService = ReturnType<typeof createLiveSalesService>;
