import { webPaths } from '@knotwork/shared/constants/web-paths';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import type { NotificationKind } from '@knotwork/shared/schemas/notification-settings';
import type { NotificationType } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { mailT } from '../mail/mail-i18n.ts';
import { sendAll, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';
import { claimLotMails, type LotMailClaim, type LotMailGranted } from './lot-mail-repository.ts';
import type { PendingNotification } from './notification-types.ts';

/** The lot notices that also go out by e-mail (decision 075), and the settings kind each belongs to. */
const MAILED: Partial<Record<NotificationType, LotMailKind>> = {
  outbid: 'outbid',
  watched_lot_open: 'lot_opening',
  ending_soon: 'ending_soon',
};
type LotMailKind = Extract<NotificationKind, 'outbid' | 'lot_opening' | 'ending_soon'>;

/** A link into the live room (/live/<sale>) rather than to the lot: its button says "Bid live now". */
export const isLiveRoomLink = (link: string | null) => link !== null && link.startsWith('/live/');

/** One lot notice as an e-mail: its title as the subject, its body, one button to the lot or the live room. */
export function lotNoticeMail(input: {
  language: Language;
  firstName?: string;
  kind: LotMailKind;
  title: string;
  body: string;
  url: string;
  live: boolean;
}): MailContent {
  const t = mailT(input.language);
  const hello = greeting(input.firstName, input.language);
  const action = t(input.live ? 'lotMail.bidLive' : `lotMail.action.${input.kind}`);
  const text = `${hello}\n\n${input.body}\n\n${action}: ${input.url}\n\n${signature(input.language)}\n`;
  const html = layout(
    input.title,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(input.body)}</p>
<p style="margin:28px 0;text-align:center;"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;font-size:16px;">${escapeHtml(action)}</a></p>`,
    input.language,
  );
  return { subject: input.title, text, html, kind: input.kind };
}

/**
 * After commit, with the notices just delivered: e-mails the outbid, opening and ending-soon ones. Never awaited by
 * the caller and never throws (the bid path must not wait on SMTP or on this claim); a failure is logged, and the
 * notice is in the bell and push either way. The words are the notice's own, already in the reader's language.
 */
export function createLotMails(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string }) {
  const origin = deps.publicUrl.replace(/\/$/, '');
  const inFlight = new Set<Promise<void>>();

  /** One granted claim's e-mail, with the words of its notice. */
  function mailOf(pending: PendingNotification, to: LotMailGranted): MailMessage {
    const { notification } = pending;
    const language = isLanguage(to.language) ? to.language : 'en';
    const link = notification.link ?? webPaths.myItems.href();
    return {
      to: to.email,
      ...lotNoticeMail({
        language,
        firstName: to.first_name ?? undefined,
        kind: to.kind as LotMailKind,
        title: notification.title,
        body: notification.body,
        url: `${origin}${link}`,
        live: isLiveRoomLink(notification.link),
      }),
    };
  }

  /**
   * Claims the batch's e-mails in one statement, then sends those granted (the latest notice of each key) as one
   * batch: their recipients' settings read and their records written in one statement each (decision 101).
   */
  async function mailAll(pending: readonly PendingNotification[]): Promise<void> {
    const byKey = new Map<string, PendingNotification>();
    const claims: LotMailClaim[] = [];
    for (const p of pending) {
      const kind = MAILED[p.notification.type];
      const lotId = p.notification.data.lotId;
      if (!kind || typeof lotId !== 'string') continue;
      byKey.set(`${p.userId}:${lotId}:${kind}`, p);
      claims.push({ userId: p.userId, lotId, kind });
    }
    if (claims.length === 0) return;
    const granted = await claimLotMails(deps.db, claims);
    await sendAll(
      deps.mailer,
      granted.map((to) => mailOf(byKey.get(`${to.user_id}:${to.lot_id}:${to.kind}`)!, to)),
    );
  }

  return {
    mail(pending: readonly PendingNotification[]): void {
      const sending = mailAll(pending)
        .catch((err: unknown) =>
          deps.log.error({ err, notices: pending.length }, 'notice e-mails not claimed'),
        )
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    /** Waits for the e-mails under way (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
export type LotMails = ReturnType<typeof createLotMails>;
