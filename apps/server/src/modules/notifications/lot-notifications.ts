import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num, numOrNull } from '../../db/raw.ts';
import { notificationMessages } from './messages.ts';
import { notifyAll, type NotificationInput, type PendingNotification } from './notifier.ts';
import type { LotSubject } from './messages.ts';
import { bidMaxAmount, loadLotSubjects, rugWatcherIds } from './repository.ts';

/**
 * A committed-to-be lot change as the bidding core's helpers describe it (lot-actions.ts CommittedLotChange, the
 * bid service's batch result): what the engine emitted and the state it left.
 */
export interface NotifiableLotChange {
  row: { id: string; buyers_premium_pct: string | number };
  state: LotState;
  events: readonly LotEvent[];
  /** The order the change created (lot sold), as orders/repository.ts returns it. */
  order: {
    id: string;
    user_id: string;
    hammer_price: string | number | null;
    buyers_premium: string | number;
    item_price: string | number;
    due_ms: string | number;
  } | null;
}

/**
 * Lot subjects (lot number, rug title, sale title) kept per process for a short while: on lots with many bidders
 * every outbid notice needs them, and reading them was a round trip per notice (issue 10). A title edited by staff
 * reaches new notices within the TTL.
 */
const SUBJECT_TTL_MS = 30_000;
const SUBJECT_CACHE_MAX = 10_000;
const subjects = new Map<string, { until: number; subject: LotSubject }>();

export async function cachedLotSubject(db: Db, lotId: string): Promise<LotSubject | null> {
  return (await cachedLotSubjects(db, [lotId])).get(lotId) ?? null;
}

/**
 * Several lots' subjects: those not cached read in one query (the outbid worker's batch spans up to 200 lots; one
 * query each was a round trip and a plan per lot, measured at a third of the notices' database time over 1,000
 * lots). A lot that is gone is absent from the answer.
 */
export async function cachedLotSubjects(db: Db, lotIds: readonly string[]): Promise<Map<string, LotSubject>> {
  const now = performance.now();
  const found = new Map<string, LotSubject>();
  const missing: string[] = [];
  for (const lotId of new Set(lotIds)) {
    const hit = subjects.get(lotId);
    if (hit && hit.until > now) found.set(lotId, hit.subject);
    else missing.push(lotId);
  }
  if (missing.length === 0) return found;
  for (const [lotId, subject] of await loadLotSubjects(db, missing)) {
    if (subjects.size >= SUBJECT_CACHE_MAX) subjects.delete(subjects.keys().next().value!);
    subjects.delete(lotId);
    subjects.set(lotId, { until: now + SUBJECT_TTL_MS, subject });
    found.set(lotId, subject);
  }
  return found;
}

/**
 * The notifications a lot change causes, written in the caller's transaction `tx` (call it after the change is
 * written, before commit; hand the result to `deliverNotifications` after commit):
 * - an opening: `watched_lot_open` to everyone who likes the rug;
 * - a bid that takes the lead: `outbid` to the previous leader (unless they lead again by the end of the batch);
 * - a close: `won` + `order_created` to the winner, `lost` to the other bidders; unsold: `unsold` to every bidder;
 * - buy now: `order_created` to the buyer, `lost` to any bidder;
 * - a withdrawal: `lot_withdrawn` to every bidder;
 * - a void: `bid_voided` to the bidder whose bid was voided.
 */
export async function notifyLotChange(
  tx: Db,
  change: NotifiableLotChange,
  options: {
    currency: string;
    /**
     * 'outbox': the caller wrote the outbid notices to the outbox with the bids (decision 098), a worker sends them;
     * only the other notices are written here. Default 'here' (the lot changes that are not bids).
     */
    outbid?: 'here' | 'outbox';
  },
): Promise<PendingNotification[]> {
  const wanted: { userId: string; input: NotificationInput }[] = [];
  const { state, events } = change;
  const outbidHere = options.outbid !== 'outbox';
  const interesting = events.some(
    (e) =>
      ['lot_opened', 'lot_closed', 'lot_withdrawn', 'bid_voided'].includes(e.type) ||
      (outbidHere && e.type === 'outbid'),
  );
  if (!interesting) return [];
  const subject = await cachedLotSubject(tx, change.row.id);
  if (!subject) return [];
  const { currency } = options;
  const bidders = state.maxima.map((m) => m.bidderId);

  for (const event of events) {
    switch (event.type) {
      case 'lot_opened': {
        // Whoever opens the lot (the job, or the first bid that reaches a due lot) tells its watchers.
        const watchers = await rugWatcherIds(tx, subject.rugId);
        const input = notificationMessages.watchedLotOpen(subject, new Date(state.endsAt));
        for (const userId of watchers) wanted.push({ userId, input });
        break;
      }
      case 'outbid':
        if (outbidHere && event.previousLeader !== state.leader) {
          wanted.push({
            userId: event.previousLeader,
            input: notificationMessages.outbid(subject, event.amount, currency),
          });
        }
        break;
      case 'lot_closed':
        if (event.outcome === 'sold' && event.winner) {
          const order = change.order;
          if (order && !event.boughtNow) {
            const summary = {
              orderId: order.id,
              hammer: num(order.hammer_price),
              premium: num(order.buyers_premium),
              premiumPct: num(change.row.buyers_premium_pct),
              total: num(order.item_price),
              dueAt: new Date(num(order.due_ms)),
            };
            wanted.push({
              userId: event.winner,
              input: notificationMessages.won(subject, summary, currency),
            });
            wanted.push({
              userId: event.winner,
              input: notificationMessages.orderCreated(subject, summary, currency),
            });
          } else if (order) {
            wanted.push({
              userId: event.winner,
              input: notificationMessages.boughtNow(
                subject,
                {
                  orderId: order.id,
                  total: num(order.item_price),
                  dueAt: new Date(num(order.due_ms)),
                },
                currency,
              ),
            });
          }
          const price = event.hammer ?? numOrNull(order?.item_price) ?? 0;
          for (const bidder of bidders) {
            if (bidder !== event.winner)
              wanted.push({ userId: bidder, input: notificationMessages.lost(subject, price, currency) });
          }
        } else {
          const reserveNotMet = state.leader !== null && state.reserveMet === false;
          for (const bidder of bidders)
            wanted.push({ userId: bidder, input: notificationMessages.unsold(subject, reserveNotMet) });
        }
        break;
      case 'lot_withdrawn':
        for (const bidder of bidders)
          wanted.push({ userId: bidder, input: notificationMessages.lotWithdrawn(subject) });
        break;
      case 'bid_voided': {
        const amount = (await bidMaxAmount(tx, event.bidId)) ?? 0;
        wanted.push({
          userId: event.bidderId,
          input: notificationMessages.bidVoided(subject, amount, currency),
        });
        break;
      }
      default:
        break;
    }
  }

  return notifyAll(tx, wanted);
}
