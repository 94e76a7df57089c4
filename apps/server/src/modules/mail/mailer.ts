import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationKind } from '@knotwork/shared/schemas/notification-settings';
import type { Db } from '../../db/client.ts';
import { recordMail } from '../../plugins/metrics-registry.ts';
import { insertOutboxMails, type NewOutboxMail } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the mail (the invoice PDF with a payment receipt); the outbox and dev mailbox keep the text only. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * What the mail is about, for the reader's notification settings (decision 075): a kind they can turn off, or
   * `account` for codes and security notices nobody opts out of. Unnamed mail to a collector counts as `orders`.
   */
  kind?: NotificationKind | 'account';
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, added by notifications/mail-settings.ts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Several mails at once: recorded in one statement, their recipients' settings read in one (decision 101). A
   * mailer without it (a test's stand-in) gets `send` once per mail from `sendAll`.
   */
  sendMany?(messages: readonly MailMessage[]): Promise<void>;
}

/** Sends a batch through `sendMany` when the mailer has it, else one `send` per mail. */
export async function sendAll(mailer: Mailer, messages: readonly MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  if (mailer.sendMany) return mailer.sendMany(messages);
  for (const message of messages) await mailer.send(message);
}

/**
 * Sends through SMTP_URL with nodemailer. Without it the message is printed to the server log at warn level,
 * clearly labelled, with its subject (which carries any code) and text, so whoever runs `npm start` locally
 * can finish a sign-up; outside production the development mailbox (/dev/mailbox) also shows it to staff.
 * Every message is recorded either way, with its delivery status. A failed delivery is logged, never thrown at the user: the caller's
 * answer must not reveal whether an address exists.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  /** Delivers one mail (or logs it without SMTP_URL) and returns its record for mail_outbox. */
  async function deliver(message: MailMessage): Promise<NewOutboxMail> {
    let status: 'logged' | 'sent' | 'failed' = 'logged';
    let error: string | null = null;
    if (transport) {
      try {
        const { kind: _kind, ...mail } = message;
        await transport.sendMail({ from: options.from, ...mail });
        status = 'sent';
      } catch (err) {
        status = 'failed';
        error = err instanceof Error ? err.message : String(err);
        options.log.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
      }
    } else {
      options.log.warn(
        { to: message.to, subject: message.subject, text: message.text },
        notSentLine(message),
      );
    }
    recordMail(status);
    return {
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      status,
      error,
    };
  }

  return {
    async send(message) {
      await insertOutboxMails(options.db, [await deliver(message)]);
    },
    async sendMany(messages) {
      await insertOutboxMails(options.db, await Promise.all(messages.map(deliver)));
    },
  };
}

/** The log line of a mail kept because SMTP_URL is unset: who, and the subject, where codes are. */
export function notSentLine(message: MailMessage): string {
  return `MAIL NOT SENT (no SMTP_URL): to ${message.to}, subject "${message.subject}"`;
}
