import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import type { Account } from '@knotwork/shared/consignments/ledger-postings';
import type { LotSettlement } from '@knotwork/shared/consignments/settlement';
import { consignmentTermsOverrideSchema, resolveTerms } from '@knotwork/shared/consignments/terms';
import {
  consignorPortalMessages as pm,
  type PortalStatementQuery,
} from '@knotwork/shared/schemas/consignor-portal';
import type { SettlementSettings } from '@knotwork/shared/schemas/house-settings-staff';
import type { AdminStatement, AdminStatementQuery } from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { isoFromMs } from '../../db/raw.ts';
import { notFound } from '../../lib/http-error.ts';
import { houseIdentity } from '../commerce/documents/documents-repository.ts';
import { renderConsignmentAgreementPdf } from './documents/agreement-pdf.ts';
import { LOT_KINDS, type StatementLineWithReference } from './documents/statement-sections.ts';
import { renderConsignorStatementPdf, type StatementLot } from './documents/statement-pdf.ts';
import { createDocumentsRepository } from './documents-repository.ts';
import { createPortalRepository } from './portal-repository.ts';
import type { ConsignorService } from './service.ts';

/** A PDF and the name it is downloaded under (ASCII: a consignor's name is not put in a header). */
export interface ConsignorDocument {
  filename: string;
  pdf: Buffer;
}

/**
 * The version printed on an agreement not yet sent: the back office proposes "1" when staff send the first one, so the
 * draft a specialist prints and the agreement sent afterwards name the same version.
 */
const DRAFT_AGREEMENT_VERSION = '1';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The consignor's statement and consignment agreement as PDFs (issue 27), for staff and for the consignor in the
 * portal. The statement is the settlements service's reading of the journal (decision 087) with, beside it, the
 * period's lot settlements and the payout batches' references; the agreement is the consignment with the house's
 * terms resolved over its own. The renderers (documents/) are pure; this gathers what they print.
 */
export function createConsignorDocuments(deps: {
  db: Db;
  consignors: ConsignorService;
  currency: string;
  settings: () => Promise<SettlementSettings>;
  /** The consignor's statement from the journal (the settlements service). */
  statement: (consignorId: string, q: AdminStatementQuery) => Promise<AdminStatement>;
  now?: () => Date;
}) {
  const { db, consignors } = deps;
  const repo = createDocumentsRepository();
  const portal = createPortalRepository();
  const now = deps.now ?? (() => new Date());

  async function statementPdf(
    consignorId: string,
    q: AdminStatementQuery,
    language?: Language,
  ): Promise<ConsignorDocument> {
    const s = await deps.statement(consignorId, q);
    const consignor = await consignors.detail(consignorId);
    const from = new Date(s.from);
    const to = new Date(s.to);
    const [lots, house] = await Promise.all([
      repo.statementLots(db, consignorId, [...new Set(s.lines.flatMap((l) => (l.lotId ? [l.lotId] : [])))]),
      houseIdentity(db),
    ]);
    // A payout (and its reversal by a cancelled batch) names its batch and the payment's reference in the bank file.
    const lines: StatementLineWithReference[] = s.lines.map((l) => ({
      at: new Date(l.at),
      kind: l.kind,
      ...(l.reverses ? { reverses: l.reverses } : {}),
      ...(l.lotId ? { lotId: l.lotId } : {}),
      amountCents: l.amountCents,
      balanceCents: l.balanceCents,
      ...(l.payout ? { reference: l.payout.batchNumber, endToEndId: l.payout.endToEndId } : {}),
    }));
    // The lots whose settlement the period's lot lines post: the statement's proceeds are exactly their nets.
    const settledInPeriod = new Set(
      s.lines.filter((l) => LOT_KINDS.has(l.kind) && l.lotId).map((l) => l.lotId!),
    );
    const settlements: LotSettlement[] = lots
      .filter((r) => settledInPeriod.has(r.lot_id) && r.lines && r.outcome)
      .map((r) => ({ lotId: r.lot_id, outcome: r.outcome!, lines: r.lines! }));
    const named: Record<string, StatementLot> = Object.fromEntries(
      lots.map((r) => [
        r.lot_id,
        {
          lotNumber: r.lot_number,
          rugTitle: r.rug_title,
          sale: { title: r.sale_title, date: isoFromMs(r.sale_ms) },
        },
      ]),
    );
    const pdf = await renderConsignorStatementPdf({
      language: language ?? consignor.language,
      currency: s.currency,
      house,
      consignor,
      issuedAt: now().toISOString(),
      statement: {
        account: s.account as Account,
        from,
        to,
        openingCents: s.openingCents,
        closingCents: s.closingCents,
        lines,
      },
      settlements,
      lots: named,
    });
    // `to` is excluded: the file names the period's last day, as the document does.
    const lastDay = day(new Date(to.getTime() - 1));
    return { filename: `statement-${day(from)}-to-${lastDay}.pdf`, pdf };
  }

  async function agreementPdf(consignmentId: string, language?: Language): Promise<ConsignorDocument> {
    const consignment = await consignors.consignment(consignmentId);
    const [consignor, settings, house] = await Promise.all([
      consignors.detail(consignment.consignor.id),
      deps.settings(),
      houseIdentity(db),
    ]);
    const override = consignmentTermsOverrideSchema.safeParse(consignment.termsOverride ?? {});
    const pdf = await renderConsignmentAgreementPdf({
      language: language ?? consignor.language,
      currency: deps.currency,
      house,
      consignor,
      consignment,
      terms: resolveTerms(settings.consignmentTerms, override.success ? override.data : {}),
      currentVersion: consignment.agreement.version ?? DRAFT_AGREEMENT_VERSION,
      holdingPeriodDays: settings.holdingDays,
    });
    return { filename: `agreement-${consignment.number}.pdf`, pdf };
  }

  /** The consignor linked to the account, and the account's language: the portal's documents are written in it. */
  async function linked(userId: string): Promise<{ consignorId: string; language: Language }> {
    const row = await portal.consignorOfUser(db, userId);
    if (!row) throw notFound(pm.notLinked);
    return { consignorId: row.id, language: await repo.userLanguage(db, userId) };
  }

  return {
    /** Staff: a consignor's statement for a period, in `?lang` or the consignor's language. */
    staffStatement: (consignorId: string, q: AdminStatementQuery) =>
      statementPdf(consignorId, q, isLanguage(q.lang) ? q.lang : undefined),

    /** Staff: a consignment's agreement, in `lang` or the consignor's language. */
    staffAgreement: (consignmentId: string, language?: Language) => agreementPdf(consignmentId, language),

    /** The portal: the signed-in consignor's own statement. */
    async portalStatement(userId: string, q: PortalStatementQuery): Promise<ConsignorDocument> {
      const { consignorId, language } = await linked(userId);
      return statementPdf(consignorId, q, language);
    },

    /** The portal: the agreement of one of the signed-in consignor's consignments; anyone else's is a 404. */
    async portalAgreement(userId: string, consignmentId: string): Promise<ConsignorDocument> {
      const { consignorId, language } = await linked(userId);
      const owner = await portal.consignorOfConsignment(db, consignmentId);
      if (owner !== consignorId) throw notFound(pm.consignmentNotFound);
      return agreementPdf(consignmentId, language);
    },
  };
}
export type ConsignorDocuments = ReturnType<typeof createConsignorDocuments>;
