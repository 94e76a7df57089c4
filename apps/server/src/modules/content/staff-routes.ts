import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminCareerInputSchema,
  adminCareerListResponseSchema,
  adminCareerUpdateSchema,
  adminContentImageResponseSchema,
  adminContentMessages as m,
  adminContentOrderSchema,
  adminContentPreviewResponseSchema,
  adminContentPreviewSchema,
  adminContentVersionSchema,
  adminFaqEntryInputSchema,
  adminFaqEntryUpdateSchema,
  adminFaqGroupInputSchema,
  adminFaqResponseSchema,
  adminHomeResponseSchema,
  adminHomeUpdateSchema,
  adminPageListResponseSchema,
  adminPageParamsSchema,
  adminPageResponseSchema,
  adminPageUpdateSchema,
  adminPostCreateSchema,
  adminPostListQuerySchema,
  adminPostListResponseSchema,
  adminPostResponseSchema,
  adminPostUpdateSchema,
  adminTestimonialInputSchema,
  adminTestimonialListResponseSchema,
  adminTestimonialUpdateSchema,
} from '@knotwork/shared/schemas/content-staff';
import { messageResponseSchema } from '@knotwork/shared/schemas/common';
import {
  staffErrors as errors,
  staffId,
  staffImageUploadRoute,
  staffRoutes,
  type RouteBody,
} from '../../lib/staff-route.ts';

const area = staffRoutes('staff: content', 'content');
const { read, manage } = area;
/** A 200 answer of this shape, or one of the staff errors. */
const ok = <S extends ZodType>(schema: S) => ({ 200: schema, ...errors });
const staleVersion =
  'Send the version you loaded; if someone saved in between, 409 STALE_VERSION and nothing is written.';

/**
 * The back office's content (issue 11, decision 059): blog, FAQ, pages, testimonials, careers and the home page's
 * choices. Every route names its ability (decision 035); the public side reads the same tables (modules/content).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const content = app.services.adminContent;

  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- Blog posts ----
  r.get(
    '/content/posts',
    read('Every post (drafts and scheduled included), paged, sorted and filtered', {
      querystring: adminPostListQuerySchema,
      response: ok(adminPostListResponseSchema),
    }),
    async (request) => content.listPosts(request.query),
  );
  r.post(
    '/content/posts',
    manage('Create a post (a draft unless publishedAt is given)', {
      body: adminPostCreateSchema,
      response: { 201: adminPostResponseSchema, ...errors },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.created, data: await content.createPost(staffId(request), request.body) }),
  );
  r.get(
    '/content/posts/:id',
    read('One post with its Markdown body and version', {
      params: adminIdParamSchema,
      response: ok(adminPostResponseSchema),
    }),
    async (request) => ({ data: await content.post(request.params.id) }),
  );
  r.patch(
    '/content/posts/:id',
    manage('Edit a post', {
      description: staleVersion,
      params: adminIdParamSchema,
      body: adminPostUpdateSchema,
      response: ok(adminPostResponseSchema),
    }),
    async (request) => ({
      message: m.saved,
      data: await content.updatePost(staffId(request), request.params.id, request.body),
    }),
  );
  r.delete(
    '/content/posts/:id',
    manage('Delete a post', { params: adminIdParamSchema, response: ok(messageResponseSchema) }),
    async (request) => {
      await content.deletePost(staffId(request), request.params.id);
      return { message: m.deleted };
    },
  );
  for (const publish of [true, false])
    r.post(
      `/content/posts/:id/${publish ? 'publish' : 'unpublish'}`,
      manage(
        publish ? 'Publish a post now (a future date already set schedules it)' : 'Take a post back to draft',
        {
          params: adminIdParamSchema,
          body: adminContentVersionSchema,
          response: ok(adminPostResponseSchema),
        },
      ),
      async (request) => ({
        message: publish ? m.published : m.unpublished,
        data: await content.setPublished(staffId(request), request.params.id, request.body.version, publish),
      }),
    );
  staffImageUploadRoute(r, '/content/posts/:id/images', {
    routes: area,
    summary: "Upload a picture for a post's body or cover (multipart/form-data, one `file`)",
    response: adminContentImageResponseSchema,
    message: m.imageUploaded,
    save: (staff, id, file) => content.addPostImage(staff, id, file),
  });
  r.post(
    '/content/preview',
    read('Markdown rendered and sanitised exactly as the public pages serve it', {
      body: adminContentPreviewSchema,
      response: ok(adminContentPreviewResponseSchema),
    }),
    (request) => ({ data: content.preview(request.body.markdown) }),
  );

  // ---- FAQ ----
  const faqReply = ok(adminFaqResponseSchema);
  r.get(
    '/content/faq',
    read('The FAQ: groups and their questions, in order', { response: faqReply }),
    async () => ({ data: await content.faq() }),
  );
  r.post(
    '/content/faq/groups',
    manage('Add a FAQ group (last)', { body: adminFaqGroupInputSchema, response: faqReply }),
    async (request) => ({
      message: m.created,
      data: await content.addGroup(staffId(request), request.body.title),
    }),
  );
  r.patch(
    '/content/faq/groups/:id',
    manage('Rename a FAQ group', {
      params: adminIdParamSchema,
      body: adminFaqGroupInputSchema,
      response: faqReply,
    }),
    async (request) => ({
      message: m.saved,
      data: await content.updateGroup(staffId(request), request.params.id, request.body.title),
    }),
  );
  r.delete(
    '/content/faq/groups/:id',
    manage('Delete a FAQ group and its questions', { params: adminIdParamSchema, response: faqReply }),
    async (request) => ({
      message: m.deleted,
      data: await content.deleteGroup(staffId(request), request.params.id),
    }),
  );
  r.put(
    '/content/faq/groups/order',
    manage('Order the FAQ groups', { body: adminContentOrderSchema, response: faqReply }),
    async (request) => ({
      message: m.orderSaved,
      data: await content.orderGroups(staffId(request), request.body.ids),
    }),
  );
  r.put(
    '/content/faq/groups/:id/order',
    manage("Order a group's questions", {
      params: adminIdParamSchema,
      body: adminContentOrderSchema,
      response: faqReply,
    }),
    async (request) => ({
      message: m.orderSaved,
      data: await content.orderEntries(staffId(request), request.params.id, request.body.ids),
    }),
  );
  r.post(
    '/content/faq/entries',
    manage('Add a question (last in its group)', { body: adminFaqEntryInputSchema, response: faqReply }),
    async (request) => ({
      message: m.created,
      data: await content.addEntry(staffId(request), request.body),
    }),
  );
  r.patch(
    '/content/faq/entries/:id',
    manage('Edit a question, its answer or its group', {
      params: adminIdParamSchema,
      body: adminFaqEntryUpdateSchema,
      response: faqReply,
    }),
    async (request) => ({
      message: m.saved,
      data: await content.updateEntry(staffId(request), request.params.id, request.body),
    }),
  );
  r.delete(
    '/content/faq/entries/:id',
    manage('Delete a question', { params: adminIdParamSchema, response: faqReply }),
    async (request) => ({
      message: m.deleted,
      data: await content.deleteEntry(staffId(request), request.params.id),
    }),
  );

  // ---- Pages ----
  r.get(
    '/content/pages',
    read('The About, Terms and Privacy pages', { response: ok(adminPageListResponseSchema) }),
    async () => ({ data: await content.pages() }),
  );
  r.get(
    '/content/pages/:slug',
    read('One page with its Markdown and version (0 when it was never written)', {
      params: adminPageParamsSchema,
      response: ok(adminPageResponseSchema),
    }),
    async (request) => ({ data: await content.page(request.params.slug) }),
  );
  r.put(
    '/content/pages/:slug',
    manage('Save a page', {
      description: staleVersion,
      params: adminPageParamsSchema,
      body: adminPageUpdateSchema,
      response: ok(adminPageResponseSchema),
    }),
    async (request) => ({
      message: m.saved,
      data: await content.savePage(staffId(request), request.params.slug, request.body),
    }),
  );

  // ---- Testimonials and careers: the same five routes each ----
  /**
   * An ordered list's five routes. Typed by the list's item and inputs (not by the schemas' own types), so the
   * compiler checks each handler against its schemas.
   */
  const listRoutes = <Item, Input, Update>(l: {
    path: string;
    what: string;
    input: ZodType<Input>;
    update: ZodType<Update>;
    reply: ZodType<unknown, { message?: string; data: Item[] }>;
    list: () => Promise<Item[]>;
    add: (staffId: string, input: RouteBody<Input>) => Promise<Item[]>;
    edit: (staffId: string, id: string, input: RouteBody<Update>) => Promise<Item[]>;
    remove: (staffId: string, id: string) => Promise<Item[]>;
    order: (staffId: string, ids: string[]) => Promise<Item[]>;
  }) => {
    const reply = ok(l.reply);
    r.get(l.path, read(`Every ${l.what}, in order`, { response: reply }), async () => ({
      data: await l.list(),
    }));
    r.post(l.path, manage(`Add a ${l.what} (last)`, { body: l.input, response: reply }), async (request) => ({
      message: m.created,
      data: await l.add(staffId(request), request.body),
    }));
    r.patch(
      `${l.path}/:id`,
      manage(`Edit a ${l.what}`, { params: adminIdParamSchema, body: l.update, response: reply }),
      async (request) => ({
        message: m.saved,
        data: await l.edit(staffId(request), request.params.id, request.body),
      }),
    );
    r.delete(
      `${l.path}/:id`,
      manage(`Delete a ${l.what}`, { params: adminIdParamSchema, response: reply }),
      async (request) => ({
        message: m.deleted,
        data: await l.remove(staffId(request), request.params.id),
      }),
    );
    r.put(
      `${l.path}/order`,
      manage(`Order the ${l.what}s`, { body: adminContentOrderSchema, response: reply }),
      async (request) => ({
        message: m.orderSaved,
        data: await l.order(staffId(request), request.body.ids),
      }),
    );
  };
  listRoutes({
    path: '/content/testimonials',
    what: 'testimonial',
    input: adminTestimonialInputSchema,
    update: adminTestimonialUpdateSchema,
    reply: adminTestimonialListResponseSchema,
    list: content.testimonials,
    add: content.addTestimonial,
    edit: content.updateTestimonial,
    remove: content.deleteTestimonial,
    order: content.orderTestimonials,
  });
  listRoutes({
    path: '/content/careers',
    what: 'position',
    input: adminCareerInputSchema,
    update: adminCareerUpdateSchema,
    reply: adminCareerListResponseSchema,
    list: content.careers,
    add: content.addCareer,
    edit: content.updateCareer,
    remove: content.deleteCareer,
    order: content.orderCareers,
  });

  // ---- Home page ----
  r.get(
    '/content/home',
    read("The home page's featured sale and collections, and what may be picked", {
      response: ok(adminHomeResponseSchema),
    }),
    async () => ({ data: await content.home() }),
  );
  r.put(
    '/content/home',
    manage("Choose the home page's featured sale and collections", {
      body: adminHomeUpdateSchema,
      response: ok(adminHomeResponseSchema),
    }),
    async (request) => ({ message: m.saved, data: await content.setHome(staffId(request), request.body) }),
  );
  return Promise.resolve();
};
export default routes;
