import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminCollectionCreateSchema,
  adminCollectionDeleteResponseSchema,
  adminCollectionListResponseSchema,
  adminCollectionMessages as m,
  adminCollectionOrderResponseSchema,
  adminCollectionOrderSchema,
  adminCollectionResponseSchema,
  adminCollectionRugListResponseSchema,
  adminCollectionRugParamsSchema,
  adminCollectionRugsAddSchema,
  adminCollectionRugsQuerySchema,
  adminCollectionUpdateSchema,
} from '@knotwork/shared/schemas/collections-staff';
import { staffErrors as errors, staffId, staffImageUploadRoute, staffRoutes } from '../../lib/staff-route.ts';

const area = staffRoutes('staff: collections', 'collection');
const { read, manage } = area;

/** The back office's collections (issue 11, decision 060). Every route names its ability (decision 035). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const collections = app.services.adminCollections;

  app.get(
    '/collections',
    read('Every collection in display order, with rug counts (all and published) and covers', {
      response: { 200: adminCollectionListResponseSchema, ...errors },
    }),
    async () => ({ data: await collections.list() }),
  );

  app.post(
    '/collections',
    manage('Create a collection; it goes last in the order. Titles are unique (409 otherwise)', {
      body: adminCollectionCreateSchema,
      response: { 201: adminCollectionResponseSchema, ...errors },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: m.collectionCreated,
        data: await collections.create(staffId(request), {
          title: request.body.title,
          description: request.body.description ?? '',
        }),
      }),
  );

  app.put(
    '/collections/order',
    manage('Set the display order: every collection exactly once, first shown first', {
      body: adminCollectionOrderSchema,
      response: { 200: adminCollectionOrderResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.collectionsOrdered,
      data: await collections.order(staffId(request), request.body.collectionIds),
    }),
  );

  app.get(
    '/collections/:id',
    read('One collection', {
      params: adminIdParamSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({ data: await collections.detail(request.params.id) }),
  );

  app.patch(
    '/collections/:id',
    manage('Edit a collection’s title or description', {
      params: adminIdParamSchema,
      body: adminCollectionUpdateSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.collectionSaved,
      data: await collections.update(staffId(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/collections/:id/publish',
    manage('Publish a draft collection: refused (409) until it holds a published rug', {
      params: adminIdParamSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.collectionPublished,
      data: await collections.setStatus(staffId(request), request.params.id, 'published'),
    }),
  );

  app.post(
    '/collections/:id/unpublish',
    manage('Take a collection back to draft: visitors no longer see it', {
      params: adminIdParamSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.collectionUnpublished,
      data: await collections.setStatus(staffId(request), request.params.id, 'draft'),
    }),
  );

  app.delete(
    '/collections/:id',
    manage('Delete a collection: its rugs are unlinked, never deleted', {
      params: adminIdParamSchema,
      response: { 200: adminCollectionDeleteResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.collectionDeleted,
      data: { unlinkedRugs: await collections.remove(staffId(request), request.params.id) },
    }),
  );

  app.get(
    '/collections/:id/rugs',
    read('The collection’s rugs (drafts included), by title, paged', {
      params: adminIdParamSchema,
      querystring: adminCollectionRugsQuerySchema,
      response: { 200: adminCollectionRugListResponseSchema, ...errors },
    }),
    async (request) => collections.rugs(request.params.id, request.query.page, request.query.pageSize),
  );

  app.post(
    '/collections/:id/rugs',
    manage('Add rugs (picked from GET /admin/rugs); rugs already in it are left as they are', {
      params: adminIdParamSchema,
      body: adminCollectionRugsAddSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.rugsAdded,
      data: await collections.addRugs(staffId(request), request.params.id, request.body.rugIds),
    }),
  );

  app.delete(
    '/collections/:id/rugs/:rugId',
    manage('Take a rug out of the collection (the rug stays in the catalogue)', {
      params: adminCollectionRugParamsSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.rugRemoved,
      data: await collections.removeRug(staffId(request), request.params.id, request.params.rugId),
    }),
  );

  staffImageUploadRoute(app, '/collections/:id/cover', {
    routes: area,
    summary: 'Set the cover picture (multipart/form-data, one `file`), through the media pipeline',
    response: adminCollectionResponseSchema,
    message: m.coverSaved,
    save: (staff, id, file) => collections.setCover(staff, id, file),
  });

  app.delete(
    '/collections/:id/cover',
    manage('Remove the own cover: the collection shows its most valuable rug’s first picture again', {
      params: adminIdParamSchema,
      response: { 200: adminCollectionResponseSchema, ...errors },
    }),
    async (request) => ({
      message: m.coverRemoved,
      data: await collections.removeCover(staffId(request), request.params.id),
    }),
  );
  return Promise.resolve();
};
export default routes;
