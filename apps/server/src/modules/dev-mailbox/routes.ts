import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailboxResponseSchema } from './schema.ts';
import type { RouteDeps } from '../../route-deps.ts';

export const MAILBOX_SIZE = 100;

/**
 * The development mailbox: the last mails the server sent or kept (codes included), so a developer can
 * follow sign-ups without SMTP. Registered only when DEV_MAILBOX is on, which config/env.ts never allows
 * under NODE_ENV=production; otherwise the path is a plain 404 and does not appear in the API docs. Staff
 * only even then: the list holds every user's live codes (docs/decisions/009-mail-and-dev-mailbox.md).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'config'>> = (app, { config }) => {
  if (!config.DEV_MAILBOX) return Promise.resolve();
  const repo = app.services.devMailbox;

  app.get(
    '/dev/mailbox/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['development'],
        security: [{ bearerAuth: [] }],
        summary: `The last ${MAILBOX_SIZE} mails, newest first (staff, only when DEV_MAILBOX is on)`,
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
  return Promise.resolve();
};
export default routes;
