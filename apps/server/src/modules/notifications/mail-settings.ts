import { webPaths } from '@knotwork/shared/constants/web-paths';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import {
  mergeNotificationSettings,
  type NotificationKind,
} from '@knotwork/shared/schemas/notification-settings';
import type { Db } from '../../db/client.ts';
import { mailT } from '../mail/mail-i18n.ts';
import { sendAll, type Mailer, type MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import { signUnsubscribeToken } from './unsubscribe-token.ts';
import { mailRecipient, mailRecipients, type Recipient } from './settings-repository.ts';

/** The web page of the settings. */
export const SETTINGS_WEB_PATH = webPaths.notificationSettings.href();
/** The unsubscribe endpoint under the API prefix (GET shows a confirmation page, POST is RFC 8058's one click). */
export const UNSUBSCRIBE_API_PATH = '/api/v1/notifications/unsubscribe';

export interface MailSettingsDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The site's public origin, for the links. */
  publicUrl: string;
  /** The house's own inbox: mails to it are the house's, never a collector's, and its mailto unsubscribe goes there. */
  staffEmail: string;
  secret: () => Promise<string>;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;
}

/** RFC 2369 and RFC 8058 headers: the one-click HTTPS address first, a mailto to the house's inbox second. */
export function listUnsubscribeHeaders(
  url: string,
  staffEmail: string,
  kind: NotificationKind,
): Record<string, string> {
  const address = /<([^>]+)>/.exec(staffEmail)?.[1] ?? staffEmail;
  const mailto = `mailto:${address}?subject=${encodeURIComponent(`unsubscribe ${kind}`)}`;
  return {
    'List-Unsubscribe': `<${url}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The footer every collector's e-mail ends with: why it came, the one-click link, the settings page. */
export function unsubscribeFooter(input: {
  language: Language;
  kind: NotificationKind;
  url: string;
  settingsUrl: string;
}): { text: string; html: string } {
  const t = mailT(input.language);
  const why = t('unsubscribe.footer', { kind: t(`unsubscribe.kinds.${input.kind}`) });
  const stop = t('unsubscribe.stop');
  const manage = t('unsubscribe.manage');
  return {
    text: `\n--\n${why}\n${stop}: ${input.url}\n${manage}: ${input.settingsUrl}\n`,
    html: `<p dir="${input.language === 'ar' ? 'rtl' : 'ltr'}" style="max-width:560px;margin:0 auto;padding:0 16px 32px;font-family:Georgia,'Times New Roman',serif;font-size:12px;line-height:1.5;color:#8a7a66;text-align:center;">${escapeHtml(why)}<br><a href="${escapeHtml(input.url)}" style="color:#7a2e1f;">${escapeHtml(stop)}</a> · <a href="${escapeHtml(input.settingsUrl)}" style="color:#7a2e1f;">${escapeHtml(manage)}</a></p>`,
  };
}

/**
 * Wraps the mailer every module uses (app.ts), so every e-mail to a collector, old and new, obeys their settings
 * and carries its one-click unsubscribe (decision 075):
 * - `kind: 'account'` (sign-up and reset codes, a registration attempt) and mail to the house's own inbox pass as
 *   they are: nobody can opt out of a code they asked for;
 * - any other mail to an address with an account is of its `kind`, `orders` when unnamed (every such mail today is
 *   about an order, a payment or a shipment); it is not sent when the account turned that kind's e-mail off, and
 *   otherwise gets List-Unsubscribe, List-Unsubscribe-Post and a footer in the account's language;
 * - mail to an address without an account (a guest's chat reply) passes as it is: there is nothing to store a
 *   choice on.
 */
export function withMailSettings(inner: Mailer, deps: MailSettingsDeps): Mailer {
  const settingsUrl = `${deps.publicUrl.replace(/\/$/, '')}${SETTINGS_WEB_PATH}`;
  const passes = (message: MailMessage) =>
    message.kind === 'account' || sameAddress(message.to, deps.staffEmail);

  /** The mail as it goes out to `recipient` (the account behind its address), or null when they turned it off. */
  async function prepared(
    message: MailMessage,
    recipient: Recipient | undefined,
  ): Promise<MailMessage | null> {
    if (!recipient || message.kind === 'account') return message;
    const kind: NotificationKind = message.kind ?? 'orders';
    const settings = mergeNotificationSettings(
      typeof recipient.settings === 'string' ? JSON.parse(recipient.settings) : recipient.settings,
    );
    if (!settings[kind].email) {
      deps.log.debug(
        { to: message.to, kind, subject: message.subject },
        'mail not sent: turned off in the notification settings',
      );
      return null;
    }
    const language: Language = isLanguage(recipient.language) ? recipient.language : 'en';
    const url = unsubscribeUrl(deps.publicUrl, signUnsubscribeToken(await deps.secret(), recipient.id, kind));
    const footer = unsubscribeFooter({ language, kind, url, settingsUrl });
    return {
      ...message,
      kind,
      headers: { ...message.headers, ...listUnsubscribeHeaders(url, deps.staffEmail, kind) },
      text: `${message.text.replace(/\n*$/, '\n')}${footer.text}`,
      html: message.html && appendBeforeBodyEnd(message.html, footer.html),
    };
  }

  return {
    async send(message: MailMessage) {
      if (passes(message)) return inner.send(message);
      let recipient: Recipient | undefined;
      try {
        recipient = await mailRecipient(deps.db, message.to);
      } catch (err) {
        // The settings could not be read: send as before rather than lose an order's mail.
        deps.log.warn({ err, to: message.to }, 'notification settings not read for a mail');
        return inner.send(message);
      }
      const ready = await prepared(message, recipient);
      if (ready) await inner.send(ready);
    },

    /** The same rules for a batch, with every recipient's settings read in one query (decision 101). */
    async sendMany(messages: readonly MailMessage[]) {
      const checked = messages.filter((m) => !passes(m));
      let recipients: Map<string, Recipient>;
      try {
        recipients = await mailRecipients(
          deps.db,
          checked.map((m) => m.to),
        );
      } catch (err) {
        deps.log.warn({ err, mails: checked.length }, 'notification settings not read for a batch of mails');
        return sendAll(inner, messages);
      }
      const ready = await Promise.all(
        messages.map(async (m) => (passes(m) ? m : prepared(m, recipients.get(m.to.trim().toLowerCase())))),
      );
      await sendAll(
        inner,
        ready.filter((m) => m !== null),
      );
    },
  };
}

function sameAddress(to: string, configured: string): boolean {
  const address = /<([^>]+)>/.exec(configured)?.[1] ?? configured;
  return to.trim().toLowerCase() === address.trim().toLowerCase();
}

function appendBeforeBodyEnd(html: string, footer: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${footer}` : `${html.slice(0, end)}${footer}\n${html.slice(end)}`;
}
