import { bidderNumbersInState } from '@knotwork/shared/bidding/pseudonyms';
import { adminMessages as m, type AdminBid } from '@knotwork/shared/schemas/sales-staff';
import type { z } from 'zod';
import type { adminHistoryLineSchema } from '@knotwork/shared/schemas/sales-staff';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { isoFromMs, isoOrNullFromMs, num } from '../../db/raw.ts';
import { bidLineRows, lotEngineState, staffBidRows } from './bid-history-repository.ts';
import { createAdminAuctionRepository } from './staff-repository.ts';
import { toAdminLot } from './staff-mappers.ts';

type HistoryLine = z.infer<typeof adminHistoryLineSchema>;

/**
 * Everything staff need to judge a lot: every stored bid with the bidder's name, e-mail and maximum (voided ones
 * with who voided them and why), and the public history lines with the real bidder behind each pseudonym.
 */
export function createBidHistory(db: Db) {
  const repo = createAdminAuctionRepository(db);
  return async function bidHistory(lotId: string) {
    const lot = await repo.findLot(db, lotId);
    if (!lot) throw notFound(m.lotNotFound);
    const [bids, lines, state] = await Promise.all([
      staffBidRows(db, lotId),
      bidLineRows(db, lotId),
      lotEngineState(db, lotId),
    ]);
    const numbers = bidderNumbersInState({ maxima: state?.maxima ?? [] });
    const pseudonym = (bidderId: string) => numbers.get(bidderId) ?? null;
    const data: AdminBid[] = bids.map((b) => ({
      id: b.id,
      bidder: { id: b.bidder_id, name: b.bidder_name, email: b.bidder_email },
      pseudonym: pseudonym(b.bidder_id),
      maxAmount: num(b.max_amount),
      status: b.status,
      createdAt: isoFromMs(b.created_ms),
      voidedAt: isoOrNullFromMs(b.voided_ms),
      voidedBy: b.voided_by_id
        ? { id: b.voided_by_id, name: b.voided_by_name ?? '', email: b.voided_by_email ?? '' }
        : null,
      voidReason: b.void_reason,
    }));
    const history: HistoryLine[] = lines.map((l) => ({
      seq: num(l.seq),
      bidId: l.payload.bidId ?? null,
      bidder: l.payload.bidderId
        ? { id: l.payload.bidderId, name: l.bidder_name ?? '', email: l.bidder_email ?? '' }
        : null,
      amount: num(l.payload.amount ?? 0),
      automatic: l.payload.automatic === true,
      superseded: l.superseded,
      at: isoFromMs(l.payload.at ?? 0),
    }));
    return { lot: toAdminLot(lot), bids: data, history };
  };
}
