import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import {
  conditionLotParamSchema,
  conditionRequestCreateSchema,
  conditionRequestResponseSchema,
  conditionStandingResponseSchema,
  myConditionRequestListResponseSchema,
} from '@knotwork/shared/schemas/condition-reports';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['condition reports'];
const signedIn = { security: [{ bearerAuth: [] }] };

/** Condition reports on request (issue 29 §2, decision 095): a lot's report as the caller stands, and asking for it. */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const reports = app.services.conditionReports;

  app.get(
    '/rug/condition-report/:id',
    {
      preHandler: app.optionalAuth,
      schema: {
        tags,
        summary:
          'A lot’s condition report as the caller stands: the house’s promise, whether a report exists (signed in), the caller’s request and, once answered, the report with its photos',
        params: conditionLotParamSchema,
        response: {
          200: conditionStandingResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await reports.standing(request.params.id, request.auth?.userId) }),
  );

  app.post(
    '/rug/condition-report/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary:
          'Ask for a lot’s condition report, with an optional question: answered within the house’s promise, or at once when the lot has a report (201); asking again is the same request (200)',
        params: conditionLotParamSchema,
        body: conditionRequestCreateSchema,
        response: {
          200: conditionRequestResponseSchema,
          201: conditionRequestResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await reports.request(
        currentUser(request).userId,
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/rug/condition-reports',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        ...signedIn,
        summary: 'My condition report requests, newest first, each with its lot and the report once answered',
        response: { 200: myConditionRequestListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await reports.mine(currentUser(request).userId) }),
  );
  return Promise.resolve();
};
export default routes;
