import type { FastifyBaseLogger } from 'fastify';
import { isLanguage } from '@knotwork/shared/constants/languages';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import { STAFF_DASHBOARD_CHANNEL } from '@knotwork/shared/realtime/events';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import {
  conditionReportMessages as m,
  conditionReportStaffMessages as sm,
  type AdminConditionAnswer,
  type AdminConditionLot,
  type AdminConditionQuery,
  type AdminConditionRequest,
  type ConditionReport,
  type ConditionRequest,
  type ConditionRequestCreate,
  type ConditionStanding,
  type MyConditionRequest,
} from '@knotwork/shared/schemas/condition-reports';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { coverImage } from '../catalogue/cover-sql.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { toApiImage } from '../media/api-image.ts';
import type { MediaService } from '../media/service.ts';
import { notifyAll, type DeliverNotifications, type PendingNotification } from '../notifications/notifier.ts';
import { reportMail, reportNotice, type ReportNews } from './notices.ts';
import {
  createConditionReportRepository,
  type ConditionLotRow,
  type Recipient,
  type ReportVersionRow,
  type RequestRow,
  type StaffRequestRow,
} from './repository.ts';

export interface ConditionReportServiceDeps {
  db: Db;
  media: MediaService;
  mailer: Mailer;
  deliver: DeliverNotifications;
  bus: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
  mediaBaseUrl: string;
  /** The house's promise in hours (Settings), read before any transaction. */
  promiseHours: () => Promise<number>;
}

/** The window of the dashboard's median response time. */
export const RESPONSE_WINDOW_DAYS = 90;

/** The lot page, at the report (the web's section carries this id). */
const lotHref = (lot: { rug_slug: string }) => `${webPaths.rug.href(lot.rug_slug)}#condition-report-request`;

const toRequest = (r: RequestRow): ConditionRequest => ({
  id: r.id,
  question: r.question,
  requestedAt: isoFromMs(r.requested_ms),
  dueAt: isoFromMs(r.due_ms),
  answeredAt: isoOrNullFromMs(r.answered_ms),
});

const toStaffRequest = (r: StaffRequestRow): AdminConditionRequest => ({
  ...toRequest(r),
  lotId: r.lot_id,
  lotNumber: r.lot_number,
  rugTitle: r.rug_title,
  auctionTitle: r.auction_title,
  userId: r.user_id,
  userName: r.user_name,
  userEmail: r.user_email,
  answeredAtOnce: r.answered_at_once,
  answeredVersion: numOrNull(r.answered_version),
});

/**
 * Condition reports on request (issue 29 §2, decision 095). A signed-in collector asks for a lot's report (once: a
 * second ask is the same request), due within the house's promise. The specialist desk answers with text and photos;
 * an answer is a new version of the lot's report, never an edit, so a correction is on record beside what it
 * replaced. Every open request is answered by it, and whoever asks later gets the latest version at once; each
 * requester hears by e-mail and in the bell (a correction reaches those who had the report too).
 */
export function createConditionReportService(deps: ConditionReportServiceDeps) {
  const { db, media } = deps;
  const repo = createConditionReportRepository(db);

  /** Versions with their photos as the API shows them (read outside any transaction: media reads the pool). */
  async function withPhotos(versions: readonly ReportVersionRow[]) {
    const photoRows = await repo.photos(
      db,
      versions.map((v) => v.id),
    );
    const images = new Map((await media.getMany(photoRows.map((p) => p.image_id))).map((i) => [i.id, i]));
    return versions.map((v) => ({
      version: v,
      photos: photoRows
        .filter((p) => p.report_id === v.id)
        .flatMap((p) => {
          const image = images.get(p.image_id);
          return image ? [media.toApiImage(image)] : [];
        }),
    }));
  }

  const toReport = ({
    version,
    photos,
  }: {
    version: ReportVersionRow;
    photos: ApiImage[];
  }): ConditionReport => ({
    version: version.version,
    body: version.body,
    photos,
    publishedAt: isoFromMs(version.created_ms),
  });

  async function latestReport(lotId: string): Promise<ConditionReport | null> {
    const [latest] = await repo.versions(db, [lotId], true);
    if (!latest) return null;
    const [shown] = await withPhotos([latest]);
    return toReport(shown!);
  }

  async function lotOr404(lotId: string): Promise<ConditionLotRow> {
    const lot = await repo.lot(db, lotId);
    if (!lot || lot.draft) throw notFound(m.lotNotFound);
    return lot;
  }

  async function standing(lotId: string, userId: string | undefined, promiseHours: number) {
    const [request, report] = await Promise.all([
      userId ? repo.request(db, lotId, userId) : undefined,
      latestReport(lotId),
    ]);
    return {
      lotId,
      promiseHours,
      // Anonymous callers learn only the promise; a signed-in one whether asking gets the report at once.
      available: userId !== undefined && report !== null,
      request: request ? toRequest(request) : null,
      report: request?.answered_ms != null ? report : null,
    } satisfies ConditionStanding;
  }

  /** The bell now (in the transaction) and the mails after the commit, one per requester, in their language. */
  async function tell(
    tx: Db,
    lot: ConditionLotRow,
    recipients: readonly Recipient[],
    news: ReportNews,
    report: { body: string; photoCount: number },
  ): Promise<{ pending: PendingNotification[]; mails: MailMessage[] }> {
    const link = lotHref(lot);
    const pending = await notifyAll(
      tx,
      recipients.map((r) => ({ userId: r.user_id, input: reportNotice(news, link) })),
    );
    const url = new URL(link, deps.publicUrl).toString();
    const mails = recipients.map((r) => ({
      to: r.email,
      ...reportMail({
        news,
        body: report.body,
        photoCount: report.photoCount,
        firstName: r.first_name,
        url,
        language: isLanguage(r.language) ? r.language : 'en',
      }),
    }));
    return { pending, mails };
  }

  async function send(told: { pending: PendingNotification[]; mails: MailMessage[] } | null) {
    await nudgeDashboard();
    if (!told) return;
    await deps.deliver(told.pending);
    for (const mail of told.mails) {
      try {
        await deps.mailer.send(mail);
      } catch (err) {
        deps.log.error({ err }, 'condition report published but not mailed');
      }
    }
  }

  /** The staff dashboard's open and overdue figures moved. */
  async function nudgeDashboard() {
    try {
      await deps.bus.publish(STAFF_DASHBOARD_CHANNEL, 'dashboard.changed', { at: Date.now() });
    } catch (err) {
      deps.log.warn({ err }, 'condition reports: dashboard nudge not sent');
    }
  }

  async function staffLot(lotId: string): Promise<AdminConditionLot> {
    const lot = await repo.lot(db, lotId);
    if (!lot) throw notFound(sm.lotNotFound);
    const [requests, versions, nowMs] = await Promise.all([
      repo.lotRequests(lotId),
      repo.versions(db, [lotId]),
      repo.now(),
    ]);
    const cover = coverImage(lot);
    return {
      lot: {
        id: lot.id,
        rugId: lot.rug_id,
        rugSlug: lot.rug_slug,
        title: lot.title,
        lotNumber: lot.lot_number,
        auctionId: lot.auction_id,
        auctionTitle: lot.auction_title,
        status: lot.status,
        conditionGrade: lot.condition_grade,
        cover: cover && toApiImage(cover, { baseUrl: deps.mediaBaseUrl, alt: lot.cover_alt ?? lot.title }),
      },
      requests: requests.map(toStaffRequest),
      versions: (await withPhotos(versions)).map((v) => ({
        ...toReport(v),
        authorName: v.version.author_name,
        createdAt: isoFromMs(v.version.created_ms),
      })),
      serverNow: isoFromMs(nowMs),
    };
  }

  return {
    /** The caller's standing on a lot's report (anonymous: the promise only). */
    async standing(lotId: string, userId: string | undefined): Promise<ConditionStanding> {
      const promiseHours = await deps.promiseHours();
      await lotOr404(lotId);
      return standing(lotId, userId, promiseHours);
    },

    /**
     * Asks for a lot's report. Asking again is the same request (200, the question unchanged). When the lot has a
     * report the request is answered at once: the report is in the answer, and the bell and a mail follow.
     */
    async request(
      userId: string,
      lotId: string,
      body: ConditionRequestCreate,
    ): Promise<{ message: string; data: ConditionStanding; created: boolean }> {
      const promiseHours = await deps.promiseHours();
      const lot = await lotOr404(lotId);
      let told: Awaited<ReturnType<typeof tell>> | null = null;
      const outcome = await db.transaction(async (tx) => {
        await repo.lockLot(tx, lotId);
        const [latest] = await repo.versions(tx, [lotId], true);
        const row = await repo.insertRequest(tx, {
          lotId,
          userId,
          question: body.question,
          promiseHours,
          version: latest?.version ?? null,
        });
        if (!row) return 'again' as const;
        if (!latest) return 'asked' as const;
        const recipient = await repo.recipient(tx, userId);
        const photos = await repo.photos(tx, [latest.id]);
        if (recipient) {
          told = await tell(
            tx,
            lot,
            [recipient],
            { corrected: false, lotId, lotNumber: lot.lot_number, title: lot.title, version: latest.version },
            { body: latest.body, photoCount: photos.length },
          );
        }
        return 'sent' as const;
      });
      await send(told);
      return {
        message: outcome === 'again' ? m.alreadyRequested : outcome === 'sent' ? m.sentAtOnce : m.requested,
        data: await standing(lotId, userId, promiseHours),
        created: outcome !== 'again',
      };
    },

    /** A collector's requests, newest first, each with the lot's latest report once theirs is answered. */
    async mine(userId: string): Promise<MyConditionRequest[]> {
      const requests = await repo.mine(userId);
      const answeredLots = [...new Set(requests.filter((r) => r.answered_ms !== null).map((r) => r.lot_id))];
      const reports = new Map(
        (await withPhotos(await repo.versions(db, answeredLots, true))).map((v) => [
          v.version.lot_id,
          toReport(v),
        ]),
      );
      return requests.map((r) => ({
        request: toRequest(r),
        lot: {
          id: r.lot_id,
          rugId: r.rug_id,
          rugSlug: r.rug_slug,
          title: r.rug_title,
          lotNumber: r.lot_number,
          auctionTitle: r.auction_title,
        },
        report: r.answered_ms !== null ? (reports.get(r.lot_id) ?? null) : null,
      }));
    },

    /** The desk's list: open requests overdue first, then by due time; the counts for its tabs. */
    async desk(query: AdminConditionQuery) {
      const page = await repo.desk(query);
      return {
        data: page.data.map(toStaffRequest),
        meta: pageMeta(query, page.total),
        counts: {
          open: num(page.counts.open),
          overdue: num(page.counts.overdue),
          answered: num(page.counts.answered),
        },
        serverNow: isoFromMs(page.nowMs),
      };
    },

    lot: staffLot,

    /** A photo for the lot's report, through the media pipeline (validated by content, re-encoded). */
    async addPhoto(lotId: string, file: Buffer): Promise<ApiImage> {
      if (!(await repo.lot(db, lotId))) throw notFound(sm.lotNotFound);
      return media.toApiImage(await media.ingest(file, { kind: 'rug' }));
    },

    /**
     * Publishes a new version of the lot's report: the first answer (open requests answered, their requesters
     * told) or a correction (everyone who had the report is told, with the new text).
     */
    async answer(
      staffId: string,
      lotId: string,
      body: AdminConditionAnswer,
    ): Promise<{ message: string; data: AdminConditionLot }> {
      const lot = await repo.lot(db, lotId);
      if (!lot) throw notFound(sm.lotNotFound);
      const photoIds = [...new Set(body.photoIds)];
      const found = await media.getMany(photoIds);
      if (found.length !== photoIds.length)
        throw badRequest(sm.photoNotFound, { errors: { photoIds: sm.photoNotFound } });
      let told: Awaited<ReturnType<typeof tell>> | null = null;
      const corrected = await db.transaction(async (tx) => {
        await repo.lockLot(tx, lotId);
        const earlier = await repo.answeredBefore(tx, lotId);
        const version = await repo.insertVersion(tx, { lotId, authorId: staffId, body: body.body, photoIds });
        const opened = await repo.answerOpen(tx, lotId, version.version);
        const recipients = [...earlier, ...opened];
        const isCorrection = version.version > 1;
        if (recipients.length > 0) {
          told = await tell(
            tx,
            lot,
            recipients,
            {
              corrected: isCorrection,
              lotId,
              lotNumber: lot.lot_number,
              title: lot.title,
              version: version.version,
            },
            { body: body.body, photoCount: photoIds.length },
          );
        }
        return isCorrection;
      });
      await send(told);
      return { message: corrected ? sm.corrected : sm.published, data: await staffLot(lotId) };
    },

    /** The dashboard's figures: open and overdue now; answered, on time and the median over the last 90 days. */
    async figures() {
      const f = await repo.figures(RESPONSE_WINDOW_DAYS);
      const median = numOrNull(f.median_seconds);
      return {
        open: num(f.open),
        overdue: num(f.overdue),
        answered: num(f.answered),
        answeredOnTime: num(f.on_time),
        medianResponseMinutes: median === null ? null : Math.round(median / 60),
        windowDays: RESPONSE_WINDOW_DAYS,
      };
    },
  };
}
export type ConditionReportService = ReturnType<typeof createConditionReportService>;
