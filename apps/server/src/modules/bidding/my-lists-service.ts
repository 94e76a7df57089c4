import type { MyBid, MyBiddingLimit, MyListQuery, WonLot } from '@knotwork/shared/schemas/bidding';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import type { PagedMeta } from '@knotwork/shared/schemas/common';
import type { Db } from '../../db/client.ts';
import type { RugService } from '../catalogue/rug-service.ts';
import { isoFromMs, num } from '../../db/raw.ts';
import { ordersForLots, toApiOrder } from '../commerce/orders/order-repository.ts';
import { toApiLot } from '../lots/lot-mapper.ts';
import { createLotReads } from '../lots/lot-read-repository.ts';
import { callerFieldsForLots } from '../lots/caller-fields.ts';
import { createMyListsRepository } from './my-lists-repository.ts';
import { readBidderLimit } from '../lots/bidder-limit-repository.ts';
import { pageMeta } from '../../lib/paging.ts';

/** My Items: my bids (one row per lot), lots I won with their order, and my liked rugs. */
export function createMyListsService({ db, rugs }: { db: Db; rugs: RugService }) {
  const repo = createMyListsRepository(db);
  const lotReads = createLotReads(db);

  /** Lots by id with their rug card and the caller's fields: four batched queries, whatever the page size. */
  async function lotsWithRugs(userId: string, ids: string[], now: Date): Promise<Map<string, LotWithRug>> {
    const lots = await lotReads.lotsByIds(ids);
    const [cards, fields] = await Promise.all([
      rugs.summariesByIds([...new Set(lots.map((l) => l.rug_id))], now),
      callerFieldsForLots(db, userId, ids),
    ]);
    const out = new Map<string, LotWithRug>();
    for (const l of lots) {
      const card = cards.get(l.rug_id);
      if (!card) continue;
      const { lot: _lot, ...rug } = card;
      out.set(l.id, { ...toApiLot(l, now), ...(fields.get(l.id) ?? {}), rug });
    }
    return out;
  }

  return {
    async myBids(
      userId: string,
      q: MyListQuery,
      now = new Date(),
    ): Promise<{ data: MyBid[]; meta: PagedMeta }> {
      const { rows, total } = await repo.bidLots(userId, q.page, q.pageSize);
      const lots = await lotsWithRugs(
        userId,
        rows.map((r) => r.lot_id),
        now,
      );
      const data = rows.flatMap((r): MyBid[] => {
        const lot = lots.get(r.lot_id);
        if (!lot) return [];
        const won = lot.status === 'closed' && lot.outcome === 'sold' && r.won;
        const state: MyBid['state'] =
          lot.status === 'closed' || lot.status === 'withdrawn'
            ? won
              ? 'won'
              : 'lost'
            : lot.leading
              ? 'leading'
              : 'outbid';
        return [
          {
            state,
            myMaxBid: num(r.my_max),
            currentBid: lot.currentBid,
            lastBidAt: isoFromMs(r.last_ms),
            lot,
          },
        ];
      });
      return { data, meta: pageMeta(q, total) };
    },

    async wonLots(
      userId: string,
      q: MyListQuery,
      now = new Date(),
    ): Promise<{ data: WonLot[]; meta: PagedMeta }> {
      const { ids, total } = await repo.wonLots(userId, q.page, q.pageSize);
      const [lots, orders] = await Promise.all([lotsWithRugs(userId, ids, now), ordersForLots(db, ids)]);
      const data = ids.flatMap((id): WonLot[] => {
        const lot = lots.get(id);
        if (!lot) return [];
        const order = orders.get(id);
        return [{ lot, order: order && order.user_id === userId ? toApiOrder(order) : null }];
      });
      return { data, meta: pageMeta(q, total) };
    },

    /** The caller's bidding limit (decision 090) and what is left of it; staff's note stays with staff. */
    async myLimit(userId: string): Promise<MyBiddingLimit> {
      const row = await readBidderLimit(db, userId);
      const limitCents = row.limit_cents === null ? null : num(row.limit_cents);
      const exposureCents = num(row.exposure);
      return {
        limitCents,
        exposureCents,
        availableCents: limitCents === null ? null : Math.max(0, limitCents - exposureCents),
      };
    },

    async likedRugs(
      userId: string,
      q: MyListQuery,
      now = new Date(),
    ): Promise<{ data: RugSummary[]; meta: PagedMeta }> {
      const { ids, total } = await repo.likedRugs(userId, q.page, q.pageSize);
      const cards = await rugs.summariesByIds(ids, now);
      const lotIds = [...cards.values()].flatMap((c) => (c.lot ? [c.lot.id] : []));
      const fields = await callerFieldsForLots(db, userId, lotIds);
      const data = ids.flatMap((id): RugSummary[] => {
        const card = cards.get(id);
        if (!card) return [];
        return [card.lot ? { ...card, lot: { ...card.lot, ...(fields.get(card.lot.id) ?? {}) } } : card];
      });
      return { data, meta: pageMeta(q, total) };
    },
  };
}
