import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/admin';
import {
  adminRugCreateSchema,
  adminRugListQuerySchema,
  adminRugListResponseSchema,
  adminRugMessages as m,
  adminRugPhotoOrderSchema,
  adminRugResponseSchema,
  adminRugUpdateSchema,
  adminRugVersionSchema,
} from '@knotwork/shared/schemas/admin-rugs';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { mediaMessages } from '@knotwork/shared/schemas/media';
import { badRequest } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createMediaService } from '../media/index.ts';
import { createAdminRugService } from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const staff = { tags: ['staff: rugs'], security: [{ bearerAuth: [] }] };
const photoParams = z.object({ id: z.uuid(), imageId: z.uuid() });

/** The back office's rug catalogue (issue 11, decision 036). Every route names its ability (decision 035). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, storage } = app.ctx;
  const rugs = createAdminRugService({
    db,
    media: createMediaService({ db, storage, config }),
    mediaBaseUrl: config.MEDIA_BASE_URL,
  });
  app.addHook('onRequest', app.requireStaff);
  const staffId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/admin/rugs',
    {
      config: { ability: ['read', 'rug'] },
      schema: {
        ...staff,
        summary: 'Every rug (drafts included), paged, sorted and filtered; q searches the catalogue text',
        querystring: adminRugListQuerySchema,
        response: { 200: adminRugListResponseSchema, ...errors },
      },
    },
    async (request) => rugs.list(request.query),
  );

  app.post(
    '/admin/rugs',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Create a rug (a draft until published)',
        body: adminRugCreateSchema,
        response: { 201: adminRugResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.rugCreated, data: await rugs.create(staffId(request), request.body) }),
  );

  app.get(
    '/admin/rugs/:id',
    {
      config: { ability: ['read', 'rug'] },
      schema: {
        ...staff,
        summary: 'One rug with every field, its version and its photos',
        params: adminIdParamSchema,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await rugs.detail(request.params.id) }),
  );

  app.patch(
    '/admin/rugs/:id',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Edit a rug',
        description:
          'Send the version you loaded; if someone saved in between, 409 STALE_VERSION and nothing is written.',
        params: adminIdParamSchema,
        body: adminRugUpdateSchema,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.rugSaved,
      data: await rugs.update(staffId(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/admin/rugs/:id/publish',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Publish a draft or withdrawn rug',
        params: adminIdParamSchema,
        body: adminRugVersionSchema,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.rugPublished,
      data: await rugs.publish(staffId(request), request.params.id, request.body.version),
    }),
  );

  app.post(
    '/admin/rugs/:id/unpublish',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Take an available rug back to draft (not while it is in a scheduled or open lot)',
        params: adminIdParamSchema,
        body: adminRugVersionSchema,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.rugUnpublished,
      data: await rugs.unpublish(staffId(request), request.params.id, request.body.version),
    }),
  );

  app.post(
    '/admin/rugs/:id/photos',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Add a photo (multipart/form-data, one `file`); it goes last, the first photo is the cover',
        consumes: ['multipart/form-data'],
        params: adminIdParamSchema,
        response: {
          200: adminRugResponseSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(mediaMessages.unreadable);
      const part = await request.file();
      if (!part) throw badRequest(mediaMessages.unreadable);
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw badRequest(mediaMessages.tooLarge);
      return {
        message: m.photosSaved,
        data: await rugs.addPhoto(staffId(request), request.params.id, buffer),
      };
    },
  );

  app.delete(
    '/admin/rugs/:id/photos/:imageId',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Remove a photo from a rug',
        params: photoParams,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.photosSaved,
      data: await rugs.removePhoto(staffId(request), request.params.id, request.params.imageId),
    }),
  );

  app.put(
    '/admin/rugs/:id/photos',
    {
      config: { ability: ['manage', 'rug'] },
      schema: {
        ...staff,
        summary: 'Reorder the photos; the first is the cover',
        params: adminIdParamSchema,
        body: adminRugPhotoOrderSchema,
        response: { 200: adminRugResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: m.photosSaved,
      data: await rugs.orderPhotos(
        staffId(request),
        request.params.id,
        request.body.version,
        request.body.imageIds,
      ),
    }),
  );
};
export default routes;
