import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamSchema, messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  SAVED_SEARCHES_MAX,
  savedSearchCreateSchema,
  savedSearchListSchema,
  savedSearchMessages,
  savedSearchResponseSchema,
  savedSearchUpdateSchema,
} from '@knotwork/shared/schemas/saved-search';
import { conflict, notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { isUuid } from '../../db/raw.ts';

/**
 * Saved searches (issue 14): the owner's listing filters that alert on new matches. Owner-only: another user's id
 * answers 404, exactly like an id that does not exist.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const searches = app.services.savedSearches;
  const auth = { 401: errorResponseSchema, 400: errorResponseSchema };
  const common = { preHandler: app.authenticate, tags: ['saved searches'], security: [{ bearerAuth: [] }] };
  const ownId = (id: string) => {
    if (!isUuid(id)) throw notFound(savedSearchMessages.notFound);
    return id;
  };

  app.get(
    '/saved-search',
    {
      preHandler: common.preHandler,
      schema: {
        tags: common.tags,
        security: common.security,
        summary: 'My saved searches, newest first, with how many rugs each has alerted about',
        response: { 200: savedSearchListSchema, ...auth },
      },
    },
    async (request) => ({ data: await searches.list(currentUser(request).userId) }),
  );

  app.post(
    '/saved-search',
    {
      preHandler: common.preHandler,
      schema: {
        tags: common.tags,
        security: common.security,
        summary: 'Save a listing filter (the JSON of /rug-listings?data=) with a name and an e-mail choice',
        body: savedSearchCreateSchema,
        response: { 201: savedSearchResponseSchema, 409: errorResponseSchema, ...auth },
      },
    },
    async (request, reply) => {
      const created = await searches.create(currentUser(request).userId, request.body, SAVED_SEARCHES_MAX);
      if (!created) throw conflict(savedSearchMessages.tooMany, { code: 'SAVED_SEARCHES_LIMIT' });
      return reply.code(201).send({ message: savedSearchMessages.created, data: created });
    },
  );

  app.put(
    '/saved-search/:id',
    {
      preHandler: common.preHandler,
      schema: {
        tags: common.tags,
        security: common.security,
        summary: 'Rename a saved search, change its e-mail choice, pause or resume it',
        params: idParamSchema,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchResponseSchema, 404: errorResponseSchema, ...auth },
      },
    },
    async (request) => {
      const updated = await searches.update(
        currentUser(request).userId,
        ownId(request.params.id),
        request.body,
      );
      if (!updated) throw notFound(savedSearchMessages.notFound);
      return { message: savedSearchMessages.updated, data: updated };
    },
  );

  app.delete(
    '/saved-search/:id',
    {
      preHandler: common.preHandler,
      schema: {
        tags: common.tags,
        security: common.security,
        summary: 'Delete a saved search (its alerts stop at once)',
        params: idParamSchema,
        response: { 200: messageResponseSchema, 404: errorResponseSchema, ...auth },
      },
    },
    async (request) => {
      const gone = await searches.remove(currentUser(request).userId, ownId(request.params.id));
      if (!gone) throw notFound(savedSearchMessages.notFound);
      return { message: savedSearchMessages.deleted };
    },
  );
  return Promise.resolve();
};
export default routes;
