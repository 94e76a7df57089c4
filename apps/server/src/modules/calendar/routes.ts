import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  calendarFeedSchema,
  calendarMessages,
  calendarTokenParamSchema,
} from '@knotwork/shared/schemas/calendar';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isUuid } from '../../db/raw.ts';
import { getOrCreateSetting } from '../../lib/settings.ts';
import { lotsCalendar, saleCalendar } from './ics.ts';
import { createCalendarRepository } from './repository.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * Calendar reminders (issue 14): "Add to calendar" for one lot, and a personal feed of the lots the user watches or
 * bids on behind a secret, regenerable URL (no session: calendar apps fetch it on their own).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { config, db } = app.ctx;
  // The same secret that signs sessions (app.ts): from JWT_SECRET, else the one kept in the database. Feed tokens
  // are derived from it (decision 047); rotating it replaces every calendar link, as it signs everyone out.
  let secret: Promise<string> | undefined;
  const calendars = createCalendarRepository(
    db,
    () =>
      (secret ??= config.JWT_SECRET
        ? Promise.resolve(config.JWT_SECRET)
        : getOrCreateSetting(db, 'jwt_secret', () => crypto.randomBytes(48).toString('base64url'))),
  );
  const publicUrl = app.ctx.config.PUBLIC_URL;
  const feedOf = (token: string) => {
    const url = new URL(`/api/v1/calendar/${token}.ics`, publicUrl).toString();
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  };
  const auth = { 401: errorResponseSchema, 400: errorResponseSchema };

  app.get(
    '/calendar/feed',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['calendar'],
        security: [{ bearerAuth: [] }],
        summary: 'My calendar feed URL (created on first use)',
        response: { 200: calendarFeedSchema, ...auth },
      },
    },
    async (request) => feedOf(await calendars.token(currentUser(request).userId)),
  );

  app.post(
    '/calendar/feed',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['calendar'],
        security: [{ bearerAuth: [] }],
        summary: 'A new calendar feed URL; the old one stops working',
        response: { 200: calendarFeedSchema, ...auth },
      },
    },
    async (request) => ({
      message: calendarMessages.regenerated,
      ...feedOf(await calendars.regenerate(currentUser(request).userId)),
    }),
  );

  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: 'The personal feed: watched and bid-on lots, closed ones for a week (iCalendar)',
        params: calendarTokenParamSchema,
        response: { 200: z.string(), 404: errorResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await calendars.userOfToken(request.params.token);
      if (!userId) throw notFound(calendarMessages.feedNotFound);
      const body = lotsCalendar(await calendars.lotsOf(userId), publicUrl, 'Knotwork: my lots');
      return reply
        .header('content-type', ICS_TYPE)
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );

  app.get(
    '/lot/:id/calendar.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: "Add to calendar: one lot's closing time (by lot id or rug id), as an .ics file",
        params: idParamSchema,
        response: { 200: z.string(), 404: errorResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const lot = isUuid(request.params.id) ? await calendars.lot(request.params.id) : null;
      if (!lot) throw notFound(calendarMessages.lotNotFound);
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', `attachment; filename="knotwork-lot-${lot.lotNumber}.ics"`)
        .send(lotsCalendar([lot], publicUrl, 'Knotwork'));
    },
  );

  app.get(
    '/auction/:id/calendar.ics',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Add to calendar for a sale (by id or slug): when its lots close, as an .ics file',
        params: idParamSchema,
        response: { 200: z.string(), 404: errorResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const sale = await calendars.sale(request.params.id, isUuid(request.params.id));
      if (!sale) throw notFound(calendarMessages.saleNotFound);
      return reply
        .header('content-type', ICS_TYPE)
        .header('content-disposition', `attachment; filename="knotwork-${sale.slug}.ics"`)
        .send(saleCalendar(sale, publicUrl));
    },
  );
  return Promise.resolve();
};
export default routes;
