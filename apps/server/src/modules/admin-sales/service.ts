import { sql } from 'drizzle-orm';
import { adminMessages } from '@knotwork/shared/schemas/admin';
import { adminSaleMessages as m } from '@knotwork/shared/schemas/admin-sales';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { createAdminAuctionRepository, recordStaffAction } from '../admin/auction-repository.ts';
import { toAdminAuction } from '../admin/mappers.ts';

/**
 * Publishing and renumbering a sale (decision 037). A draft sale is hidden from visitors (every public read
 * filters `status <> 'draft'`); publishing makes it `scheduled`. Both directions and the renumbering are only
 * possible while the sale has not started (the same `editable` rule as its schedule), so nothing a bidder has
 * seen or bid on changes under them.
 */
export function createAdminSaleOps(db: Db) {
  const repo = createAdminAuctionRepository(db);

  async function lockedEditable(tx: Db, id: string) {
    const sale = await repo.find(tx, id, true);
    if (!sale) throw notFound(adminMessages.auctionNotFound);
    return sale;
  }

  return {
    async publish(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        const sale = await lockedEditable(tx, id);
        if (sale.status !== 'draft') throw conflict(m.notDraft, { code: 'NOT_DRAFT' });
        if (!sale.editable) throw conflict(m.startsInPast, { code: 'AUCTION_STARTED' });
        const live = await rows<{ n: number | string }>(
          tx,
          sql`select count(*) as n from lots where auction_id = ${id}::uuid and status <> 'withdrawn'`,
        );
        if (Number(live[0]?.n ?? 0) === 0) throw conflict(m.noLots, { code: 'NO_LOTS' });
        await tx.execute(
          sql`update auctions set status = 'scheduled', updated_at = clock_timestamp() where id = ${id}::uuid`,
        );
        await recordStaffAction(tx, { staffId, action: 'publish_auction', auctionId: id });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    async unpublish(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        const sale = await lockedEditable(tx, id);
        if (sale.status !== 'scheduled' || !sale.editable) {
          throw conflict(m.notScheduled, { code: 'NOT_SCHEDULED' });
        }
        await tx.execute(
          sql`update auctions set status = 'draft', updated_at = clock_timestamp() where id = ${id}::uuid`,
        );
        await recordStaffAction(tx, { staffId, action: 'unpublish_auction', auctionId: id });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    /**
     * Lot numbers 1..n in the order given, then every lot's end follows its new number (`end of lot 1 +
     * (n - 1) * stagger`). Two statements because the (sale, lot number) index is unique: the numbers first
     * move out of the way, then take their places.
     */
    async renumber(staffId: string, id: string, lotIds: string[]) {
      return db.transaction(async (tx) => {
        const sale = await lockedEditable(tx, id);
        if (!sale.editable) throw conflict(adminMessages.auctionStarted, { code: 'AUCTION_STARTED' });
        const lots = await rows<{ id: string }>(
          tx,
          sql`select id from lots where auction_id = ${id}::uuid for update`,
        );
        const known = new Set(lots.map((l) => l.id));
        if (lots.length !== lotIds.length || !lotIds.every((l) => known.has(l))) {
          throw badRequest(m.lotOrderIncomplete, { errors: { lotIds: m.lotOrderIncomplete } });
        }
        await tx.execute(
          sql`update lots set lot_number = lot_number + 1000000 where auction_id = ${id}::uuid`,
        );
        await tx.execute(sql`update lots l set lot_number = o.n::int, updated_at = clock_timestamp()
            from unnest(${sql.param(lotIds)}::uuid[]) with ordinality as o(id, n)
            where l.id = o.id and l.auction_id = ${id}::uuid`);
        await repo.rescheduleLots(tx, id);
        await recordStaffAction(tx, {
          staffId,
          action: 'renumber_lots',
          auctionId: id,
          details: { lots: lotIds.length },
        });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },
  };
}
