import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consignorPortalMessages as m,
  portalAgreementAcceptSchema,
  portalConsignmentListResponseSchema,
  portalConsignmentParamSchema,
  portalConsignmentResponseSchema,
  portalConsignorResponseSchema,
  portalLinkResponseSchema,
  portalStatementQuerySchema,
  portalStatementResponseSchema,
} from '@knotwork/shared/schemas/consignor-portal';
import { portalAdviceListResponseSchema } from '@knotwork/shared/schemas/consignor-portal-advices';
import { errorResponseSchema } from '@knotwork/shared/schemas/common';
import { currentUser } from '../../plugins/auth.ts';
import { sendPdf } from './pdf-reply.ts';
import { reofferPortalRoutes } from './reoffer-portal-routes.ts';

/**
 * The consignor portal (issue 27 §4): a signed-in account linked to a consignor reads its consignments, each rug's
 * status now, its statement, and accepts the agreements sent to it. Everything starts from the caller's user id:
 * an account that is no consignor's, or another consignor's consignment, answers 404.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const portal = app.services.consignorPortal;
  const documents = app.services.consignorDocuments;
  const errors = { 401: errorResponseSchema, 404: errorResponseSchema };
  const common = { preHandler: app.authenticate };
  const doc = { tags: ['consignor-portal'], security: [{ bearerAuth: [] }] };
  const pdfResponse = {
    200: z.any().meta({ description: 'application/pdf' }),
    400: errorResponseSchema,
    ...errors,
  };

  app.get(
    '/consignor/me',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'The consignor linked to my account (payout details masked)',
        response: { 200: portalConsignorResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await portal.me(currentUser(request).userId) }),
  );

  app.get(
    '/consignor/link',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'Whether my account is linked to a consignor (always 200), and how many agreements await me',
        response: { 200: portalLinkResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await portal.link(currentUser(request).userId) }),
  );

  app.get(
    '/consignor/consignments',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'My consignments, newest first, each rug with its status now (in a sale: its lot and current bid)',
        response: { 200: portalConsignmentListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await portal.consignments(currentUser(request).userId) }),
  );

  app.post(
    '/consignor/consignments/:id/agreement/accept',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'Accept the consignment agreement sent to me, in the version I read (accepting again changes nothing)',
        params: portalConsignmentParamSchema,
        body: portalAgreementAcceptSchema,
        response: {
          200: portalConsignmentResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => ({
      message: m.agreementAccepted,
      data: await portal.acceptAgreement(
        currentUser(request).userId,
        request.params.id,
        request.body.version,
      ),
    }),
  );

  app.get(
    '/consignor/statement',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'My statement for a period (default this year): lines, balance owed to me, payouts',
        querystring: portalStatementQuerySchema,
        response: { 200: portalStatementResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await portal.statement(currentUser(request).userId, request.query) }),
  );

  app.get(
    '/consignor/statement.pdf',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'My statement for a period as a PDF, in my account’s language (default this year)',
        querystring: portalStatementQuerySchema,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await documents.portalStatement(currentUser(request).userId, request.query)),
  );

  app.get(
    '/consignor/consignments/:id/agreement.pdf',
    {
      ...common,
      schema: {
        ...doc,
        summary: 'The agreement of one of my consignments as a PDF, in my account’s language',
        params: portalConsignmentParamSchema,
        response: pdfResponse,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await documents.portalAgreement(currentUser(request).userId, request.params.id)),
  );

  app.get(
    '/consignor/advices',
    {
      ...common,
      schema: {
        ...doc,
        summary:
          'The post-sale advices I was sent, newest first: each lot sold, unsold or passed, and my estimated net',
        response: { 200: portalAdviceListResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await portal.advices(currentUser(request).userId) }),
  );

  reofferPortalRoutes(app);
  return Promise.resolve();
};
export default routes;
