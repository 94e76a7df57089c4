import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminAdvanceCreateSchema,
  adminAdvanceResponseSchema,
  adminPayableListResponseSchema,
  adminPayoutBatchCreateSchema,
  adminPayoutBatchListQuerySchema,
  adminPayoutBatchListResponseSchema,
  adminPayoutBatchResponseSchema,
  adminPayoutBatchSavedResponseSchema,
  adminPayoutTransfersSentResponseSchema,
  adminPayoutFileQuerySchema,
  adminSettlementListQuerySchema,
  adminSettlementListResponseSchema,
  adminSettlementMessages as m,
  adminSettlementRunResponseSchema,
  adminSettlementRunSchema,
  adminStatementQuerySchema,
  adminStatementResponseSchema,
} from '@knotwork/shared/schemas/settlements-staff';
import { staffErrors, staffId, staffRoutes } from '../../lib/staff-route.ts';

const settlements = staffRoutes('staff: settlements', 'settlement');

/**
 * Settlements and payouts in the back office (issue 27, decision 087): accounts and admins (`settlement`). What is
 * due and held (and why), the settlement run, payout batches with their bank files, advances, and statements.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.settlements;

  app.get(
    '/settlements',
    settlements.read('Consigned lots due for settlement, held (with the reason), or settled', {
      querystring: adminSettlementListQuerySchema,
      response: { 200: adminSettlementListResponseSchema, ...staffErrors },
    }),
    async (request) => service.list(request.query),
  );

  app.post(
    '/settlements/run',
    settlements.manage('Settle every lot due (or the ones named); running it twice posts nothing twice', {
      description:
        'Reverses first the settled lots whose buyer was refunded in full since, then posts each due lot once.',
      body: adminSettlementRunSchema,
      response: { 200: adminSettlementRunResponseSchema, ...staffErrors },
    }),
    async (request) => ({ message: m.settled, data: await service.run(staffId(request), request.body) }),
  );

  app.get(
    '/payouts',
    settlements.read('What each consignor is owed, and whether a payout batch can pay it now (or why not)', {
      response: { 200: adminPayableListResponseSchema, ...staffErrors },
    }),
    async () => service.payables(),
  );

  app.get(
    '/payout-batches',
    settlements.read('Payout batches, newest first', {
      querystring: adminPayoutBatchListQuerySchema,
      response: { 200: adminPayoutBatchListResponseSchema, ...staffErrors },
    }),
    async (request) => service.batches(request.query),
  );

  app.post(
    '/payout-batches',
    settlements.manage('Create a payout batch: every payable consignor, or the ones named', {
      body: adminPayoutBatchCreateSchema,
      response: { 201: adminPayoutBatchSavedResponseSchema, ...staffErrors },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: m.batchCreated, data: await service.createBatch(staffId(request), request.body) }),
  );

  app.get(
    '/payout-batches/:id',
    settlements.read('One payout batch with its payments', {
      params: adminIdParamSchema,
      response: { 200: adminPayoutBatchResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.batch(request.params.id) }),
  );

  app.get(
    '/payout-batches/:id/file',
    settlements.manage('The batch’s bank file: SEPA pain.001.001.09 XML, or CSV', {
      params: adminIdParamSchema,
      querystring: adminPayoutFileQuerySchema,
      response: { 200: z.string().meta({ description: 'application/xml or text/csv' }), ...staffErrors },
    }),
    async (request, reply) => {
      const file = await service.file(
        staffId(request),
        request.params.id,
        request.query.format,
        request.query.executionDate,
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/payout-batches/:id/paid',
    settlements.manage('Mark the batch paid (the bank confirmed it): once; a second time is a 409', {
      params: adminIdParamSchema,
      response: { 200: adminPayoutBatchSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.batchPaid,
      data: await service.markPaid(staffId(request), request.params.id),
    }),
  );

  app.post(
    '/payout-batches/:id/transfers',
    settlements.manage('Send the batch’s Stripe payments as Stripe Connect transfers (decision 088)', {
      description:
        'Sends every Stripe payment not transferred yet: an attempt without a certain answer again under the same ' +
        'Idempotency-Key, a refused one as a new attempt. Sending twice, or from two places at once, transfers once.',
      params: adminIdParamSchema,
      response: { 200: adminPayoutTransfersSentResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.transfersSent,
      ...(await service.sendTransfers(staffId(request), request.params.id)),
    }),
  );

  app.post(
    '/payout-batches/:id/cancel',
    settlements.manage('Cancel a batch not yet paid: its payouts are reversed and owed again', {
      params: adminIdParamSchema,
      response: { 200: adminPayoutBatchSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.batchCancelled,
      data: await service.cancel(staffId(request), request.params.id),
    }),
  );

  app.post(
    '/consignors/:id/advances',
    settlements.manage('Record an advance paid to a consignor, recovered from their next proceeds', {
      params: adminIdParamSchema,
      body: adminAdvanceCreateSchema,
      response: { 201: adminAdvanceResponseSchema, ...staffErrors },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: m.advanceRecorded,
        data: await service.recordAdvance(staffId(request), request.params.id, request.body),
      }),
  );

  app.get(
    '/consignors/:id/statement',
    settlements.read('A consignor’s statement for a period, read from the journal', {
      description: '`from` included, `to` excluded (YYYY-MM-DD, UTC); default the current year.',
      params: adminIdParamSchema,
      querystring: adminStatementQuerySchema,
      response: { 200: adminStatementResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.statement(request.params.id, request.query) }),
  );
  return Promise.resolve();
};
export default routes;
