import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditListResponseSchema, adminAuditQuerySchema } from '@knotwork/shared/schemas/audit-staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** GET /admin/audit: the staff_actions table for admins (issue 11). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  app.get(
    '/audit',
    {
      config: { ability: ['read', 'audit'] },
      schema: {
        tags: ['staff'],
        security: [{ bearerAuth: [] }],
        summary: 'Every staff action, newest first; filter by person, kind and day (UTC)',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListResponseSchema, ...errors },
      },
    },
    async (request) => app.services.auditLog.list(request.query),
  );
  return Promise.resolve();
};
export default routes;
