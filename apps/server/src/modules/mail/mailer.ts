import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP_URL with nodemailer. Without it the message is written to the log and kept in
 * `mail_outbox`, where the development mailbox (/dev/mailbox) shows it. Every message is recorded either
 * way, with its delivery status. A failed delivery is logged, never thrown at the user: the caller's
 * answer must not reveal whether an address exists.
 */
export function createMailer(options: { db: Db; smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      let status: 'logged' | 'sent' | 'failed' = 'logged';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: options.from, ...message });
          status = 'sent';
        } catch (err) {
          status = 'failed';
          error = err instanceof Error ? err.message : String(err);
          options.log.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
        }
      } else {
        options.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (no SMTP_URL: kept in the dev mailbox)');
      }
      await options.db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        status,
        error,
      });
    },
  };
}
