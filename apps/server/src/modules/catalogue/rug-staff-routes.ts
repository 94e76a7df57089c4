import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@knotwork/shared/abilities/staff';
import { apiMessages } from '@knotwork/shared/messages/api';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminRugBulkResponseSchema,
  adminRugBulkSchema,
  adminRugCreateSchema,
  adminRugListQuerySchema,
  adminRugListResponseSchema,
  adminRugMessages as m,
  adminRugPhotoOrderSchema,
  adminRugResponseSchema,
  adminRugUpdateSchema,
  adminRugVersionSchema,
} from '@knotwork/shared/schemas/catalogue-staff';
import { forbidden } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth.ts';
import { staffErrors as errors, staffId, staffImageUploadRoute, staffRoutes } from '../../lib/staff-route.ts';

const area = staffRoutes('staff: rugs', 'rug');
const { read, manage } = area;
const photoParams = z.object({ id: z.uuid(), imageId: z.uuid() });

/** The back office's rug catalogue (issue 11, decision 036). Every route names its ability (decision 035). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const rugs = app.services.adminRugs;
  const bulk = app.services.rugBulk;

  app.post(
    '/rugs/bulk',
    manage(
      'One action on many rugs (at most 100): publish, unpublish, add to a collection (also needs manage collection) or add to a sale as lots through the add-lot rules (also needs manage lot); a result per rug',
      { body: adminRugBulkSchema, response: { 200: adminRugBulkResponseSchema, ...errors } },
    ),
    async (request) => {
      const { role } = currentUser(request);
      const { action } = request.body;
      // The route's ability is manage rug; moving rugs into a collection or a sale is also that area's.
      if (
        (action === 'addToCollection' && !can(role, 'manage', 'collection')) ||
        (action === 'addToSale' && !can(role, 'manage', 'lot'))
      )
        throw forbidden(apiMessages.forbidden);
      return bulk.run(staffId(request), request.body);
    },
  );

  app.get(
    '/rugs',
    read('Every rug (drafts included), paged, sorted and filtered; q searches the catalogue text', {
      querystring: adminRugListQuerySchema,
      response: { 200: adminRugListResponseSchema, ...errors },
    }),
    async (request) => rugs.list(request.query),
  );

  app.post(
    '/rugs',
    manage('Create a rug (a draft until published)', {
      body: adminRugCreateSchema,
      response: { 201: adminRugResponseSchema, ...errors },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.rugCreated, data: await rugs.create(staffId(request), request.body) }),
  );

  app.get(
    '/rugs/:id',
    read('One rug with every field, its version and its photos', {
      params: adminIdParamSchema,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
    async (request) => ({ data: await rugs.detail(request.params.id) }),
  );

  app.patch(
    '/rugs/:id',
    manage('Edit a rug', {
      description:
        'Send the version you loaded; if someone saved in between, 409 STALE_VERSION and nothing is written.',
      params: adminIdParamSchema,
      body: adminRugUpdateSchema,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.rugSaved,
      data: await rugs.update(staffId(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/rugs/:id/publish',
    manage('Publish a draft or withdrawn rug', {
      params: adminIdParamSchema,
      body: adminRugVersionSchema,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.rugPublished,
      data: await rugs.publish(staffId(request), request.params.id, request.body.version),
    }),
  );

  app.post(
    '/rugs/:id/unpublish',
    manage('Take an available rug back to draft (not while it is in a scheduled or open lot)', {
      params: adminIdParamSchema,
      body: adminRugVersionSchema,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.rugUnpublished,
      data: await rugs.unpublish(staffId(request), request.params.id, request.body.version),
    }),
  );

  staffImageUploadRoute(app, '/rugs/:id/photos', {
    routes: area,
    summary: 'Add a photo (multipart/form-data, one `file`); it goes last, the first photo is the cover',
    response: adminRugResponseSchema,
    message: m.photosSaved,
    save: (staff, id, file) => rugs.addPhoto(staff, id, file),
  });

  app.delete(
    '/rugs/:id/photos/:imageId',
    manage('Remove a photo from a rug', {
      params: photoParams,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.photosSaved,
      data: await rugs.removePhoto(staffId(request), request.params.id, request.params.imageId),
    }),
  );

  app.put(
    '/rugs/:id/photos',
    manage('Reorder the photos; the first is the cover', {
      params: adminIdParamSchema,
      body: adminRugPhotoOrderSchema,
      response: { 200: adminRugResponseSchema, ...errors },
    }),
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
  return Promise.resolve();
};
export default routes;
