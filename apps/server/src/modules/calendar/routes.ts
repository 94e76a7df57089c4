import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { lotsCalendar, saleCalendar } from './ics.ts';
import type { RouteDeps } from '../../route-deps.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/**
 * Calendar reminders (issue 14): "Add to calendar" for one lot, and a personal feed of the lots the user watches or
 * bids on behind a secret, regenerable URL (no session: calendar apps fetch it on their own).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod<RouteDeps<'config'>> = (app, { config }) => {
  const calendars = app.services.calendars;
  const publicUrl = config.PUBLIC_URL;
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
