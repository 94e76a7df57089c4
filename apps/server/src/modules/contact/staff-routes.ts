import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminMessageListQuerySchema,
  adminMessageListResponseSchema,
  adminMessageMessages as m,
  adminMessageReplySchema,
  adminMessageResponseSchema,
  adminMessageStatusSchema,
} from '@knotwork/shared/schemas/contact-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff: messages'], security: [{ bearerAuth: [] }] };

/** Contact-form messages for staff (issue 11, decision 060). Every route names its ability (decision 035). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const messages = app.services.adminMessages;
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/messages',
    {
      config: { ability: ['read', 'message'] },
      schema: {
        ...staff,
        summary: 'Contact-form messages, newest first, optionally by status (new, answered, closed)',
        querystring: adminMessageListQuerySchema,
        response: { 200: adminMessageListResponseSchema, ...errors },
      },
    },
    async (request) => messages.list(request.query),
  );

  app.get(
    '/messages/:id',
    {
      config: { ability: ['read', 'message'] },
      schema: {
        ...staff,
        summary: 'One message with the replies sent to it',
        params: adminIdParamSchema,
        response: { 200: adminMessageResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await messages.detail(request.params.id) }),
  );

  app.patch(
    '/messages/:id',
    {
      config: { ability: ['manage', 'message'] },
      schema: {
        ...staff,
        summary: 'Change the status (new, answered, closed)',
        params: adminIdParamSchema,
        body: adminMessageStatusSchema,
        response: { 200: adminMessageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.statusSaved,
      data: await messages.setStatus(staffId(request), request.params.id, request.body.status),
    }),
  );

  app.post(
    '/messages/:id/replies',
    {
      config: { ability: ['manage', 'message'] },
      schema: {
        ...staff,
        summary: 'Reply by e-mail, in the sender’s language (else English); the message becomes answered',
        params: adminIdParamSchema,
        body: adminMessageReplySchema,
        response: { 201: adminMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: m.replySent,
        data: await messages.reply(staffId(request), request.params.id, request.body.body),
      }),
  );
  return Promise.resolve();
};
export default routes;
