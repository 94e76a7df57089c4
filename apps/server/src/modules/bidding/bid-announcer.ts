import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { publishLotChange } from '../lots/lot-events.ts';
import type { DeliverNotifications } from '../notifications/notifier.ts';
import type { CommittedBids } from './bid-transaction.ts';

/**
 * After commit: a batch's live events and notifications, neither of which can fail the bids. Not awaited by the
 * batch runner (the lot's next batch must not wait for Web Push round trips to other bidders, up to 10 s); `drain`
 * lets a shutdown wait for the ones still running before the database and the bus close.
 */
export function createBidAnnouncer({
  db,
  currency,
  bus,
  log,
  deliver,
}: {
  db: Db;
  currency: string;
  bus: EventBus;
  log: FastifyBaseLogger;
  deliver: DeliverNotifications;
}) {
  const running = new Set<Promise<void>>();
  const logError = (err: unknown) => log.error({ err }, 'publishing a lot change failed');

  async function announce(committed: CommittedBids) {
    await publishLotChange(bus, committed, logError);
    // The fast path's one statement wrote no notices: write them now, once for the batch, as the locked path
    // does in its transaction (the whole batch's events and final state: no outbid notice to a bidder who leads
    // again by the end of it). No transaction: for bids the notices are one statement (notifyAll), atomic alone.
    const pending = committed.notifyAfterCommit
      ? await notifyLotChange(db, { ...committed, order: null }, { currency })
      : committed.pending;
    // deliver never throws; the catch guards the bid queue against a future change that would.
    await deliver(pending).catch(logError);
  }

  return {
    announce(committed: CommittedBids): void {
      const done: Promise<void> = announce(committed)
        .catch((err: unknown) => log.error({ err }, 'announcing a lot change failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
