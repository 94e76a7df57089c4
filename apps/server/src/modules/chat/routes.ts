import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage } from '@knotwork/shared/constants/languages';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  CHAT_TOKEN_HEADER,
  chatAvailabilityResponseSchema,
  chatConversationListResponseSchema,
  chatConversationResponseSchema,
  chatIdParamSchema,
  chatMessageInputSchema,
  chatMessageResponseSchema,
  chatStartResponseSchema,
  chatStartSchema,
} from '@knotwork/shared/schemas/chat';
import { currentUser } from '../../plugins/auth.ts';
import { chatLimits } from './limits.ts';
import type { RouteDeps } from '../../route-deps.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['chat'];

const caller = (request: FastifyRequest) => {
  const token = request.headers[CHAT_TOKEN_HEADER];
  return { auth: request.auth, token: typeof token === 'string' ? token : undefined };
};

/**
 * The customer side of the live chat (decision 050): visitors prove their conversation with the token header,
 * signed-in customers with their session. Live delivery is over the live socket; these routes persist.
 */
const routes: FastifyPluginAsyncZod<RouteDeps<'rateLimits'>> = async (app, { rateLimits }) => {
  const chat = await app.services.chat;
  app.addHook('onClose', () => app.services.chatMail.drain());

  app.get(
    '/chat/availability',
    {
      schema: {
        tags,
        summary: 'Whether a staff member is online, and when to expect an answer otherwise',
        response: { 200: chatAvailabilityResponseSchema },
      },
    },
    async () => ({ data: await chat.availability() }),
  );

  app.post(
    '/chat/conversations',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary:
          'Open a conversation with a first message (visitors leave an e-mail address and get a token)',
        body: chatStartSchema,
        response: { 201: chatStartResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimits.consume('chatStartIp', request.ip, chatLimits.startIp);
      await rateLimits.consume('chatMessageIp', request.ip, chatLimits.messageIp);
      const language = languageFromAcceptLanguage(request.headers['accept-language']);
      return reply.code(201).send(await chat.start(request.auth, request.body, language));
    },
  );

  app.get(
    '/chat/conversations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: "The signed-in customer's conversations, latest first",
        response: { 200: chatConversationListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.listMine(currentUser(request).userId) }),
  );

  app.get(
    '/chat/conversations/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'One conversation with its messages',
        params: chatIdParamSchema,
        response: { 200: chatConversationResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await chat.get(request.params.id, caller(request)) }),
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Write in a conversation',
        params: chatIdParamSchema,
        body: chatMessageInputSchema,
        response: { 201: chatMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await rateLimits.consume('chatMessageConversation', request.params.id, chatLimits.messageConversation);
      await rateLimits.consume('chatMessageIp', request.ip, chatLimits.messageIp);
      return reply
        .code(201)
        .send({ data: await chat.post(request.params.id, caller(request), request.body.body) });
    },
  );

  app.post(
    '/chat/conversations/:id/seen',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'Heartbeat of an open widget: clears the unread count; replies meanwhile are not e-mailed',
        params: chatIdParamSchema,
        response: { 200: chatAvailabilityResponseSchema, ...errors },
      },
    },
    // Answers the staff availability too, so the widget's "no one online" notice follows the same heartbeat.
    async (request) => {
      await chat.seen(request.params.id, caller(request));
      return { data: await chat.availability() };
    },
  );

  app.post(
    '/chat/conversations/:id/away',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary: 'The widget closed: replies from now on also go by e-mail (until the next heartbeat)',
        params: chatIdParamSchema,
        response: { 200: chatAvailabilityResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chat.away(request.params.id, caller(request));
      return { data: await chat.availability() };
    },
  );
};
export default routes;
