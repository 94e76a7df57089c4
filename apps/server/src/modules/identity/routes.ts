import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { identityMessages as m } from '@knotwork/shared/messages/identity';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  identityStatusResponseSchema,
  identityUploadFieldsSchema,
  identityUploadResponseSchema,
  lotIdentityParamSchema,
} from '@knotwork/shared/schemas/identity';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readIdentityUpload } from './upload-request.ts';

const tags = ['identity'];
const security = [{ bearerAuth: [] }];

/**
 * The collector's identity check (issue 28 §3, decision 093): where they stand against the house's threshold, the
 * upload of a document, and the lot page's advance notice.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const identity = app.services.identity;

  app.get(
    '/identity',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'My identity check: my purchases in the period against the threshold, and my latest check',
        response: { 200: identityStatusResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await identity.status(currentUser(request).userId) }),
  );

  app.post(
    '/identity/document',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Send an identity document for review (multipart/form-data: kind, document)',
        description:
          'kind: passport, id_card or driving_licence. document: a photo (JPEG, PNG, WebP or AVIF; re-encoded, metadata ' +
          'dropped) or a PDF, at most 10 MB. Kept privately (never served by /media), read by admins only, deleted ' +
          'after the retention period. 409 while a check waits for review or once one was approved.',
        consumes: ['multipart/form-data'],
        response: {
          201: identityUploadResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readIdentityUpload(request);
      const parsed = identityUploadFieldsSchema.safeParse(fields);
      if (!parsed.success)
        throw badRequest(m.documentKindInvalid, { errors: { kind: m.documentKindInvalid } });
      if (!file) throw badRequest(m.documentRequired, { errors: { document: m.documentRequired } });
      const data = await identity.upload(currentUser(request).userId, parsed.data.kind, file);
      return reply.status(201).send({ message: m.uploaded, data });
    },
  );

  app.get(
    '/rug/offer/identity/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Would buying this lot (rug or lot id) at its low estimate take me to the identity threshold? (the lot page's notice)",
        params: lotIdentityParamSchema,
        response: { 200: identityStatusResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const data = await identity.forLot(currentUser(request).userId, request.params.id);
      if (!data) throw notFound(apiMessages.notFound);
      return { data };
    },
  );
  return Promise.resolve();
};
export default routes;
