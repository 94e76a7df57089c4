import { apiMessages } from '@knotwork/shared/messages/api';
import type { Auction, AuctionListQuery, LotListQuery, LotWithRug } from '@knotwork/shared/schemas/sales';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { toApiImage } from '../media/index.ts';
import type { RugService } from '../catalogue/rug-service.ts';
import { withCallerFields } from '../lots/caller-fields.ts';
import { toApiAuction } from './auction-mapper.ts';
import { toApiLot } from '../lots/lot-mapper.ts';
import { createSalesRepository, type AuctionJoinedRow, type LotJoinedRow } from './repository.ts';
import { pageMeta } from '../../lib/paging.ts';

export function createSalesService({
  db,
  rugs,
  mediaBaseUrl,
}: {
  db: Db;
  rugs: RugService;
  mediaBaseUrl: string;
}) {
  const repo = createSalesRepository(db);

  const auction = (row: AuctionJoinedRow, now: Date): Auction =>
    toApiAuction(
      row,
      now,
      row.cover ? toApiImage(row.cover, { baseUrl: mediaBaseUrl, alt: row.title }) : null,
    );

  /** Lots with their rug's listing card (without the card's own copy of the lot). */
  async function withRugs(lots: LotJoinedRow[], now: Date, viewerId?: string): Promise<LotWithRug[]> {
    const cards = await rugs.summariesByIds([...new Set(lots.map((l) => l.rug_id))], now);
    const shown = lots.flatMap((l) => {
      const card = cards.get(l.rug_id);
      // A lot whose rug was unpublished (draft/withdrawn) is not shown.
      if (!card) return [];
      const { lot: _lot, ...rug } = card;
      return [{ ...toApiLot(l, now), rug }];
    });
    // A signed-in caller also sees their own standing (leading, myMaxBid, liked) on each lot.
    return withCallerFields(db, viewerId, shown);
  }

  return {
    async listAuctions(query: AuctionListQuery, now = new Date()) {
      const { rows, total } = await repo.listAuctions(query, now);
      return { data: rows.map((r) => auction(r, now)), meta: pageMeta(query, total) };
    },

    async auctionDetail(idOrSlug: string, now = new Date(), viewerId?: string) {
      const row = await repo.findAuction(idOrSlug);
      if (!row) throw notFound(apiMessages.notFound);
      const lots = await withRugs(await repo.lotsOfAuction(row.id), now, viewerId);
      return { data: { ...auction(row, now), lots } };
    },

    async openLots(query: LotListQuery, now = new Date(), viewerId?: string) {
      let auctionId: string | undefined;
      if (query.auction) {
        const found = await repo.findAuction(query.auction);
        if (!found) throw notFound(apiMessages.notFound);
        auctionId = found.id;
      }
      const { rows, total } = await repo.openLots(now, query.page, query.pageSize, auctionId);
      return { data: await withRugs(rows, now, viewerId), meta: pageMeta(query, total) };
    },
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
