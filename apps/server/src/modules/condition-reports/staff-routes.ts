import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminConditionAnswerSchema,
  adminConditionListResponseSchema,
  adminConditionLotResponseSchema,
  adminConditionLotSavedSchema,
  adminConditionPhotoResponseSchema,
  adminConditionQuerySchema,
  conditionReportStaffMessages as m,
} from '@knotwork/shared/schemas/condition-reports';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import { staffErrors, staffId, staffImageUploadRoute, staffRoutes } from '../../lib/staff-route.ts';

/**
 * The specialist desk of condition reports (issue 29 §2, decision 095): the requests with their clocks, overdue
 * first; a lot's requests and report versions; a photo through the media pipeline; a new version (answer or
 * correction). Specialists and admins write; accounts read.
 */
// Registers synchronously; Fastify's plugin type wants a promise.
const routes: FastifyPluginAsyncZod = (app) => {
  const reports = app.services.conditionReports;
  const area = staffRoutes('staff: condition reports', 'condition');

  app.get(
    '/condition-reports',
    area.read('Condition report requests: open (overdue first, then by due time), overdue, answered or all', {
      querystring: adminConditionQuerySchema,
      response: { 200: adminConditionListResponseSchema, ...staffErrors },
    }),
    async (request) => reports.desk(request.query),
  );

  app.get(
    '/condition-reports/lots/:id',
    area.read(
      'A lot at the desk: the lot, its requests with their questions, and every version of its report',
      {
        params: adminIdParamSchema,
        response: { 200: adminConditionLotResponseSchema, ...staffErrors },
      },
    ),
    async (request) => ({ data: await reports.lot(request.params.id) }),
  );

  staffImageUploadRoute(app, '/condition-reports/lots/:id/photos', {
    routes: area,
    summary:
      'Upload a photo for the lot’s report (multipart/form-data, one `file`), re-encoded; name it in the next version',
    response: adminConditionPhotoResponseSchema,
    message: m.photoSaved,
    save: (_staff, id, file) => reports.addPhoto(id, file),
  });

  app.post(
    '/condition-reports/lots/:id/report',
    area.manage(
      'Publish a new version of the lot’s report (text and photos): open requests are answered, and everyone who had an earlier version is sent the correction',
      {
        params: adminIdParamSchema,
        body: adminConditionAnswerSchema,
        response: { 200: adminConditionLotSavedSchema, ...staffErrors },
      },
    ),
    async (request) => reports.answer(staffId(request), request.params.id, request.body),
  );
  return Promise.resolve();
};
export default routes;
