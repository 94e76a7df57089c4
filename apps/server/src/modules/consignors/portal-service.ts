import {
  consignmentTermsOverrideSchema,
  resolveTerms,
  type ConsignmentTerms,
  type LotTerms,
} from '@knotwork/shared/consignments/terms';
import {
  consignorPortalMessages as m,
  type PortalConsignment,
  type PortalConsignor,
  type PortalItem,
  type PortalLink,
  type PortalStatement,
  type PortalStatementQuery,
} from '@knotwork/shared/schemas/consignor-portal';
import type { PortalAdvice } from '@knotwork/shared/schemas/consignor-portal-advices';
import type { AdminStatement } from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { coverImage } from '../catalogue/cover-sql.ts';
import { toApiImage } from '../media/index.ts';
import { createAdviceRepository } from './advice-repository.ts';
import { toAdvice } from './advice-service.ts';
import { portalItemStatus } from './item-status.ts';
import { createPortalRepository, type PortalItemRow } from './portal-repository.ts';
import { createConsignorRepository } from './repository.ts';

/**
 * What the rug fetched, as the settlement reads it (decision 087): the settled hammer once settled, else the order's
 * hammer (a second-chance price included), a buy-now order's all-in price, else the lot's hammer.
 */
const hammerOf = (row: PortalItemRow): number | null =>
  numOrNull(
    row.settled_hammer ??
      row.order_hammer ??
      (row.order_kind === 'buy_now' ? row.order_item_price : null) ??
      row.hammer_price,
  );

function toItem(row: PortalItemRow, mediaBaseUrl: string | undefined): PortalItem {
  const status = portalItemStatus(row);
  const cover = coverImage(row);
  const published = row.lot_id !== null && row.sale_status !== 'draft';
  const open = row.lot_status === 'open' || row.lot_status === 'scheduled';
  return {
    id: row.id,
    rugId: row.rug_id,
    rugTitle: row.rug_title,
    rugSlug: row.rug_slug,
    image: cover && toApiImage(cover, { baseUrl: mediaBaseUrl, alt: row.cover_alt ?? row.rug_title }),
    estimateLow: num(row.estimate_low),
    estimateHigh: num(row.estimate_high),
    reserve: numOrNull(row.reserve),
    status,
    sale:
      published && row.sale_title && row.sale_slug && row.sale_type && row.lot_number !== null
        ? {
            title: row.sale_title,
            slug: row.sale_slug,
            type: row.sale_type,
            lotId: row.lot_id!,
            lotNumber: row.lot_number,
            currentBid: open ? numOrNull(row.current_bid) : null,
            bidCount: row.bid_count ?? 0,
            reserveMet: row.reserve_met ?? false,
            closesAt: isoFromMs(row.ends_ms),
          }
        : null,
    hammer: status === 'sold' || status === 'paid' || status === 'settled' ? hammerOf(row) : null,
    netProceeds: numOrNull(row.net_cents),
  };
}

/**
 * The consignor portal (issue 27 §4): the consignor linked to the caller's account, and only theirs. Every read
 * starts from the caller's user id, so another consignor's consignment answers 404, as one that does not exist.
 */
export function createConsignorPortal(deps: {
  db: Db;
  currency: string;
  mediaBaseUrl?: string;
  /** The house's default terms (Settings), which each consignment's own terms override. */
  houseTerms: () => Promise<LotTerms | null>;
  /** The consignor's statement from the journal (the settlements service, decision 087). */
  statement: (consignorId: string, q: PortalStatementQuery) => Promise<AdminStatement>;
}) {
  const { db } = deps;
  const portal = createPortalRepository();
  const repo = createConsignorRepository(db);
  const advices = createAdviceRepository();

  async function consignorOf(userId: string, tx: Db = db) {
    const row = await portal.consignorOfUser(tx, userId);
    if (!row) throw notFound(m.notLinked);
    return row;
  }

  async function list(consignorId: string): Promise<PortalConsignment[]> {
    const [consignments, items, house] = await Promise.all([
      portal.consignments(db, consignorId),
      portal.items(db, consignorId),
      deps.houseTerms(),
    ]);
    return consignments.map((k) => {
      const override = consignmentTermsOverrideSchema.safeParse(k.terms_override ?? {});
      const terms: ConsignmentTerms | null = house
        ? resolveTerms(house, override.success ? override.data : {})
        : null;
      return {
        id: k.id,
        number: k.number,
        receivedAt: isoFromMs(k.received_ms),
        agreement: {
          status: k.agreement_status,
          version: k.agreement_version,
          at: isoOrNullFromMs(k.agreement_ms),
        },
        terms,
        items: items.filter((i) => i.consignment_id === k.id).map((i) => toItem(i, deps.mediaBaseUrl)),
      };
    });
  }

  return {
    async me(userId: string): Promise<PortalConsignor> {
      const c = await consignorOf(userId);
      return {
        id: c.id,
        kind: c.kind,
        name: c.name,
        currency: deps.currency,
        payout: { method: c.payout_method, holder: c.payout_holder, masked: c.payout_masked },
        identityChecked: c.identity_checked,
        agreementsToAccept: num(c.to_accept),
      };
    },

    async link(userId: string): Promise<PortalLink> {
      const c = await portal.consignorOfUser(db, userId);
      return { linked: Boolean(c), agreementsToAccept: c ? num(c.to_accept) : 0 };
    },

    async consignments(userId: string): Promise<PortalConsignment[]> {
      return list((await consignorOf(userId)).id);
    },

    /**
     * The consignor accepts the agreement staff sent, in the version they read. Accepting again is answered with
     * the consignment as it stands (idempotent: a double click or a retry is not an error); the first acceptance's
     * time and version are kept.
     */
    async acceptAgreement(
      userId: string,
      consignmentId: string,
      version: string,
    ): Promise<PortalConsignment> {
      const consignorId = await db.transaction(async (tx) => {
        const consignor = await consignorOf(userId, tx);
        const k = await repo.lockConsignment(tx, consignmentId);
        if (!k || k.consignor_id !== consignor.id) throw notFound(m.consignmentNotFound);
        if (k.agreement_status === 'none') throw conflict(m.agreementNotSent);
        if (k.agreement_status === 'signed_on_paper') throw conflict(m.agreementSignedOnPaper);
        if (k.agreement_status === 'sent') {
          if ((await portal.agreementVersion(tx, consignmentId)) !== version)
            throw conflict(m.agreementChanged);
          await repo.setAgreement(tx, consignmentId, { status: 'accepted_online', version, by: userId });
        }
        return consignor.id;
      });
      // Read after the commit: the house's terms come from the settings, outside this transaction.
      return (await list(consignorId)).find((c) => c.id === consignmentId)!;
    },

    /** The post-sale advices the consignor was sent, newest first (issue 27 §2). */
    async advices(userId: string): Promise<PortalAdvice[]> {
      return (await advices.ofConsignor(db, (await consignorOf(userId)).id)).map(toAdvice);
    },

    /** The period's statement from the consignor's side: positive is money for them, the balance what is owed. */
    async statement(userId: string, q: PortalStatementQuery): Promise<PortalStatement> {
      const c = await consignorOf(userId);
      const s = await deps.statement(c.id, q);
      return {
        from: s.from,
        to: s.to,
        currency: s.currency,
        openingCents: -s.openingCents,
        closingCents: -s.closingCents,
        lines: s.lines.map((l) => ({
          at: l.at,
          kind: l.kind,
          ...(l.reverses ? { reverses: l.reverses } : {}),
          amountCents: -l.amountCents,
          balanceCents: -l.balanceCents,
        })),
        payouts: s.lines
          .filter((l) => l.kind === 'payout' || (l.kind === 'reversal' && l.reverses === 'payout'))
          .map((l) => ({ at: l.at, amountCents: l.amountCents, reference: l.payout ?? null })),
      };
    },
  };
}
export type ConsignorPortal = ReturnType<typeof createConsignorPortal>;
