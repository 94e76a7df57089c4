import { webPaths } from '@knotwork/shared/constants/web-paths';
import {
  consignmentTermsOverrideSchema,
  resolveTerms,
  type LotTerms,
} from '@knotwork/shared/consignments/terms';
import { saleMoveRefusal } from '@knotwork/shared/sales/sale-moves';
import type { AdminLotCreate } from '@knotwork/shared/schemas/sales-staff';
import { consignorPortalMessages } from '@knotwork/shared/schemas/consignor-portal';
import { adminConsignorMessages, OPEN_ITEM_STATUSES } from '@knotwork/shared/schemas/consignors-staff';
import {
  REOFFER_TERMS_VERSION,
  reofferMessages as m,
  type AdminReofferCreate,
  type AdminReofferItem,
  type PortalReoffer,
  type ReofferStatus,
} from '@knotwork/shared/schemas/consignment-reoffers';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { createAdminRugRepository } from '../catalogue/rug-staff-repository.ts';
import { consignorReofferMail } from '../mail/consignor-reoffer-mail.ts';
import { createAdviceRepository } from './advice-repository.ts';
import type { ConsignorMailDeps } from './advice-service.ts';
import { createPortalRepository } from './portal-repository.ts';
import { createConsignorRepository } from './repository.ts';
import { createReofferRepository, type ItemLotRow, type ReofferRow } from './reoffer-repository.ts';
import { defaultOpeningBid, lotOutcomeOf, unsoldLotOf } from './reoffer-rules.ts';

/** Refusals of the lot path that leave an accepted re-offer for staff to enter by hand rather than refuse it. */
const LEAVE_FOR_STAFF = new Set(['RUG_IN_LOT', 'RUG_NOT_AVAILABLE', 'LOT_NUMBER_TAKEN']);

/** Why a proposal can no longer be answered, in words for whoever asks. */
const DECIDED: Record<Exclude<ReofferStatus, 'pending'>, string> = {
  accepted: m.reofferAlreadyAccepted,
  declined: m.reofferDeclined,
  withdrawn: m.reofferWithdrawn,
  superseded: m.reofferSuperseded,
};

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function reofferFields(p: ReofferRow) {
  return {
    id: p.id,
    status: p.status,
    sale: {
      id: p.auction_id,
      title: p.sale_title,
      slug: p.sale_slug,
      type: p.sale_type,
      startsAt: isoFromMs(p.sale_starts_ms),
    },
    estimateLow: num(p.estimate_low),
    estimateHigh: num(p.estimate_high),
    reserve: numOrNull(p.reserve),
    openingBid: num(p.opening_bid),
    terms: p.terms,
    proposedAt: isoFromMs(p.proposed_ms),
    decidedAt: isoOrNullFromMs(p.decided_ms),
    newConsignment:
      p.new_consignment_id && p.new_consignment_number
        ? { id: p.new_consignment_id, number: p.new_consignment_number }
        : null,
    inSale: p.lot_id !== null,
  };
}

/**
 * Unsold rugs returned or re-offered (issue 27 §2, decision 089). Staff return a rug whose lot closed unsold, or
 * propose another sale on new terms; the consignor accepts or declines in the portal. Accepting opens a new receipt
 * on the proposal's terms (so the settlement pairs the next lot with them, and the unsold lot, with its buy-in fee,
 * stays with the first receipt) and enters the rug in the sale through the staff's own lot path. Every path locks the
 * item's row first, then the proposal's: a return, a new proposal, a withdrawal and an acceptance of one rug happen
 * one at a time, and whichever comes second reads what the first did.
 */
export function createReofferService(
  deps: ConsignorMailDeps & {
    /** The staff's lot path (sales), run in the caller's transaction: a savepoint, so a refusal leaves it usable. */
    addLot: (tx: Db, staffId: string, saleId: string, lot: AdminLotCreate) => Promise<{ id: string }>;
  },
) {
  const { db } = deps;
  const repo = createReofferRepository();
  const consignors = createConsignorRepository(db);
  const portal = createPortalRepository();
  const advices = createAdviceRepository();
  const rugs = createAdminRugRepository(db);

  const overrideOf = (row: ItemLotRow) => {
    const parsed = consignmentTermsOverrideSchema.safeParse(row.terms_override ?? {});
    return parsed.success ? parsed.data : {};
  };

  async function staffItems(tx: Db, consignmentId: string, house: LotTerms): Promise<AdminReofferItem[]> {
    const items = await repo.itemsOfConsignment(tx, consignmentId);
    const proposals = await repo.proposalsOfItems(
      tx,
      items.map((i) => i.item_id),
    );
    return items.map((row) => {
      const unsold = unsoldLotOf(row, resolveTerms(house, overrideOf(row)));
      return {
        itemId: row.item_id,
        rugTitle: row.rug_title,
        lastLot:
          row.lot_id && row.lot_number !== null && row.sale_title
            ? {
                lotId: row.lot_id,
                lotNumber: row.lot_number,
                saleTitle: row.sale_title,
                outcome: lotOutcomeOf(row),
              }
            : null,
        unsold,
        actionable: unsold !== null && OPEN_ITEM_STATUSES.includes(row.item_status),
        returnedAt: isoOrNullFromMs(row.returned_ms),
        returnedBy: person(row.returned_by, row.returned_by_name),
        proposals: proposals
          .filter((p) => p.item_id === row.item_id)
          .map((p) => ({
            ...reofferFields(p),
            proposedBy: person(p.proposed_by, p.proposed_by_name),
            decidedBy: person(p.decided_by, p.decided_by_name),
            emailedTo: p.emailed_to,
          })),
      };
    });
  }

  /** The panel's rug after a change, read in the change's transaction. */
  async function staffItem(tx: Db, consignmentId: string, itemId: string): Promise<AdminReofferItem> {
    const all = await staffItems(tx, consignmentId, await deps.houseTerms());
    return all.find((i) => i.itemId === itemId)!;
  }

  /**
   * Locks the item of this receipt and checks it may be returned or re-offered: still held, and its lot closed
   * without selling. Answers the item with its lot.
   */
  async function lockActionable(tx: Db, consignmentId: string, itemId: string): Promise<ItemLotRow> {
    const locked = await repo.lockItem(tx, itemId);
    const row = locked && (await repo.itemLot(tx, itemId));
    if (!row || row.consignment_id !== consignmentId) throw notFound(m.itemNotFound);
    if (!OPEN_ITEM_STATUSES.includes(row.item_status)) throw conflict(m.itemClosed);
    const outcome = row.lot_id ? lotOutcomeOf(row) : null;
    if (outcome === 'sold') throw conflict(m.itemSold);
    if (outcome !== 'unsold' && outcome !== 'passed') throw conflict(m.itemNotUnsold);
    return row;
  }

  /** Runs `work` in a transaction; a unique index a concurrent request won is a 409, not a 500. */
  async function write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'consignment_reoffers_pending_idx') throw conflict(m.reofferSuperseded);
      if (constraint === 'consignment_reoffers_accepted_idx') throw conflict(m.reofferAlreadyAccepted);
      if (constraint === 'consignment_items_open_rug_idx') throw conflict(m.itemClosed);
      throw err;
    }
  }

  async function portalList(consignorId: string, tx: Db = db): Promise<PortalReoffer[]> {
    const proposals = await repo.proposalsOfConsignor(tx, consignorId);
    const items = await repo.itemsWithLots(
      tx,
      proposals.map((p) => ({ itemId: p.item_id, lotId: p.unsold_lot_id })),
    );
    const house = await deps.houseTerms();
    return proposals.flatMap((p) => {
      const row = items.find((i) => i.item_id === p.item_id && i.pair_lot === p.unsold_lot_id);
      const unsold = row && unsoldLotOf(row, resolveTerms(house, overrideOf(row)));
      if (!row || !unsold) return [];
      return [
        {
          ...reofferFields(p),
          rugTitle: row.rug_title,
          rugSlug: row.rug_slug,
          consignmentNumber: row.consignment_number,
          unsold,
        },
      ];
    });
  }

  /** The caller's consignor and this proposal of theirs; another consignor's proposal is a 404. */
  async function ownProposal(tx: Db, userId: string, id: string) {
    const consignor = await portal.consignorOfUser(tx, userId);
    if (!consignor) throw notFound(consignorPortalMessages.notLinked);
    const owner = await repo.owner(tx, id);
    if (!owner || owner.consignor_id !== consignor.id) throw notFound(m.reofferNotFound);
    return { consignorId: consignor.id, itemId: owner.item_id };
  }

  async function portalOne(consignorId: string, id: string): Promise<PortalReoffer> {
    const found = (await portalList(consignorId)).find((p) => p.id === id);
    if (!found) throw notFound(m.reofferNotFound);
    return found;
  }

  /** Enters the rug in the sale by the staff's lot path; null when it must be left for staff (said why in the log). */
  async function enterLot(tx: Db, p: ReofferRow, rugId: string): Promise<string | null> {
    if (!p.proposed_by) return null;
    try {
      const lot = await deps.addLot(tx, p.proposed_by, p.auction_id, {
        rugId,
        openingBid: num(p.opening_bid),
        reserve: numOrNull(p.reserve),
        buyNowPrice: null,
        estimateLow: num(p.estimate_low),
        estimateHigh: num(p.estimate_high),
      });
      return lot.id;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.statusCode === 409 && err.extra.code && LEAVE_FOR_STAFF.has(err.extra.code)) {
        deps.log.warn({ reofferId: p.id, code: err.extra.code }, 're-offer accepted; lot left for staff');
        return null;
      }
      // The sale stopped taking lots between our check and the lot path's own: the proposal cannot be met.
      throw conflict(m.saleClosedForReoffer);
    }
  }

  return {
    /** The receipt's rugs with their lot, whether they may be returned or re-offered, and their proposals. */
    async items(consignmentId: string): Promise<AdminReofferItem[]> {
      if (!(await consignors.consignment(db, consignmentId))) throw notFound(m.itemNotFound);
      return staffItems(db, consignmentId, await deps.houseTerms());
    },

    /**
     * Proposes another sale on new terms; a pending proposal of the same rug is superseded (never edited). The terms
     * are resolved now, in full, so the consignor accepts exactly what they read. Mailed after the commit.
     */
    async propose(
      staffId: string,
      consignmentId: string,
      itemId: string,
      input: AdminReofferCreate,
    ): Promise<AdminReofferItem> {
      const house = await deps.houseTerms();
      const { result, mail } = await write(async (tx) => {
        const row = await lockActionable(tx, consignmentId, itemId);
        // Accepting opens a new receipt, which an archived consignor takes no more of (decision 086).
        if ((await consignors.consignor(tx, row.consignor_id))?.archived_ms != null)
          throw conflict(adminConsignorMessages.consignorArchived);
        const sale = await repo.targetSale(tx, input.saleId);
        if (!sale) throw badRequest(m.saleNotFound, { errors: { saleId: m.saleNotFound } });
        const refusal = saleMoveRefusal(
          {
            status: sale.status,
            startsAt: num(sale.starts_ms),
            activeLotCount: num(sale.active_lots),
            lotsStarted: sale.lots_started,
          },
          'addLot',
          num(sale.now_ms),
        );
        if (refusal) throw conflict(m.saleNotUpcoming, { errors: { saleId: m.saleNotUpcoming } });
        const { advanceCents: _advance, ...terms } = resolveTerms(house, {
          ...overrideOf(row),
          ...input.terms,
        });
        const reserve = input.reserve ?? null;
        const [recipient] = await advices.recipients(tx, [row.consignor_id]);
        await repo.closePending(tx, itemId, 'superseded', staffId);
        const id = await repo.insertProposal(tx, {
          itemId,
          consignorId: row.consignor_id,
          unsoldLotId: row.lot_id!,
          saleId: sale.id,
          estimateLow: input.estimateLow,
          estimateHigh: input.estimateHigh,
          reserve,
          openingBid: input.openingBid ?? defaultOpeningBid(input.estimateLow, reserve),
          terms,
          staffId,
          emailedTo: recipient?.email ?? null,
        });
        await recordStaffAction(tx, {
          staffId,
          action: 'propose_reoffer',
          auctionId: sale.id,
          rugId: row.rug_id,
          details: { consignmentId, itemId, reofferId: id, fields: Object.keys(input).sort() },
        });
        const result = await staffItem(tx, consignmentId, itemId);
        const unsold = result.unsold!;
        const mail =
          recipient?.email &&
          consignorReofferMail({
            name: recipient.name,
            rugTitle: row.rug_title,
            saleTitle: sale.title,
            saleStartsAt: new Date(num(sale.starts_ms)),
            currency: deps.currency,
            estimateLow: input.estimateLow,
            estimateHigh: input.estimateHigh,
            reserve,
            buyInFeeCents: unsold.buyInFeeCents,
            portalUrl: new URL(webPaths.consignorPortal.href(), deps.publicUrl).toString(),
            language: recipient.language,
          });
        return { result, mail: mail ? { to: recipient.email!, ...mail } : null };
      });
      if (mail) {
        try {
          await deps.mailer.send(mail);
        } catch (err) {
          // The proposal stands and the portal shows it; staff can tell the consignor another way.
          deps.log.error({ err, itemId }, 're-offer proposed but not mailed');
        }
      }
      return result;
    },

    /** Staff withdraw a pending proposal; withdrawing again changes nothing. An accepted one is the consignor's. */
    async withdraw(staffId: string, consignmentId: string, reofferId: string): Promise<AdminReofferItem> {
      return write(async (tx) => {
        const owner = await repo.owner(tx, reofferId);
        if (!owner) throw notFound(m.reofferNotFound);
        await repo.lockItem(tx, owner.item_id);
        const p = await repo.lockProposal(tx, reofferId);
        const row = await repo.itemLot(tx, owner.item_id);
        if (!p || !row || row.consignment_id !== consignmentId) throw notFound(m.reofferNotFound);
        if (p.status !== 'pending' && p.status !== 'withdrawn') throw conflict(DECIDED[p.status]);
        if (p.status === 'pending') {
          await repo.decide(tx, reofferId, 'withdrawn', staffId);
          await recordStaffAction(tx, {
            staffId,
            action: 'withdraw_reoffer',
            rugId: row.rug_id,
            details: { consignmentId, itemId: owner.item_id, reofferId },
          });
        }
        return staffItem(tx, consignmentId, owner.item_id);
      });
    },

    /**
     * The rug goes back to its consignor: the item is closed as returned (who, when), a pending proposal is
     * withdrawn, and the rug leaves the catalogue (withdrawn) so nobody can buy it. Its buy-in fee is unaffected.
     */
    async returnItem(staffId: string, consignmentId: string, itemId: string): Promise<AdminReofferItem> {
      return write(async (tx) => {
        const row = await lockActionable(tx, consignmentId, itemId);
        await repo.closePending(tx, itemId, 'withdrawn', staffId);
        await repo.markReturned(tx, itemId, staffId);
        await repo.withdrawRug(tx, row.rug_id);
        await recordStaffAction(tx, {
          staffId,
          action: 'return_consignment_item',
          rugId: row.rug_id,
          details: { consignmentId, itemId, number: row.consignment_number },
        });
        return staffItem(tx, consignmentId, itemId);
      });
    },

    /** The caller's proposals, pending first (a 404 when the account is no consignor's). */
    async portalList(userId: string): Promise<PortalReoffer[]> {
      const consignor = await portal.consignorOfUser(db, userId);
      if (!consignor) throw notFound(consignorPortalMessages.notLinked);
      return portalList(consignor.id);
    },

    /**
     * The consignor accepts: a new receipt on the proposal's terms (agreement accepted online, this version), the
     * old item closed as reoffered, a new item with the proposal's estimate and reserve, and the rug entered in the
     * sale. Accepting again answers the proposal as it stands; one already withdrawn or replaced is a 409.
     */
    async accept(userId: string, id: string): Promise<PortalReoffer> {
      const consignorId = await write(async (tx) => {
        const own = await ownProposal(tx, userId, id);
        await repo.lockItem(tx, own.itemId);
        const locked = (await repo.lockProposal(tx, id))!;
        if (locked.status === 'accepted') return own.consignorId;
        if (locked.status !== 'pending') throw conflict(DECIDED[locked.status]);
        const p = (await repo.proposal(tx, id))!;
        const sale = (await repo.targetSale(tx, p.auction_id))!;
        const facts = {
          status: sale.status,
          startsAt: num(sale.starts_ms),
          activeLotCount: num(sale.active_lots),
          lotsStarted: sale.lots_started,
        };
        if (saleMoveRefusal(facts, 'addLot', num(sale.now_ms))) throw conflict(m.saleClosedForReoffer);
        const row = (await repo.itemLot(tx, own.itemId))!;
        const number = await consignors.nextConsignmentNumber(tx);
        const consignmentId = await consignors.insertConsignment(tx, {
          number,
          consignorId: own.consignorId,
          receivedAt: undefined,
          termsOverride: p.terms,
          notes: `Re-offer of ${row.consignment_number}, lot ${row.lot_number ?? '?'} of ${row.sale_title ?? '?'}`,
          // Whoever proposed it took the rug in again; null once that staff account is deleted.
          staffId: p.proposed_by as string,
        });
        await consignors.setAgreement(tx, consignmentId, {
          status: 'accepted_online',
          version: REOFFER_TERMS_VERSION,
          by: userId,
        });
        // Closed first: the open-rug index admits the new item only once the old one is closed.
        await repo.setItemStatus(tx, own.itemId, 'reoffered');
        const newItemId = await consignors.insertItem(tx, consignmentId, {
          rugId: row.rug_id,
          estimateLow: num(p.estimate_low),
          estimateHigh: num(p.estimate_high),
          reserve: numOrNull(p.reserve),
        });
        // A rug taken off the site after it did not sell goes back on it for the sale.
        const rugStatus = await repo.rugStatus(tx, row.rug_id);
        if (rugStatus === 'withdrawn' || rugStatus === 'draft')
          await rugs.setStatus(tx, row.rug_id, 'available');
        const lotId = await enterLot(tx, p, row.rug_id);
        await repo.setItemStatus(tx, newItemId, lotId ? 'in_sale' : 'catalogued');
        await repo.accept(tx, id, userId, newItemId, lotId);
        return own.consignorId;
      });
      return portalOne(consignorId, id);
    },

    /** The consignor declines: the rug stays held, unsold, for staff to return or propose again. Idempotent. */
    async decline(userId: string, id: string): Promise<PortalReoffer> {
      const consignorId = await write(async (tx) => {
        const own = await ownProposal(tx, userId, id);
        await repo.lockItem(tx, own.itemId);
        const locked = (await repo.lockProposal(tx, id))!;
        if (locked.status === 'declined') return own.consignorId;
        if (locked.status !== 'pending') throw conflict(DECIDED[locked.status]);
        await repo.decide(tx, id, 'declined', userId);
        return own.consignorId;
      });
      return portalOne(consignorId, id);
    },
  };
}
export type ReofferService = ReturnType<typeof createReofferService>;
