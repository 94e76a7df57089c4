import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../realtime/bus.ts';
import { publishLotChange } from '../lots/lot-events.ts';
import type { DeliverNotifications } from '../notifications/notifier.ts';
import type { OutbidNotices } from '../notifications/outbid-notices.ts';
import type { CommittedBids } from './bid-transaction.ts';

/**
 * After commit: a batch's live events and notifications, neither of which can fail the bids. Not awaited by the
 * batch runner (the lot's next batch must not wait for Web Push round trips to other bidders, up to 10 s); `drain`
 * lets a shutdown wait for the ones still running before the database and the bus close.
 *
 * Outbid notices are not announced here: the bid wrote them to the outbox, and this only hands them to the worker
 * that sends them (notifications/outbid-notices.ts, decisions 098 and 101), so a process killed now loses none.
 */
export function createBidAnnouncer({
  bus,
  log,
  deliver,
  outbidNotices,
}: {
  bus: EventBus;
  log: FastifyBaseLogger;
  deliver: DeliverNotifications;
  outbidNotices: Pick<OutbidNotices, 'take' | 'nudge' | 'drain'>;
}) {
  const running = new Set<Promise<void>>();
  const logError = (err: unknown) => log.error({ err }, 'publishing a lot change failed');

  async function announce(committed: CommittedBids) {
    // Before the live events: the outbid bidder's notice must not wait for the lot's fan-out. Rows the statement
    // claimed for this process go to its worker as they are; unclaimed ones are claimed by it (decision 101).
    const { rows, claimed } = committed.outbox;
    if (rows.length > 0 && claimed) outbidNotices.take(rows);
    else if (rows.length > 0) outbidNotices.nudge();
    await publishLotChange(bus, committed, logError);
    // deliver never throws; the catch guards the bid queue against a future change that would.
    await deliver(committed.pending).catch(logError);
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
      await outbidNotices.drain();
    },
  };
}
