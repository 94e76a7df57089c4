import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMailboxRepository } from './repository.ts';
import { mailboxResponseSchema } from './schema.ts';

export const MAILBOX_SIZE = 100;

/**
 * The development mailbox: the last mails the server sent or kept (codes included), so a local user can
 * finish sign-up without SMTP. Registered only when DEV_MAILBOX is on; otherwise the path is a plain 404
 * and does not appear in the API docs.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  if (!app.ctx.config.DEV_MAILBOX) return;
  const repo = createMailboxRepository(app.ctx.db);

  app.get(
    '/dev/mailbox/messages',
    {
      schema: {
        tags: ['development'],
        summary: `The last ${MAILBOX_SIZE} mails, newest first (only when DEV_MAILBOX is on)`,
        response: { 200: mailboxResponseSchema },
      },
    },
    async () => {
      const rows = await repo.latest(MAILBOX_SIZE);
      return {
        data: rows.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  );
};
export default routes;
