import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Refusal } from '@knotwork/shared/bidding/refusals';
import { adminMessages as m, type AdminLot } from '@knotwork/shared/schemas/admin';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { rows } from '../../db/raw.ts';
import { announceLotChange, applyLotAction, type CommittedLotChange } from '../lots/lot-actions.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { DeliverNotifications, PendingNotification } from '../notifications/notifier.ts';
import { createAdminAuctionRepository, recordStaffAction } from './auction-repository.ts';
import { toAdminLot } from './mappers.ts';

export interface LotCorrectionDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  currency: string;
  deliver: DeliverNotifications;
}

/** The engine's refusal as a staff-facing 4xx: the lot's state forbids it (409), or the bid is not there (404). */
function refusalError(refusal: Refusal) {
  if (refusal.code === 'BID_NOT_FOUND') return notFound(m.bidNotFound);
  return conflict(refusal.message, { code: refusal.code });
}

/**
 * Staff corrections of a lot, through the bidding core's `applyLotAction` (the lot's row lock, the engine, the
 * event log and the live updates are the same as for a bid): withdrawing a lot (its bidders are told) and
 * voiding a bid (the lot is recomputed by replaying the remaining bids; the bidder is told). Each is recorded
 * with who did it and why, in the same transaction.
 */
export function createLotCorrections(deps: LotCorrectionDeps) {
  const repo = createAdminAuctionRepository(deps.db);

  async function run(
    lotId: string,
    input: { type: 'withdraw' } | { type: 'void'; bidId: string },
    record: (tx: Db) => Promise<void>,
  ): Promise<AdminLot> {
    const { change, pending, lot } = await deps.db.transaction(async (tx) => {
      const result = await applyLotAction(tx, lotId, input, deps);
      if (!result.ok) throw result.row ? refusalError(result.refusal) : notFound(m.lotNotFound);
      const pending: PendingNotification[] = await notifyLotChange(tx, result.committed, {
        currency: deps.currency,
      });
      await record(tx);
      return {
        change: result.committed as CommittedLotChange,
        pending,
        lot: (await repo.findLot(tx, result.committed.row.id))!,
      };
    });
    await announceLotChange(deps, change);
    await deps.deliver(pending);
    return toAdminLot(lot);
  }

  return {
    async withdraw(staffId: string, lotId: string, reason: string | undefined): Promise<AdminLot> {
      return run(lotId, { type: 'withdraw' }, (tx) =>
        recordStaffAction(tx, { staffId, action: 'withdraw_lot', lotId, reason: reason ?? null }),
      );
    },

    async voidBid(staffId: string, bidId: string, reason: string): Promise<AdminLot> {
      const [bid] = await rows<{ lot_id: string; status: string }>(
        deps.db,
        sql`select lot_id, status from bids where id = ${bidId}::uuid`,
      );
      if (!bid) throw notFound(m.bidNotFound);
      if (bid.status === 'voided') throw conflict(m.bidAlreadyVoided, { code: 'BID_ALREADY_VOIDED' });
      return run(bid.lot_id, { type: 'void', bidId }, async (tx) => {
        await tx.execute(
          sql`update bids set voided_by = ${staffId}::uuid, void_reason = ${reason} where id = ${bidId}::uuid`,
        );
        await recordStaffAction(tx, { staffId, action: 'void_bid', lotId: bid.lot_id, bidId, reason });
      });
    },
  };
}
export type LotCorrections = ReturnType<typeof createLotCorrections>;
