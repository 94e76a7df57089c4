import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityStaffMessages as sm } from '@knotwork/shared/messages/identity';
import {
  adminIdentityCheckResponseSchema,
  adminIdentityListQuerySchema,
  adminIdentityListResponseSchema,
  adminIdentityRejectSchema,
  adminUserIdentityResponseSchema,
} from '@knotwork/shared/schemas/identity';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { notFound } from '../../lib/http-error.ts';
import { staffErrors, staffId } from '../../lib/staff-route.ts';

const staff = { tags: ['staff: identity'], security: [{ bearerAuth: [] }] };

/**
 * Identity checks in the back office (issue 28 §3, under /admin): admins only (the `identity` ability, granted to no
 * other role). The review queue, the document streamed through this authenticated route and never cached, approving
 * and refusing with a reason; the buyer is told by e-mail and in the bell.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const identity = app.services.identity;

  app.get(
    '/identity-checks',
    {
      config: { ability: ['read', 'identity'] },
      schema: {
        ...staff,
        summary: 'Identity checks: the queue waiting for review (oldest first), or the reviewed ones',
        querystring: adminIdentityListQuerySchema,
        response: { 200: adminIdentityListResponseSchema, ...staffErrors },
      },
    },
    async (request) =>
      identity.list(request.query.status, { page: request.query.page, pageSize: request.query.pageSize }),
  );

  app.get(
    '/identity-checks/:id/document',
    {
      config: { ability: ['read', 'identity'] },
      schema: {
        ...staff,
        summary: "A check's document (WebP photo or PDF), streamed, never cached; opening it is audited",
        params: adminIdParamSchema,
        response: { 200: z.any().meta({ description: 'image/webp or application/pdf' }), ...staffErrors },
      },
    },
    async (request, reply) => {
      const doc = await identity.document(staffId(request), request.params.id);
      const disposition = doc.contentType === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .type(doc.contentType)
        .header('content-length', doc.object.size)
        .header('content-disposition', `${disposition}; filename="${doc.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(doc.object.body);
    },
  );

  app.post(
    '/identity-checks/:id/approve',
    {
      config: { ability: ['manage', 'identity'] },
      schema: {
        ...staff,
        summary: 'Approve a check: the buyer may pay above the threshold',
        params: adminIdParamSchema,
        response: { 200: adminIdentityCheckResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: sm.approved,
      data: await identity.approve(staffId(request), request.params.id),
    }),
  );

  app.post(
    '/identity-checks/:id/reject',
    {
      config: { ability: ['manage', 'identity'] },
      schema: {
        ...staff,
        summary: 'Refuse a check with a reason the buyer reads; they may upload another document',
        params: adminIdParamSchema,
        body: adminIdentityRejectSchema,
        response: { 200: adminIdentityCheckResponseSchema, ...staffErrors },
      },
    },
    async (request) => ({
      message: sm.rejected,
      data: await identity.reject(staffId(request), request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/users/:id/identity',
    {
      config: { ability: ['read', 'identity'] },
      schema: {
        ...staff,
        summary: "A bidder's identity standing and checks, for their page",
        params: adminIdParamSchema,
        response: { 200: adminUserIdentityResponseSchema, ...staffErrors },
      },
    },
    async (request) => {
      const data = await identity.ofUser(request.params.id);
      if (!data) throw notFound(sm.checkNotFound);
      return { data };
    },
  );
  return Promise.resolve();
};
export default routes;
