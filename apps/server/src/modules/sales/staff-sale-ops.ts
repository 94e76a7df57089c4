import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import { adminSaleMessages as m } from '@knotwork/shared/schemas/sale-building-staff';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import {
  createAdminAuctionRepository,
  deleteAuction,
  lockSaleLotIds,
  renumberLots,
  setSaleStatus,
} from './staff-repository.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { toAdminAuction } from './staff-mappers.ts';
import { assertSaleMove } from './sale-move-guard.ts';

/**
 * Publishing, unpublishing, deleting and renumbering a sale (decisions 037, 074). A draft sale is hidden from
 * visitors (every public read filters `status <> 'draft'`) and never opens by itself; publishing makes it
 * `scheduled`. What is allowed when is the shared sale-moves table, checked under the sale's row lock.
 */
export function createAdminSaleOps(db: Db) {
  const repo = createAdminAuctionRepository(db);

  async function locked(tx: Db, id: string) {
    const sale = await repo.find(tx, id, true);
    if (!sale) throw notFound(adminMessages.auctionNotFound);
    return sale;
  }

  return {
    async publish(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        assertSaleMove(await locked(tx, id), 'publish');
        await setSaleStatus(tx, id, 'scheduled');
        await recordStaffAction(tx, { staffId, action: 'publish_auction', auctionId: id });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    async unpublish(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        assertSaleMove(await locked(tx, id), 'unpublish');
        await setSaleStatus(tx, id, 'draft');
        await recordStaffAction(tx, { staffId, action: 'unpublish_auction', auctionId: id });
        return toAdminAuction((await repo.find(tx, id))!);
      });
    },

    /**
     * Deletes a draft and its lots for good (their rugs become free for another sale). The audit row keeps the
     * title and slug: its sale reference is cleared with the sale.
     */
    async remove(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        const sale = await locked(tx, id);
        assertSaleMove(sale, 'delete');
        await recordStaffAction(tx, {
          staffId,
          action: 'delete_auction',
          auctionId: id,
          details: { title: sale.title, slug: sale.slug, lots: Number(sale.lot_count) },
        });
        await deleteAuction(tx, id);
        return { id };
      });
    },

    /**
     * Lot numbers 1..n in the order given (every lot of the sale, or a 400), then every lot's end follows its new
     * number (`end of lot 1 + (n - 1) * stagger`).
     */
    async renumber(staffId: string, id: string, lotIds: string[]) {
      return db.transaction(async (tx) => {
        assertSaleMove(await locked(tx, id), 'editLots');
        const lots = await lockSaleLotIds(tx, id);
        const known = new Set(lots);
        if (lots.length !== lotIds.length || !lotIds.every((l) => known.has(l))) {
          throw badRequest(m.lotOrderIncomplete, { errors: { lotIds: m.lotOrderIncomplete } });
        }
        await renumberLots(tx, id, lotIds);
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
