import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamSchema } from '@knotwork/shared/schemas/sales-staff';
import {
  adminReofferCreateSchema,
  adminReofferItemListResponseSchema,
  adminReofferItemParamSchema,
  adminReofferItemSavedResponseSchema,
  adminReofferParamSchema,
  reofferMessages as m,
} from '@knotwork/shared/schemas/consignment-reoffers';
import { staffErrors, staffId, staffRoutes } from '../../lib/staff-route.ts';

const consignments = staffRoutes('staff: consignors', 'consignment');

/**
 * Returning and re-offering unsold rugs in the back office (issue 27 §2, decision 089), registered by the consignors'
 * staff routes. Specialists and admins act (`manage consignment`); accounts read.
 */
export function reofferStaffRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const service = app.services.reoffers;

  app.get(
    '/consignments/:id/reoffers',
    consignments.read(
      'The receipt’s rugs: each one’s lot, whether it can be returned or re-offered, its proposals',
      {
        params: adminIdParamSchema,
        response: { 200: adminReofferItemListResponseSchema, ...staffErrors },
      },
    ),
    async (request) => ({ data: await service.items(request.params.id) }),
  );

  app.post(
    '/consignments/:id/items/:itemId/reoffers',
    consignments.manage(
      'Propose to offer an unsold rug again: a sale, a new estimate and reserve, new terms',
      {
        description:
          'The rug’s lot must have closed unsold (or passed) and the sale must still take lots (draft, or scheduled and not started). A pending proposal of the same rug is superseded. The consignor is mailed and accepts or declines in the portal.',
        params: adminReofferItemParamSchema,
        body: adminReofferCreateSchema,
        response: { 201: adminReofferItemSavedResponseSchema, ...staffErrors },
      },
    ),
    async (request, reply) =>
      reply.code(201).send({
        message: m.reofferProposed,
        data: await service.propose(staffId(request), request.params.id, request.params.itemId, request.body),
      }),
  );

  app.post(
    '/consignments/:id/reoffers/:reofferId/withdraw',
    consignments.manage('Withdraw a pending re-offer proposal (again: no change; accepted: 409)', {
      params: adminReofferParamSchema,
      response: { 200: adminReofferItemSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.reofferWithdrawnByStaff,
      data: await service.withdraw(staffId(request), request.params.id, request.params.reofferId),
    }),
  );

  app.post(
    '/consignments/:id/items/:itemId/return',
    consignments.manage('Record an unsold rug as returned to its consignor (it leaves the catalogue)', {
      params: adminReofferItemParamSchema,
      response: { 200: adminReofferItemSavedResponseSchema, ...staffErrors },
    }),
    async (request) => ({
      message: m.itemReturned,
      data: await service.returnItem(staffId(request), request.params.id, request.params.itemId),
    }),
  );
}
