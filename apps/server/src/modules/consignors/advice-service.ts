import type { FastifyBaseLogger } from 'fastify';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import { feesOf, settleLot, type LotOutcome } from '@knotwork/shared/consignments/settlement';
import {
  consignmentTermsOverrideSchema,
  resolveTerms,
  type LotTerms,
} from '@knotwork/shared/consignments/terms';
import type { PortalAdvice, PortalAdviceLot } from '@knotwork/shared/schemas/consignor-portal-advices';
import type { Db } from '../../db/client.ts';
import { isoFromMs, num } from '../../db/raw.ts';
import { consignorAdviceMail } from '../mail/consignor-advice-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAdviceRepository, type AdviceLotRow, type AdviceRow } from './advice-repository.ts';

/** (sale, consignor) pairs advised per run at most: a sale of 200 consignors is advised over a few runs. */
const PAIRS_PER_RUN = 50;

/**
 * One lot as advised: the outcome (a live sale's unsold lot was passed in the room), and the charges and net the
 * consignment's terms give it now, with `settleLot`, the same arithmetic the settlement will use (decision 085).
 */
function adviceLot(row: AdviceLotRow, house: LotTerms): PortalAdviceLot {
  const outcome: LotOutcome =
    row.outcome === 'sold' ? 'sold' : row.sale_type === 'live' ? 'passed' : 'unsold';
  const override = consignmentTermsOverrideSchema.safeParse(row.terms_override ?? {});
  const reserveCents = row.reserve === null ? null : num(row.reserve);
  const { lines } = settleLot(resolveTerms(house, override.success ? override.data : {}), {
    lotId: row.lot_id,
    outcome,
    hammerCents: outcome === 'sold' ? num(row.hammer ?? 0) : 0,
    lowEstimateCents: num(row.estimate_low),
    reserveCents: reserveCents ?? 0,
  });
  return {
    lotId: row.lot_id,
    lotNumber: num(row.lot_number),
    rugTitle: row.rug_title,
    consignmentNumber: row.consignment_number,
    outcome,
    hammerCents: lines.hammerCents,
    reserveCents,
    commissionCents: lines.commissionCents,
    feesCents: feesOf(lines),
    buyInFeeCents: lines.buyInFeeCents,
    vatCents: lines.vatCents,
    netCents: lines.netCents,
    next: outcome === 'sold' ? 'settle_after_payment' : 'return_or_reoffer',
  };
}

const sum = (lots: readonly PortalAdviceLot[], key: 'hammerCents' | 'netCents') =>
  lots.reduce((s, l) => s + l[key], 0);

/** A stored advice as the portal answers it. */
export function toAdvice(row: AdviceRow): PortalAdvice {
  const lots = row.lots as PortalAdviceLot[];
  return {
    id: row.id,
    sale: {
      id: row.auction_id,
      title: row.sale_title,
      slug: row.sale_slug,
      type: row.sale_type,
      endedAt: isoFromMs(row.ended_ms),
    },
    createdAt: isoFromMs(row.created_ms),
    currency: row.currency.trim(),
    lots,
    hammerCents: sum(lots, 'hammerCents'),
    netCents: sum(lots, 'netCents'),
  };
}

/** What the services that mail consignors need: the post-sale advice here, re-offer proposals (decision 089). */
export interface ConsignorMailDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  currency: string;
  /** The house's default terms (Settings), which each consignment's own terms override. */
  houseTerms: () => Promise<LotTerms>;
}

/**
 * Post-sale advices (issue 27 §2): after a sale closes, each consignor with lots in it gets one advice, written to
 * `consignor_sale_advices` and mailed in their language. Run by the scheduler in every process after the sales'
 * statuses are brought up to date; the table's unique (consignor, sale) key decides which run writes an advice, and
 * only the run that wrote it sends the mail, so a second run or a second process sends nothing twice. The mail is
 * sent after the row is written: a crash in between loses the mail, never doubles it (the portal still shows it),
 * as the house's other job mails do.
 */
export function createSaleAdviceService(deps: ConsignorMailDeps) {
  const { db } = deps;
  const repo = createAdviceRepository();

  return {
    /** Writes and mails the advices due now; answers how many this call wrote. */
    async sendDue(): Promise<number> {
      const found = await repo.pendingLots(db, PAIRS_PER_RUN);
      if (found.length === 0) return 0;
      const house = await deps.houseTerms();
      const recipients = new Map(
        (await repo.recipients(db, [...new Set(found.map((r) => r.consignor_id))])).map((r) => [r.id, r]),
      );
      const pairs = new Map<string, AdviceLotRow[]>();
      for (const row of found) {
        const key = `${row.auction_id}:${row.consignor_id}`;
        pairs.set(key, [...(pairs.get(key) ?? []), row]);
      }
      let written = 0;
      for (const group of pairs.values()) {
        const { auction_id: auctionId, consignor_id: consignorId, sale_title: saleTitle } = group[0]!;
        const recipient = recipients.get(consignorId);
        if (!recipient) continue;
        const lots = group.map((row) => adviceLot(row, house));
        const id = await repo.insert(db, {
          consignorId,
          auctionId,
          currency: deps.currency,
          language: recipient.language,
          lots,
          emailedTo: recipient.email,
        });
        if (id === null) continue;
        written += 1;
        if (!recipient.email) continue;
        const mail = consignorAdviceMail({
          name: recipient.name,
          saleTitle,
          currency: deps.currency,
          lots,
          netCents: sum(lots, 'netCents'),
          portalUrl: new URL(webPaths.consignorPortal.href(), deps.publicUrl).toString(),
          language: recipient.language,
        });
        try {
          await deps.mailer.send({ to: recipient.email, ...mail });
        } catch (err) {
          deps.log.error({ err, consignorId, auctionId }, 'post-sale advice written but not mailed');
        }
      }
      return written;
    },
  };
}
export type SaleAdviceService = ReturnType<typeof createSaleAdviceService>;
