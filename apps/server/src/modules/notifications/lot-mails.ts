import { webPaths } from '@knotwork/shared/constants/web-paths';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import type { NotificationKind } from '@knotwork/shared/schemas/notification-settings';
import type { NotificationType } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { mailT } from '../mail/mail-i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';
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

interface MailTo {
  email: string;
  first_name: string | null;
  language: string;
}

/**
 * Claims the right to mail one lot notice, in one statement, and answers the address to write to (or nothing):
 * - only when the account wants this kind by e-mail (a missing setting is on);
 * - once per account, lot and kind (notification_mails), so a second process or a repeated job does not mail twice;
 * - an outbid notice again only after the reader bid on the lot since the last one: a bidding war is one e-mail
 *   per round the reader takes part in, not one per rival bid.
 */
async function claim(db: Db, userId: string, lotId: string, kind: LotMailKind): Promise<MailTo | undefined> {
  const [row] = await rows<MailTo>(
    db,
    sql`with u as (
          select u.id, u.email, u.first_name, u.language from users u
            left join notification_settings s on s.user_id = u.id
          where u.id = ${userId}::uuid and coalesce((s.settings -> ${kind}::text ->> 'email')::boolean, true)
        ), claimed as (
          insert into notification_mails (user_id, lot_id, kind)
          select u.id, ${lotId}::uuid, ${kind} from u
          on conflict (user_id, lot_id, kind) do update set sent_at = clock_timestamp()
            where excluded.kind = 'outbid' and exists (
              select 1 from bids b
              where b.lot_id = notification_mails.lot_id and b.bidder_id = notification_mails.user_id
                and b.created_at > notification_mails.sent_at)
          returning user_id
        )
        select u.email, u.first_name, u.language from u join claimed on claimed.user_id = u.id`,
  );
  return row;
}

/**
 * After commit, with the notices just delivered: e-mails the outbid, opening and ending-soon ones. Never awaited by
 * the caller and never throws (the bid path must not wait on SMTP or on this claim); a failure is logged, and the
 * notice is in the bell and push either way. The words are the notice's own, already in the reader's language.
 */
export function createLotMails(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; publicUrl: string }) {
  const origin = deps.publicUrl.replace(/\/$/, '');
  const inFlight = new Set<Promise<void>>();

  async function mailOne(pending: PendingNotification, kind: LotMailKind, lotId: string): Promise<void> {
    const to = await claim(deps.db, pending.userId, lotId, kind);
    if (!to) return;
    const { notification } = pending;
    const language = isLanguage(to.language) ? to.language : 'en';
    const link = notification.link ?? webPaths.myItems.href();
    await deps.mailer.send({
      to: to.email,
      ...lotNoticeMail({
        language,
        firstName: to.first_name ?? undefined,
        kind,
        title: notification.title,
        body: notification.body,
        url: `${origin}${link}`,
        live: isLiveRoomLink(notification.link),
      }),
    });
  }

  return {
    mail(pending: readonly PendingNotification[]): void {
      for (const p of pending) {
        const kind = MAILED[p.notification.type];
        const lotId = p.notification.data.lotId;
        if (!kind || typeof lotId !== 'string') continue;
        const sending = mailOne(p, kind, lotId)
          .catch((err: unknown) =>
            deps.log.error({ err, userId: p.userId, type: p.notification.type }, 'notice e-mail not sent'),
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
    },
    /** Waits for the e-mails under way (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
export type LotMails = ReturnType<typeof createLotMails>;
