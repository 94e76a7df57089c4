import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  adminChatCustomerBidsResponseSchema,
  adminChatDetailResponseSchema,
  adminChatListQuerySchema,
  adminChatListResponseSchema,
  adminChatReplyResponseSchema,
  adminChatStaffResponseSchema,
  adminChatUpdateSchema,
  chatAvailabilityResponseSchema,
  chatIdParamSchema,
  chatMessageInputSchema,
} from '@knotwork/shared/schemas/chat';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** The staff inbox API under /admin/chat (decision 050): every route needs a signed-in staff member. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const chat = await app.services.chat;

  app.get(
    '/chat/conversations',
    {
      config: { ability: ['read', 'chat'] },
      schema: {
        ...staff,
        summary:
          'Conversations, longest waiting first, with status, assignee, unread count and waiting-since',
        querystring: adminChatListQuerySchema,
        response: { 200: adminChatListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.listForStaff(request.query) }),
  );

  app.get(
    '/chat/conversations/:id',
    {
      config: { ability: ['read', 'chat'] },
      schema: {
        ...staff,
        summary: 'One conversation with its messages and customer (reading it clears the unread count)',
        params: chatIdParamSchema,
        response: { 200: adminChatDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.openForStaff(request.params.id) }),
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      config: { ability: ['manage', 'chat'] },
      schema: {
        ...staff,
        summary: "Reply: live in the customer's widget, by e-mail when they are not on the site",
        params: chatIdParamSchema,
        body: chatMessageInputSchema,
        response: { 201: adminChatReplyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await chat.reply(currentUser(request).userId, request.params.id, request.body.body)),
  );

  app.patch(
    '/chat/conversations/:id',
    {
      config: { ability: ['manage', 'chat'] },
      schema: {
        ...staff,
        summary: 'Set the status (open, pending, resolved) and/or the assignee',
        params: chatIdParamSchema,
        body: adminChatUpdateSchema,
        response: { 200: adminChatDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.update(request.params.id, request.body) }),
  );

  app.get(
    '/chat/conversations/:id/bids',
    {
      config: { ability: ['read', 'chat'] },
      schema: {
        ...staff,
        summary:
          "The signed-in customer's latest bids (empty for a visitor); their orders are at /admin/orders?userId=",
        params: chatIdParamSchema,
        response: { 200: adminChatCustomerBidsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.customerBids(request.params.id) }),
  );

  app.get(
    '/chat/staff',
    {
      config: { ability: ['read', 'chat'] },
      schema: {
        ...staff,
        summary: 'Staff who can be assigned, with who is online',
        response: { 200: adminChatStaffResponseSchema, ...errors },
      },
    },
    async () => ({ data: await chat.staff() }),
  );

  app.post(
    '/chat/presence',
    {
      config: { ability: ['read', 'chat'] },
      schema: {
        ...staff,
        summary: 'Heartbeat of an open inbox: this staff member is online (every 30 s)',
        response: { 200: chatAvailabilityResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chat.heartbeat(currentUser(request).userId);
      return { data: await chat.availability() };
    },
  );
};
export default routes;
