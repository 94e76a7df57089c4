import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import { contactSchema } from '@knotwork/shared/schemas/contact';
import { languageFromAcceptLanguage } from '@knotwork/shared/constants/languages';
import { authLimits } from '../auth/limits.ts';
import { contactStaffMail } from '../mail/templates.ts';
import type { RouteDeps } from '../../route-deps.ts';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'rateLimits' | 'config'>> = (app, { rateLimits, config }) => {
  const { contactMessages: repo, contactMail: mail } = app.services;
  app.addHook('onClose', () => mail.drain());

  app.post(
    '/auth/contactus',
    {
      // Signed-in senders are linked to their account; anonymous visitors can write too.
      preHandler: app.optionalAuth,
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the house; staff are notified by e-mail',
        body: contactSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const input = request.body;
      await rateLimits.consume('contactIp', request.ip, authLimits.contactIp);
      await rateLimits.consume('contactEmail', input.email.toLowerCase(), authLimits.contactEmail);
      const userId = request.auth?.userId ?? null;
      // The reply from the back office goes out in this language: the account's, else the site's as they wrote.
      const language =
        (userId ? await repo.accountLanguage(userId) : undefined) ??
        languageFromAcceptLanguage(request.headers['accept-language']);
      const row = await repo.add({
        name: input.name,
        email: input.email,
        mobileNumber: input.mobile_number,
        message: input.message,
        userId,
        ip: request.ip,
        language,
      });
      mail.dispatch({
        to: config.STAFF_EMAIL,
        ...contactStaffMail({
          name: row.name,
          email: row.email,
          mobileNumber: row.mobileNumber,
          message: row.message,
          receivedAt: row.createdAt,
        }),
      });
      return { message: apiMessages.contactReceived };
    },
  );
  return Promise.resolve();
};
export default routes;
