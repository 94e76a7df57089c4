import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import {
  biddingMessages,
  likedRugsResponseSchema,
  likeToggleResponseSchema,
  myListQuerySchema,
} from '@knotwork/shared/schemas/bidding';
import { errorResponseSchema, idParamSchema } from '@knotwork/shared/schemas/common';
import { notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';

/** Liked rugs: the user's watchlist (AUCTION-RULES.md: watchers hear when a lot opens and before it ends). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const likes = app.services.likes;
  const lists = app.services.myLists;
  const auth = { 401: errorResponseSchema, 400: errorResponseSchema };

  app.post(
    '/rug/auction/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['likes'],
        summary: 'Like or unlike a rug (toggle); answers whether it is now liked',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        response: { 200: likeToggleResponseSchema, 404: errorResponseSchema, ...auth },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const liked = await likes.toggle(userId, request.params.id);
      if (liked === null) throw notFound(apiMessages.notFound);
      return { message: liked ? biddingMessages.liked : biddingMessages.unliked, liked };
    },
  );

  app.get(
    '/rug/like/list',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['likes'],
        summary: 'My liked rugs, most recently liked first, with their lots (and my standing on each)',
        security: [{ bearerAuth: [] }],
        querystring: myListQuerySchema,
        response: { 200: likedRugsResponseSchema, ...auth },
      },
    },
    async (request) => lists.likedRugs(currentUser(request).userId, request.query),
  );
  return Promise.resolve();
};
export default routes;
