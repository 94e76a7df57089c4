import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * Sends mail without making the HTTP answer wait for SMTP: a request for an existing account must not be
 * measurably slower than one for an unknown address. Pending sends are awaited on shutdown (`drain`).
 */
export function createMailDispatcher(mailer: Mailer, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  return {
    dispatch(message: MailMessage): void {
      const p = mailer
        .send(message)
        .catch((err: unknown) =>
          log.error({ err, to: message.to, subject: message.subject }, 'mail could not be queued'),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
export type MailDispatcher = ReturnType<typeof createMailDispatcher>;
