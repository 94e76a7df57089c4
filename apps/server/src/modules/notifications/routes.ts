import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { errorResponseSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationMessages,
  notificationReadRequestSchema,
  notificationReadResponseSchema,
  pushRenewSchema,
  pushTokenSchema,
  unreadCountResponseSchema,
  vapidKeyResponseSchema,
} from '@knotwork/shared/schemas/notifications';
import { currentUser } from '../../plugins/auth.ts';
import { toApiNotification } from './notifier.ts';
import { pageMeta } from '../../lib/paging.ts';

// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const { notifications: repo, pushRegistration, vapidKeys } = app.services;

  app.get(
    '/notification',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first',
        security: [{ bearerAuth: [] }],
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const { page, pageSize } = request.query;
      const [{ rows, total }, unreadCount] = await Promise.all([
        repo.page(userId, page, pageSize),
        repo.unreadCount(userId),
      ]);
      return {
        data: rows.map(toApiNotification),
        meta: pageMeta({ page, pageSize }, total),
        unreadCount,
      };
    },
  );

  app.post(
    '/notification/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark some or all of my notifications read',
        description:
          '`{ ids: [...] }` marks those ids (ids that are not mine are ignored); `{ all: true }` marks all of mine.',
        security: [{ bearerAuth: [] }],
        body: notificationReadRequestSchema,
        response: { 200: notificationReadResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      await repo.markRead(userId, 'all' in request.body ? 'all' : request.body.ids);
      return { message: notificationMessages.markedRead, unreadCount: await repo.unreadCount(userId) };
    },
  );

  app.get(
    '/notification/unread/count',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        security: [{ bearerAuth: [] }],
        response: { 200: unreadCountResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ count: await repo.unreadCount(currentUser(request).userId) }),
  );

  app.post(
    '/notification/token',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: "Register this browser's push subscription for me",
        description:
          '`token` is the PushSubscription (endpoint and keys), as an object or its JSON string. The endpoint must be ' +
          'https on a known push service (PUSH_ALLOWED_HOSTS) at a public address; at most 10 per user (the oldest ' +
          'is dropped); 409 `PUSH_ENDPOINT_TAKEN` when another account registered it (subscribe afresh).',
        security: [{ bearerAuth: [] }],
        body: pushTokenSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await pushRegistration.register(
        currentUser(request).userId,
        request.body.token,
        request.headers['user-agent'],
      );
      return { message: apiMessages.pushSaved };
    },
  );

  app.post(
    '/notification/token/renew',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Replace a push subscription the browser renewed (from the service worker, without a session)',
        description:
          'Sent by the service worker on `pushsubscriptionchange`. `oldEndpoint` and `oldAuth` (the old ' +
          "subscription's auth secret) identify its owner; `token` is registered for them under the rules of " +
          'POST /notification/token and the old subscription is deleted. 404 when no subscription has that ' +
          'endpoint and secret.',
        body: pushRenewSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await pushRegistration.renew(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { message: apiMessages.pushSaved };
    },
  );

  app.get(
    '/notification/vapid-public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: "The server's VAPID public key, for PushManager.subscribe",
        response: { 200: vapidKeyResponseSchema },
      },
    },
    async () => ({ publicKey: (await vapidKeys()).publicKey }),
  );
  return Promise.resolve();
};
export default routes;
