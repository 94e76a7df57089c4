import type { FastifyBaseLogger } from 'fastify';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import { isLanguage } from '@knotwork/shared/constants/languages';
import { identityMessages as m, identityStaffMessages as sm } from '@knotwork/shared/messages/identity';
import type { IdentitySettings } from '@knotwork/shared/schemas/house-settings-staff';
import type {
  AdminIdentityCheck,
  IdentityDocumentKind,
  IdentityStatus,
} from '@knotwork/shared/schemas/identity';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, isUuid, num } from '../../db/raw.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { pageMeta, type PageQuery } from '../../lib/paging.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { notify, type DeliverNotifications } from '../notifications/notifier.ts';
import { prepareDocument } from './document.ts';
import { identityMail, identityNotice, type IdentityDecision } from './notices.ts';
import { createIdentityRepository, type IdentityCheckRow } from './repository.ts';
import { measure, standing } from './standing.ts';

export const toAdminCheck = (r: IdentityCheckRow): AdminIdentityCheck => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  userEmail: r.user_email,
  kind: r.document_kind,
  contentType: r.content_type,
  sizeBytes: num(r.size_bytes),
  status: r.status,
  reason: r.reason,
  reviewedBy: r.reviewed_by,
  reviewedAt: isoOrNullFromMs(r.reviewed_ms),
  createdAt: isoFromMs(r.created_ms),
  deletedAt: isoOrNullFromMs(r.deleted_ms),
});

/**
 * Identity checks above the house's threshold (issue 28 §3, decision 093): where a buyer stands, their upload, the
 * admin's review (mailed and put in the bell in the buyer's language) and the retention job's purge. Checkout's gate
 * is `requireIdentityCheck` (standing.ts), called inside the checkout's own transaction.
 */
export function createIdentityService(deps: {
  db: Db;
  storage: MediaStorage;
  /** The house currency (config CURRENCY): orders and estimates are in it. */
  currency: string;
  settings: () => Promise<IdentitySettings>;
  mailer: Mailer;
  deliver: DeliverNotifications;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { db, storage } = deps;
  const repo = createIdentityRepository(db);
  const pageUrl = new URL(webPaths.identityCheck.href(), deps.publicUrl).toString();

  /** Where the buyer stands; `extraCents` (house currency) is a purchase to come, the lot page's low estimate. */
  async function status(userId: string, extraCents = 0): Promise<IdentityStatus> {
    const settings = await deps.settings();
    const [measured, stand, latest] = await Promise.all([
      measure(db, userId, settings, deps.currency),
      standing(db, userId),
      repo.latest(userId),
    ]);
    const totalCents = measured.totalCents + measured.fromHouse(extraCents);
    return {
      enabled: settings.enabled,
      required: settings.enabled && !stand.approved && totalCents >= measured.thresholdCents,
      approved: stand.approved,
      status: stand.status,
      reason: latest?.status === 'rejected' ? latest.reason : null,
      submittedAt: latest ? isoFromMs(latest.created_ms) : null,
      reviewedAt: latest ? isoOrNullFromMs(latest.reviewed_ms) : null,
      totalCents: measured.totalCents,
      thresholdCents: measured.thresholdCents,
      currency: measured.currency,
      periodMonths: settings.periodMonths,
    };
  }

  async function tellBuyer(userId: string, decision: IdentityDecision): Promise<void> {
    try {
      const pending = await db.transaction((tx) =>
        notify(tx, userId, identityNotice(decision, webPaths.identityCheck.href())),
      );
      await deps.deliver([pending]);
      const u = await repo.contact(userId);
      if (!u) return;
      const language = isLanguage(u.language) ? u.language : 'en';
      const mail = identityMail({ decision, language, firstName: u.first_name, url: pageUrl });
      await deps.mailer.send({ to: u.email, ...mail });
    } catch (err) {
      // The decision is committed either way; the buyer sees it on their identity page.
      deps.log.error({ err, userId }, 'identity decision: the buyer could not be told');
    }
  }

  async function review(
    staffId: string,
    id: string,
    decision: IdentityDecision,
  ): Promise<AdminIdentityCheck> {
    if (!isUuid(id)) throw notFound(sm.checkNotFound);
    const userId = await db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw notFound(sm.checkNotFound);
      if (row.status !== 'pending') throw conflict(sm.notPending, { code: 'NOT_PENDING' });
      await repo.review(tx, id, staffId, decision);
      await recordStaffAction(tx, {
        staffId,
        action: 'review_identity_check',
        userId: row.user_id,
        reason: decision.status === 'rejected' ? decision.reason : null,
        details: { identityCheckId: id, status: decision.status },
      });
      return row.user_id;
    });
    await tellBuyer(userId, decision);
    return toAdminCheck((await repo.find(id))!);
  }

  return {
    status,

    /** The lot page's question: would winning this lot (rug or lot id) at its low estimate need the check? */
    async forLot(userId: string, id: string): Promise<IdentityStatus | undefined> {
      if (!isUuid(id)) return undefined;
      const amount = await repo.lotAmount(id);
      if (amount === undefined) return undefined;
      return status(userId, amount);
    },

    /**
     * Stores the buyer's document privately (identity/ in the media store), then its row. One check waits for review
     * at a time, and none is taken once the buyer is approved.
     */
    async upload(userId: string, kind: IdentityDocumentKind, input: Buffer): Promise<IdentityStatus> {
      const stand = await standing(db, userId);
      if (stand.approved) throw conflict(m.alreadyApproved, { code: 'IDENTITY_APPROVED' });
      if (stand.status === 'pending') throw conflict(m.alreadyPending, { code: 'IDENTITY_PENDING' });
      const doc = await prepareDocument(input);
      // The store first: a row never points at nothing (media/storage/types.ts).
      await storage.put(doc.key, doc.data, doc.contentType);
      try {
        await repo.insert({
          userId,
          kind,
          storageKey: doc.key,
          contentType: doc.contentType,
          sizeBytes: doc.data.length,
        });
      } catch (err) {
        await storage.remove(doc.key).catch(() => undefined);
        // Two uploads at once: the unique pending index lets one in.
        if ((err as { code?: string }).code === '23505' || /identity_checks_one_pending/.test(String(err)))
          throw conflict(m.alreadyPending, { code: 'IDENTITY_PENDING' });
        throw err;
      }
      return status(userId);
    },

    // ---- Staff ----
    async list(filter: 'pending' | 'approved' | 'rejected' | 'all', page: PageQuery) {
      const found = await repo.list(filter, page);
      return { data: found.rows.map(toAdminCheck), meta: pageMeta(page, found.total) };
    },

    async ofUser(userId: string) {
      if (!isUuid(userId) || !(await repo.userExists(userId))) return undefined;
      const [s, checks] = await Promise.all([status(userId), repo.ofUser(userId)]);
      return { status: s, checks: checks.map(toAdminCheck) };
    },

    /** The document's bytes for an admin, audited; 404 when the check is unknown or its document was purged. */
    async document(staffId: string, id: string) {
      if (!isUuid(id)) throw notFound(sm.checkNotFound);
      const row = await repo.find(id);
      if (!row) throw notFound(sm.checkNotFound);
      if (row.deleted_ms !== null) throw notFound(sm.documentDeleted);
      const object = await storage.get(row.storage_key);
      if (!object) throw notFound(sm.documentDeleted);
      await db.transaction((tx) =>
        recordStaffAction(tx, {
          staffId,
          action: 'view_identity_document',
          userId: row.user_id,
          details: { identityCheckId: id },
        }),
      );
      const ext = row.content_type === 'application/pdf' ? 'pdf' : 'webp';
      return { object, contentType: row.content_type, fileName: `identity-${row.id}.${ext}` };
    },

    approve: (staffId: string, id: string) => review(staffId, id, { status: 'approved' }),
    reject: (staffId: string, id: string, reason: string) =>
      review(staffId, id, { status: 'rejected', reason }),

    /**
     * Deletes the stored documents whose upload is older than the retention period (the legal period in Settings):
     * the object goes, the row stays with deleted_at. Rows are taken with skip locked, so processes share the work.
     */
    async purgeExpired(batchSize = 25, maxBatches = 10): Promise<number> {
      const { retentionMonths } = await deps.settings();
      let purged = 0;
      for (let i = 0; i < maxBatches; i += 1) {
        const n = await db.transaction(async (tx) => {
          const due = await repo.expired(tx, retentionMonths, batchSize);
          for (const row of due) {
            // Removing an absent object is not an error: a retried purge finishes what a crash left.
            await storage.remove(row.storage_key);
            await repo.markDeleted(tx, row.id);
          }
          return due.length;
        });
        purged += n;
        if (n < batchSize) break;
      }
      return purged;
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
