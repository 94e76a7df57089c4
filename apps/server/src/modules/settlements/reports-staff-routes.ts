import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminConsignmentReportQuerySchema,
  adminConsignmentReportResponseSchema,
  adminConsignorReportQuerySchema,
  adminConsignorReportResponseSchema,
} from '@knotwork/shared/schemas/settlement-reports-staff';
import { staffErrors, staffRoutes } from '../../lib/staff-route.ts';

const reports = staffRoutes('staff: reports', 'settlement');

const PERIOD =
  '`from` included, `to` excluded (YYYY-MM-DD, UTC; default the last twelve whole months with this one). A lot ' +
  'counts in the period it closed in; its money is every journal entry posted for it (settlement and reversals).';
const csv = z.string().meta({ description: 'text/csv, UTF-8 with a byte-order mark' });

/**
 * Consignment reports in the back office (issue 27 §4): commission and fees per sale or per month, and the unsold
 * rate per consignor, as JSON for the screen and CSV for a spreadsheet. Accounts and admins (`settlement`).
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.settlementReports;

  app.get(
    '/reports/consignments',
    reports.read('Consigned lots, hammer, commission, fees, VAT and net per sale or per month', {
      description: PERIOD,
      querystring: adminConsignmentReportQuerySchema,
      response: { 200: adminConsignmentReportResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.consignments(request.query) }),
  );

  app.get(
    '/reports/consignments/csv',
    reports.read('The consignments report as CSV', {
      description: PERIOD,
      querystring: adminConsignmentReportQuerySchema,
      response: { 200: csv, ...staffErrors },
    }),
    async (request, reply) => {
      const file = await service.consignmentsCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/reports/consignors',
    reports.read('Per consignor: lots offered, sold and unsold (the unsold rate), hammer, commission', {
      description: PERIOD,
      querystring: adminConsignorReportQuerySchema,
      response: { 200: adminConsignorReportResponseSchema, ...staffErrors },
    }),
    async (request) => ({ data: await service.consignors(request.query) }),
  );

  app.get(
    '/reports/consignors/csv',
    reports.read('The consignors report as CSV', {
      description: PERIOD,
      querystring: adminConsignorReportQuerySchema,
      response: { 200: csv, ...staffErrors },
    }),
    async (request, reply) => {
      const file = await service.consignorsCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  return Promise.resolve();
};
export default routes;
