import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminStaffCreateSchema,
  adminStaffListResponseSchema,
  adminStaffMessages as m,
  adminStaffResponseSchema,
  adminStaffRoleSchema,
} from '@knotwork/shared/schemas/staff';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const staff = { tags: ['staff'], security: [{ bearerAuth: [] }] };

/** Staff accounts and roles, for admins (issue 11, decision 039). */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const accounts = app.services.staffAccounts;

  app.get(
    '/staff',
    {
      config: { ability: ['read', 'staff'] },
      schema: {
        ...staff,
        summary: 'Every staff account with its role and last audited action',
        response: { 200: adminStaffListResponseSchema, ...errors },
      },
    },
    async () => ({ data: await accounts.list() }),
  );

  app.post(
    '/staff',
    {
      config: { ability: ['manage', 'staff'] },
      schema: {
        ...staff,
        summary: 'Give a person a staff role (an existing account keeps its password)',
        body: adminStaffCreateSchema,
        response: { 201: adminStaffResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.staffAdded, data: await accounts.add(currentUser(request).userId, request.body) }),
  );

  app.patch(
    '/staff/:id',
    {
      config: { ability: ['manage', 'staff'] },
      schema: {
        ...staff,
        summary: "Change a person's role; `user` takes staff access away and signs them out",
        params: adminIdParamSchema,
        body: adminStaffRoleSchema,
        response: { 200: adminStaffResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await accounts.setRole(currentUser(request).userId, request.params.id, request.body.role);
      return { message: request.body.role === 'user' ? m.accessRemoved : m.roleChanged, data };
    },
  );
  return Promise.resolve();
};
export default routes;
