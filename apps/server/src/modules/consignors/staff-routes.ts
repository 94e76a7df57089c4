import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '@knotwork/shared/abilities/staff';
import { apiMessages } from '@knotwork/shared/messages/api';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminConsignmentAgreementSchema,
  adminConsignmentCreateSchema,
  adminConsignmentItemInputSchema,
  adminConsignmentItemParamSchema,
  adminConsignmentListQuerySchema,
  adminConsignmentListResponseSchema,
  adminConsignmentResponseSchema,
  adminConsignmentSavedResponseSchema,
  adminConsignorCreateSchema,
  adminConsignorDeleteResponseSchema,
  adminConsignorDetailResponseSchema,
  adminConsignorIdentityCheckSchema,
  adminConsignorListQuerySchema,
  adminConsignorListResponseSchema,
  adminConsignorMessages as m,
  adminConsignorSavedResponseSchema,
  type AdminConsignorUpdate,
  adminConsignorUpdateSchema,
} from '@knotwork/shared/schemas/consignors-staff';
import { documentLanguageQuerySchema } from '@knotwork/shared/schemas/common';
import { adminStatementQuerySchema } from '@knotwork/shared/schemas/settlements-staff';
import { currentUser } from '../../plugins/auth.ts';
import { forbidden } from '../../lib/http-error.ts';
import { staffErrors, staffId, staffRoutes } from '../../lib/staff-route.ts';
import { sendPdf } from './pdf-reply.ts';
import { reofferStaffRoutes } from './reoffer-staff-routes.ts';

const consignors = staffRoutes('staff: consignors', 'consignment');
/** A consignor's money (the statement) is the payers' to read, as the JSON statement is (settlements/staff-routes.ts). */
const money = staffRoutes('staff: consignors', 'settlement');
const pdfResponse = { 200: z.any().meta({ description: 'application/pdf' }), ...staffErrors };

/** The fields of a consignor that concern paying them: accounts (who pay) may change these, besides specialists. */
const PAYOUT_FIELDS: ReadonlySet<keyof AdminConsignorUpdate> = new Set(['payout']);

/**
 * Consignors and their consignments in the back office (issue 27, decision 086). Specialists take rugs in
 * (`manage consignment`); accounts read them and keep the payout details (`manage settlement`), which a PATCH
 * carrying only `payout` needs; admins do everything. Every answer shows payout details masked.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.consignors;
  const documents = app.services.consignorDocuments;

  app.get(
    '/consignors',
    consignors.read('Consignors, newest first; q searches name, e-mail and company', {
      querystring: adminConsignorListQuerySchema,
      response: { 200: adminConsignorListResponseSchema, ...staffErrors },
    }),
    async (request) => service.list(request.query),
  );

  app.post(
    '/consignors',
    consignors.manage('Add a consignor (payout details are stored encrypted and answered masked)', {
      body: adminConsignorCreateSchema,
      response: { 201: adminConsignorSavedResponseSchema, ...staffErrors },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.consignorCreated, data: await service.create(staffId(request), request.body) }),
  );

  app.get(
    '/consignors/:id',
    consignors.read('One consignor with their consignments', {
      params: adminIdParamSchema,
      response: { 200: adminConsignorDetailResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.detail(request.params.id) }),
  );

  app.patch(
    '/consignors/:id',
    consignors.read('Change a consignor; only the fields sent change (payout alone: accounts may too)', {
      description:
        'Needs `manage consignment`, or `manage settlement` when the body carries only `payout`. `archived` archives or restores.',
      params: adminIdParamSchema,
      body: adminConsignorUpdateSchema,
      response: { 200: adminConsignorSavedResponseSchema, ...staffErrors },
    }),
    async (request) => {
      const { role } = currentUser(request);
      const sent = Object.keys(request.body).filter(
        (k) => request.body[k as keyof AdminConsignorUpdate] !== undefined,
      ) as (keyof AdminConsignorUpdate)[];
      // Payout alone (or nothing) is the payers' too; any other field is the specialists'.
      const onlyPayout = sent.every((k) => PAYOUT_FIELDS.has(k));
      const allowed = can(role, 'manage', 'consignment') || (onlyPayout && can(role, 'manage', 'settlement'));
      if (!allowed) throw forbidden(apiMessages.forbidden);
      return {
        message: m.consignorSaved,
        data: await service.update(staffId(request), request.params.id, request.body),
      };
    },
  );

  app.delete(
    '/consignors/:id',
    consignors.manage('Delete a consignor who never consigned; one with consignments is archived', {
      params: adminIdParamSchema,
      response: { 200: adminConsignorDeleteResponseSchema, ...staffErrors },
    }),
    async (request) => {
      const data = await service.remove(staffId(request), request.params.id);
      return {
        message: data.outcome === 'deleted' ? m.consignorDeleted : m.consignorArchivedNotDeleted,
        data,
      };
    },
  );

  app.post(
    '/consignors/:id/identity-check',
    consignors.read('Record that the consignor’s identity document was seen (needed before a payout)', {
      description: 'Needs `manage consignment` (who takes the rugs in) or `manage settlement` (who pays).',
      params: adminIdParamSchema,
      body: adminConsignorIdentityCheckSchema,
      response: { 200: adminConsignorSavedResponseSchema, ...staffErrors },
    }),
    async (request) => {
      const { role } = currentUser(request);
      if (!can(role, 'manage', 'consignment') && !can(role, 'manage', 'settlement'))
        throw forbidden(apiMessages.forbidden);
      return {
        message: m.identityChecked,
        data: await service.checkIdentity(staffId(request), request.params.id, request.body.document),
      };
    },
  );

  app.get(
    '/consignments',
    consignors.read('Consignments, newest receipt first; q searches the number and the consignor', {
      querystring: adminConsignmentListQuerySchema,
      response: { 200: adminConsignmentListResponseSchema, ...staffErrors },
    }),
    async (request) => service.listConsignments(request.query),
  );

  app.post(
    '/consignments',
    consignors.manage('Record a consignment: the rugs a consignor brought in, with estimates and reserves', {
      body: adminConsignmentCreateSchema,
      response: { 201: adminConsignmentSavedResponseSchema, ...staffErrors },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: m.consignmentCreated,
        data: await service.createConsignment(staffId(request), request.body),
      }),
  );

  app.get(
    '/consignments/:id',
    consignors.read('One consignment with its rugs', {
      params: adminIdParamSchema,
      response: { 200: adminConsignmentResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.consignment(request.params.id) }),
  );

  app.post(
    '/consignments/:id/items',
    consignors.manage('Add a rug to a consignment (a rug is in one open consignment at most)', {
      params: adminIdParamSchema,
      body: adminConsignmentItemInputSchema,
      response: { 200: adminConsignmentSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.itemAdded,
      data: await service.addItem(staffId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/consignments/:id/items/:itemId',
    consignors.manage('Take a rug entered by mistake off a consignment (before it is in a sale)', {
      params: adminConsignmentItemParamSchema,
      response: { 200: adminConsignmentSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.itemRemoved,
      data: await service.removeItem(staffId(request), request.params.id, request.params.itemId),
    }),
  );

  app.post(
    '/consignments/:id/agreement',
    consignors.manage('Record the consignment agreement as sent, or signed on paper', {
      params: adminIdParamSchema,
      body: adminConsignmentAgreementSchema,
      response: { 200: adminConsignmentSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.agreementSaved,
      data: await service.setAgreement(staffId(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/consignors/:id/statement.pdf',
    money.read('A consignor’s statement for a period as a PDF, in their language (or ?lang)', {
      description:
        '`from` included, `to` excluded (YYYY-MM-DD, UTC); default the current year. Lots settled in the period with hammer, commission, fees, VAT and net; advances, corrections, payouts with their batch; the closing balance.',
      params: adminIdParamSchema,
      querystring: adminStatementQuerySchema,
      response: pdfResponse,
    }),
    async (request, reply) =>
      sendPdf(reply, await documents.staffStatement(request.params.id, request.query)),
  );

  app.get(
    '/consignments/:id/agreement.pdf',
    consignors.read('The consignment agreement as a PDF, in the consignor’s language (or ?lang)', {
      params: adminIdParamSchema,
      querystring: documentLanguageQuerySchema,
      response: pdfResponse,
    }),
    async (request, reply) =>
      sendPdf(reply, await documents.staffAgreement(request.params.id, request.query.lang)),
  );

  reofferStaffRoutes(app);
  return Promise.resolve();
};
export default routes;
