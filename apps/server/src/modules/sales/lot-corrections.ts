import type { FastifyBaseLogger } from 'fastify';
import { refusal, type DomainRefusal, type Outcome } from '@knotwork/shared/bidding/outcomes';
import { adminMessages as m, type AdminLot } from '@knotwork/shared/schemas/sales-staff';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { announceLotChange, applyLotAction } from '../lots/lot-actions.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { DeliverNotifications, PendingNotification } from '../notifications/notifier.ts';
import { createAdminAuctionRepository } from './staff-repository.ts';
import { bidLotAndStatus, recordBidVoider } from './bid-history-repository.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { toAdminLot } from './staff-mappers.ts';

export interface LotCorrectionDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  currency: string;
  deliver: DeliverNotifications;
}

/** The engine's refusal as staff read it: a bid that is not there is named as such, like a missing lot. */
function staffRefusal(refused: DomainRefusal): DomainRefusal {
  return refused.code === 'BID_NOT_FOUND' ? { code: 'BID_NOT_FOUND', message: m.bidNotFound } : refused;
}

/**
 * Staff corrections of a lot, through the bidding core's `applyLotAction` (the lot's row lock, the engine, the
 * event log and the live updates are the same as for a bid): withdrawing a lot (its bidders are told) and
 * voiding a bid (the lot is recomputed by replaying the remaining bids; the bidder is told). Each is recorded
 * with who did it and why, in the same transaction. Each answers an outcome; the route maps a refusal to HTTP
 * with lib/http-answers.ts.
 */
export function createLotCorrections(deps: LotCorrectionDeps) {
  const repo = createAdminAuctionRepository(deps.db);

  async function run(
    lotId: string,
    input: { type: 'withdraw' } | { type: 'void'; bidId: string },
    record: (tx: Db) => Promise<void>,
  ): Promise<Outcome<AdminLot>> {
    const done = await deps.db.transaction(async (tx) => {
      const result = await applyLotAction(tx, lotId, input, deps);
      if (!result.ok) {
        return {
          ok: false as const,
          refusal: result.row ? staffRefusal(result.refusal) : refusal('NOT_FOUND', m.lotNotFound),
        };
      }
      const pending: PendingNotification[] = await notifyLotChange(tx, result.committed, {
        currency: deps.currency,
      });
      await record(tx);
      return {
        ok: true as const,
        change: result.committed,
        pending,
        lot: (await repo.findLot(tx, result.committed.row.id))!,
      };
    });
    if (!done.ok) return done;
    await announceLotChange(deps, done.change);
    await deps.deliver(done.pending);
    return { ok: true, value: toAdminLot(done.lot) };
  }

  return {
    async withdraw(staffId: string, lotId: string, reason: string | undefined): Promise<Outcome<AdminLot>> {
      return run(lotId, { type: 'withdraw' }, (tx) =>
        recordStaffAction(tx, { staffId, action: 'withdraw_lot', lotId, reason: reason ?? null }),
      );
    },

    async voidBid(staffId: string, bidId: string, reason: string): Promise<Outcome<AdminLot>> {
      const bid = await bidLotAndStatus(deps.db, bidId);
      if (!bid) return { ok: false, refusal: refusal('NOT_FOUND', m.bidNotFound) };
      if (bid.status === 'voided') return { ok: false, refusal: refusal('BID_ALREADY_VOIDED') };
      return run(bid.lot_id, { type: 'void', bidId }, async (tx) => {
        await recordBidVoider(tx, bidId, staffId, reason);
        await recordStaffAction(tx, { staffId, action: 'void_bid', lotId: bid.lot_id, bidId, reason });
      });
    },
  };
}
export type LotCorrections = ReturnType<typeof createLotCorrections>;
